package io.gatefork.gateway.rest.elementinstance;

import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.gateway.rest.validation.LongKeys;
import io.gatefork.service.RequestContext;
import io.gatefork.service.adhocsubprocess.ActivateAdHocSubProcessActivities;
import io.gatefork.service.adhocsubprocess.AdHocSubProcessServices;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.validation.FieldRules;
import io.gatefork.service.variable.SetVariables;
import io.gatefork.service.variable.VariableServices;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Commands on element instances: set variables in a scope, activate ad-hoc activities. */
@RestController
@RequestMapping(
    path = "/v2/element-instances",
    consumes = MediaType.APPLICATION_JSON_VALUE,
    produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
public class ElementInstanceController {
  private final VariableServices variableServices;
  private final AdHocSubProcessServices adHocSubProcessServices;

  public ElementInstanceController(
      final VariableServices variableServices,
      final AdHocSubProcessServices adHocSubProcessServices) {
    this.variableServices = variableServices;
    this.adHocSubProcessServices = adHocSubProcessServices;
  }

  /** 204; {@code local} false (the default) updates each variable where it is visible. */
  @GatewayOperation(Operation.SET_VARIABLES)
  @PutMapping("/{elementInstanceKey}/variables")
  public CompletableFuture<ResponseEntity<Object>> createElementInstanceVariables(
      @PathVariable final String elementInstanceKey,
      @RequestBody final SetVariablesRequest body,
      final RequestContext context) {
    final long key = LongKeys.parse("elementInstanceKey", elementInstanceKey);
    final SetVariables command =
        new SetVariables(
            key,
            FieldRules.require("variables", body.variables()),
            Boolean.TRUE.equals(body.local()),
            body.operationReference());
    return AsyncResponses.noContent(
        variableServices.setVariables(context, command).thenApply(documentKey -> null));
  }

  /** 204 once the broker activated the elements. */
  @GatewayOperation(Operation.ACTIVATE_AD_HOC_ACTIVITIES)
  @PostMapping("/ad-hoc-activities/{adHocSubProcessInstanceKey}/activation")
  public CompletableFuture<ResponseEntity<Object>> activateAdHocSubProcessActivities(
      @PathVariable final String adHocSubProcessInstanceKey,
      @RequestBody final AdHocActivitiesActivationRequest body,
      final RequestContext context) {
    final long key = LongKeys.parse("adHocSubProcessInstanceKey", adHocSubProcessInstanceKey);
    return AsyncResponses.noContent(
        adHocSubProcessServices.activateActivities(
            context,
            new ActivateAdHocSubProcessActivities(
                key,
                toElements(body.elements()),
                Boolean.TRUE.equals(body.cancelRemainingInstances()))));
  }

  /** As given, nulls included: the command checks the elements and their ids. */
  private static List<ActivateAdHocSubProcessActivities.Element> toElements(
      final List<AdHocActivitiesActivationRequest.Element> elements) {
    if (elements == null) {
      return null;
    }
    final var activations = new ArrayList<ActivateAdHocSubProcessActivities.Element>();
    for (final var element : elements) {
      activations.add(
          element == null
              ? null
              : new ActivateAdHocSubProcessActivities.Element(
                  element.elementId(), element.variables()));
    }
    return activations;
  }
}

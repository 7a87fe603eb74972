package io.gatefork.gateway.rest.decision;

import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.gateway.rest.validation.LongKeys;
import io.gatefork.service.RequestContext;
import io.gatefork.service.auth.TenantAccess;
import io.gatefork.service.decision.DecisionEvaluationResult;
import io.gatefork.service.decision.DecisionServices;
import io.gatefork.service.decision.EvaluateDecision;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.validation.FieldRules;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class DecisionController {
  private final DecisionServices decisionServices;

  public DecisionController(final DecisionServices decisionServices) {
    this.decisionServices = decisionServices;
  }

  /**
   * 200 with the evaluation; a decision that fails to evaluate is a result too (with {@code
   * failedDecisionDefinitionId} and {@code failureMessage} set), as in the stock gateway.
   */
  @GatewayOperation(Operation.EVALUATE_DECISION)
  @PostMapping(
      path = "/v2/decision-definitions/evaluation",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
  public CompletableFuture<ResponseEntity<Object>> evaluateDecision(
      @RequestBody final DecisionEvaluationRequest body, final RequestContext context) {
    final boolean byId = body.decisionDefinitionId() != null;
    final boolean byKey = body.decisionDefinitionKey() != null;
    FieldRules.requireOneOf("decisionDefinitionId, decisionDefinitionKey", byId, byKey);
    final var command =
        new EvaluateDecision(
            byKey ? LongKeys.parse("decisionDefinitionKey", body.decisionDefinitionKey()) : null,
            byId
                ? FieldRules.requireText("decisionDefinitionId", body.decisionDefinitionId())
                : null,
            body.variables(),
            TenantAccess.named(context.caller(), context.operation(), "tenantId", body.tenantId()));
    return AsyncResponses.ok(
        decisionServices.evaluate(context, command), DecisionController::toResponse);
  }

  static DecisionEvaluationResponse toResponse(final DecisionEvaluationResult result) {
    final var decisions =
        new ArrayList<DecisionEvaluationResponse.EvaluatedDecision>(
            result.evaluatedDecisions().size());
    for (final var decision : result.evaluatedDecisions()) {
      decisions.add(
          new DecisionEvaluationResponse.EvaluatedDecision(
              decision.decisionId(),
              decision.decisionName(),
              decision.decisionVersion(),
              decision.decisionType(),
              decision.decisionOutput(),
              decision.tenantId(),
              matchedRules(decision.matchedRules()),
              inputs(decision.evaluatedInputs()),
              Long.toString(decision.decisionKey()),
              decision.decisionEvaluationInstanceKey()));
    }
    final String evaluationKey = Long.toString(result.decisionEvaluationKey());
    return new DecisionEvaluationResponse(
        result.decisionId(),
        result.decisionName(),
        result.decisionVersion(),
        result.decisionRequirementsId(),
        result.decisionOutput(),
        result.failedDecisionId(),
        result.failureMessage(),
        result.tenantId(),
        Long.toString(result.decisionKey()),
        Long.toString(result.decisionRequirementsKey()),
        evaluationKey,
        evaluationKey,
        decisions);
  }

  private static List<DecisionEvaluationResponse.MatchedRule> matchedRules(
      final List<DecisionEvaluationResult.MatchedRule> rules) {
    final var mapped = new ArrayList<DecisionEvaluationResponse.MatchedRule>(rules.size());
    for (final var rule : rules) {
      final var outputs =
          new ArrayList<DecisionEvaluationResponse.EvaluatedOutput>(rule.evaluatedOutputs().size());
      for (final var output : rule.evaluatedOutputs()) {
        outputs.add(
            new DecisionEvaluationResponse.EvaluatedOutput(
                output.outputId(), output.outputName(), output.outputValue()));
      }
      mapped.add(
          new DecisionEvaluationResponse.MatchedRule(rule.ruleId(), rule.ruleIndex(), outputs));
    }
    return mapped;
  }

  private static List<DecisionEvaluationResponse.EvaluatedInput> inputs(
      final List<DecisionEvaluationResult.EvaluatedInput> inputs) {
    final var mapped = new ArrayList<DecisionEvaluationResponse.EvaluatedInput>(inputs.size());
    for (final var input : inputs) {
      mapped.add(
          new DecisionEvaluationResponse.EvaluatedInput(
              input.inputId(), input.inputName(), input.inputValue()));
    }
    return mapped;
  }
}

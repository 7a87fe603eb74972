package io.gatefork.gateway.rest.incident;

import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.gateway.rest.validation.LongKeys;
import io.gatefork.gateway.rest.validation.OperationReferenceRequest;
import io.gatefork.service.RequestContext;
import io.gatefork.service.incident.IncidentServices;
import io.gatefork.service.operation.Operation;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class IncidentController {
  private final IncidentServices incidentServices;

  public IncidentController(final IncidentServices incidentServices) {
    this.incidentServices = incidentServices;
  }

  /** 204; for a job incident, raise the job's retries first. The body is optional. */
  @GatewayOperation(Operation.RESOLVE_INCIDENT)
  @PostMapping(
      path = "/v2/incidents/{incidentKey}/resolution",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
  public CompletableFuture<ResponseEntity<Object>> resolveIncident(
      @PathVariable final String incidentKey,
      @RequestBody(required = false) final OperationReferenceRequest body,
      final RequestContext context) {
    final long key = LongKeys.parse("incidentKey", incidentKey);
    return AsyncResponses.noContent(
        incidentServices.resolve(context, key, OperationReferenceRequest.of(body)));
  }
}

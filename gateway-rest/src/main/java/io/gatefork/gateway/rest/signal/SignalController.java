package io.gatefork.gateway.rest.signal;

import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.service.RequestContext;
import io.gatefork.service.auth.TenantAccess;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.signal.BroadcastSignal;
import io.gatefork.service.signal.SignalServices;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class SignalController {
  private final SignalServices signalServices;

  public SignalController(final SignalServices signalServices) {
    this.signalServices = signalServices;
  }

  /** 200 {@code {signalKey, tenantId}} once the broadcast is accepted. */
  @GatewayOperation(Operation.BROADCAST_SIGNAL)
  @PostMapping(
      path = "/v2/signals/broadcast",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
  public CompletableFuture<ResponseEntity<Object>> broadcastSignal(
      @RequestBody final SignalBroadcastRequest body, final RequestContext context) {
    final var command =
        new BroadcastSignal(
            body.signalName(),
            body.variables(),
            TenantAccess.named(context.caller(), context.operation(), "tenantId", body.tenantId()));
    return AsyncResponses.ok(
        signalServices.broadcast(context, command),
        broadcasted ->
            new SignalBroadcastResponse(
                broadcasted.tenantId(), Long.toString(broadcasted.signalKey())));
  }
}

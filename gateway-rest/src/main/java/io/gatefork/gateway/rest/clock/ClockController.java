package io.gatefork.gateway.rest.clock;

import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.service.RequestContext;
import io.gatefork.service.clock.ClockServices;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.validation.FieldRules;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** Pins the engine's clock and resets it (brokers with a controllable clock only). */
@RestController
public class ClockController {
  private final ClockServices clockServices;

  public ClockController(final ClockServices clockServices) {
    this.clockServices = clockServices;
  }

  @GatewayOperation(Operation.PIN_CLOCK)
  @PutMapping(
      path = "/v2/clock",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
  public CompletableFuture<ResponseEntity<Object>> pinClock(
      @RequestBody final ClockPinRequest body, final RequestContext context) {
    final long timestamp =
        FieldRules.notNegative("timestamp", FieldRules.require("timestamp", body.timestamp()), 0);
    return AsyncResponses.noContent(clockServices.pin(context, timestamp));
  }

  /** No body: back to the system clock. */
  @GatewayOperation(Operation.RESET_CLOCK)
  @PostMapping(
      path = "/v2/clock/reset",
      produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
  public CompletableFuture<ResponseEntity<Object>> resetClock(final RequestContext context) {
    return AsyncResponses.noContent(clockServices.reset(context));
  }
}

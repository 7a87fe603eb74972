package io.gatefork.gateway.rest.topology;

import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.service.RequestContext;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.topology.TopologyServices;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /v2/status}: 204 when at least one partition has a leader, 503 otherwise, never a
 * body. Unauthenticated (probes call it) and local, hence synchronous.
 */
@RestController
public class StatusController {
  private static final ResponseEntity<Void> UP = ResponseEntity.noContent().build();
  private static final ResponseEntity<Void> DOWN = ResponseEntity.status(503).build();

  private final TopologyServices topologyServices;

  public StatusController(final TopologyServices topologyServices) {
    this.topologyServices = topologyServices;
  }

  @GatewayOperation(Operation.STATUS)
  @GetMapping("/v2/status")
  public ResponseEntity<Void> status(final RequestContext context) {
    // answered locally: the context is taken only to enter the request (stage timing)
    return topologyServices.isClusterReachable() ? UP : DOWN;
  }
}

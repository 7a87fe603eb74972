package io.gatefork.gateway.rest.topology;

import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.service.RequestContext;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.topology.TopologyServices;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /v2/topology}. The topology is the broker client's local view (no broker round trip),
 * so this answers synchronously and skips the async dispatch the future-returning endpoints pay
 * for.
 */
@RestController
public class TopologyController {
  private final TopologyServices topologyServices;

  public TopologyController(final TopologyServices topologyServices) {
    this.topologyServices = topologyServices;
  }

  @GatewayOperation(Operation.TOPOLOGY)
  @GetMapping(path = "/v2/topology", produces = MediaType.APPLICATION_JSON_VALUE)
  public TopologyResponse topology(final RequestContext context) {
    // answered locally: the context is taken only to enter the request (stage timing)
    return TopologyResponseMapper.toResponse(topologyServices.topology());
  }
}

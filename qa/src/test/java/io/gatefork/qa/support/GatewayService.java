package io.gatefork.qa.support;

import io.camunda.client.CamundaClient;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Several gateways behind one address per API, as behind a Kubernetes Service: a {@link
 * ServiceProxy} for REST and one for gRPC, each sending a new connection to the next ready gateway.
 * Clients made here never know which gateway serves them.
 */
public final class GatewayService implements AutoCloseable {
  private final List<GatewayContainer> gateways = new CopyOnWriteArrayList<>();
  private final ServiceProxy rest = new ServiceProxy(port -> ready(port));
  private final ServiceProxy grpc = new ServiceProxy(port -> ready(port));

  /** Puts a started gateway behind the Service; it gets new connections while it is ready. */
  public GatewayService add(final GatewayContainer gateway) {
    gateways.add(gateway);
    rest.addBackend(gateway.restPort());
    grpc.addBackend(gateway.grpcPort());
    return this;
  }

  /** The official client through the Service, over REST ({@code rest}) or gRPC, plaintext. */
  public CamundaClient client(final boolean rest) {
    return CamundaClient.newClientBuilder()
        .restAddress(URI.create("http://127.0.0.1:" + this.rest.port()))
        .grpcAddress(URI.create("http://127.0.0.1:" + grpc.port()))
        .preferRestOverGrpc(rest)
        .defaultRequestTimeout(Duration.ofSeconds(20))
        .defaultJobPollInterval(Duration.ofMillis(100))
        .build();
  }

  /** New connections the Service gave this gateway, both APIs. */
  public long connectionsTo(final GatewayContainer gateway) {
    return rest.connectionsTo(gateway.restPort()) + grpc.connectionsTo(gateway.grpcPort());
  }

  /** Client requests this gateway has answered, both APIs ({@code gatefork_request_stage}). */
  public static double requestsServedBy(final GatewayContainer gateway) {
    return gateway.prometheusSum("gatefork_request_stage_seconds_count", "stage=\"total\"");
  }

  private boolean ready(final int port) {
    for (final GatewayContainer gateway : gateways) {
      if (gateway.restPort() == port || gateway.grpcPort() == port) {
        try {
          return gateway.isRunning()
              && gateway.management("/actuator/health/readiness").statusCode() == 200;
        } catch (final RuntimeException down) {
          return false;
        }
      }
    }
    return false;
  }

  @Override
  public void close() {
    rest.close();
    grpc.close();
  }
}

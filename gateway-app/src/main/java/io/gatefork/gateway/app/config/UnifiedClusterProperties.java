package io.gatefork.gateway.app.config;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The 8.8 unified keys ({@code camunda.cluster.*}); when set they win over the legacy {@code
 * zeebe.gateway.cluster.*} keys ({@link ClusterProperties}, which hold the defaults), as in the
 * stock 8.8 gateway.
 *
 * @param initialContactPoints unified form of {@code zeebe.gateway.cluster.initialContactPoints}
 * @param name unified form of {@code zeebe.gateway.cluster.clusterName}
 * @param network the cluster messaging's addresses
 */
@ConfigurationProperties("camunda.cluster")
public record UnifiedClusterProperties(
    List<String> initialContactPoints, String name, Network network) {

  /**
   * @param internalApi the cluster messaging's bind and advertised address
   * @param advertisedHost unified form of {@code zeebe.gateway.cluster.advertisedHost}; {@code
   *     internal-api.advertised-host} wins over it
   */
  public record Network(InternalApi internalApi, String advertisedHost) {}

  /**
   * @param host unified form of {@code zeebe.gateway.cluster.host}
   * @param port unified form of {@code zeebe.gateway.cluster.port}
   * @param advertisedHost unified form of {@code zeebe.gateway.cluster.advertisedHost}
   * @param advertisedPort unified form of {@code zeebe.gateway.cluster.advertisedPort}
   */
  public record InternalApi(
      String host, Integer port, String advertisedHost, Integer advertisedPort) {}
}

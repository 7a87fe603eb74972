package io.gatefork.dist.config;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The 8.8 unified keys ({@code camunda.cluster.*}); when set they win over the legacy {@code
 * zeebe.gateway.cluster.*} keys, as in the stock 8.8 gateway.
 */
@ConfigurationProperties("camunda.cluster")
public record UnifiedClusterProperties(
    List<String> initialContactPoints, String name, Network network) {

  public record Network(InternalApi internalApi, String advertisedHost) {}

  public record InternalApi(String host, Integer port, String advertisedHost, Integer advertisedPort) {}
}

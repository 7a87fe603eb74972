package io.gatefork.gateway.rest.connection;

import io.gatefork.gateway.rest.config.RestFrontEndProperties;
import io.gatefork.service.connection.ConnectionsPerAddress;
import io.gatefork.service.operation.Api;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.catalina.connector.Connector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;

/**
 * Gives the API connector its bounds per client: open connections per remote address ({@code
 * gatefork.rest.max-connections-per-address}) and requests a connection has served in a row ({@code
 * gatefork.rest.max-pipelined-requests}). The connector speaks {@link ClientBoundsProtocol} (or its
 * subclass {@link KeepAliveOnErrorProtocol}, set by {@link ConnectionConfiguration}), which is
 * given the resolved bounds before it starts. Both are resolved from the connector's own settings
 * ({@code maxConnections}, {@code maxKeepAliveRequests}), hence after Spring Boot's customizers.
 */
final class ClientBounds
    implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {
  private static final Logger LOG = LoggerFactory.getLogger(ClientBounds.class);

  private final RestFrontEndProperties properties;
  private final MeterRegistry registry;

  ClientBounds(final RestFrontEndProperties properties, final MeterRegistry registry) {
    this.properties = properties;
    this.registry = registry;
  }

  @Override
  public void customize(final TomcatServletWebServerFactory factory) {
    if (properties.maxConnectionsPerAddress() < 0 && properties.maxPipelinedRequests() <= 0) {
      return; // switched off: the stock protocol unless keep-alive-on-error sets its own
    }
    if (!properties.keepAliveOnError()) {
      factory.setProtocol(ClientBoundsProtocol.class.getName());
    }
    factory.addConnectorCustomizers(this::bound);
  }

  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }

  private void bound(final Connector connector) {
    if (!(connector.getProtocolHandler() instanceof final ClientBoundsProtocol protocol)) {
      LOG.warn(
          "The REST connector speaks {}: connections per address and pipelined requests are not"
              + " bounded",
          connector.getProtocolHandlerClassName());
      return;
    }
    final int perAddress = properties.connectionsPerAddress(protocol.getMaxConnections());
    if (perAddress > 0) {
      protocol.limitConnectionsPerAddress(
          new ConnectionsPerAddress(perAddress, Api.REST, registry));
    }
    if (properties.maxPipelinedRequests() > 0) {
      protocol.boundPipelinedRequests(properties.maxPipelinedRequests());
    }
  }
}

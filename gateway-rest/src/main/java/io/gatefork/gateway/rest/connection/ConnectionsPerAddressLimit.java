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
 * Limits the open connections per remote address of the API connector ({@code
 * gatefork.rest.max-connections-per-address}): the connector speaks {@link
 * ConnectionsPerAddressProtocol} (or its subclass {@link KeepAliveOnErrorProtocol}, set by {@link
 * ConnectionConfiguration}), which is given the resolved limit before it starts. The default is
 * resolved from the connector's own {@code maxConnections}, hence after Spring Boot's customizers.
 */
final class ConnectionsPerAddressLimit
    implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {
  private static final Logger LOG = LoggerFactory.getLogger(ConnectionsPerAddressLimit.class);

  private final RestFrontEndProperties properties;
  private final MeterRegistry registry;

  ConnectionsPerAddressLimit(
      final RestFrontEndProperties properties, final MeterRegistry registry) {
    this.properties = properties;
    this.registry = registry;
  }

  @Override
  public void customize(final TomcatServletWebServerFactory factory) {
    if (properties.maxConnectionsPerAddress() < 0) {
      return; // switched off: the stock protocol unless keep-alive-on-error sets its own
    }
    if (!properties.keepAliveOnError()) {
      factory.setProtocol(ConnectionsPerAddressProtocol.class.getName());
    }
    factory.addConnectorCustomizers(this::limit);
  }

  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }

  private void limit(final Connector connector) {
    if (!(connector.getProtocolHandler() instanceof final ConnectionsPerAddressProtocol protocol)) {
      LOG.warn(
          "The REST connector speaks {}: connections per address are not limited",
          connector.getProtocolHandlerClassName());
      return;
    }
    final int limit = properties.connectionsPerAddress(protocol.getMaxConnections());
    if (limit > 0) {
      protocol.limitConnectionsPerAddress(new ConnectionsPerAddress(limit, Api.REST, registry));
    }
  }
}

package io.gatefork.gateway.rest.connection;

import io.gatefork.gateway.rest.config.RestFrontEndProperties;
import java.time.Duration;
import java.util.Objects;
import java.util.stream.Stream;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.web.ServerProperties;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/**
 * With {@code gatefork.rest.max-connection-age} set, the API's Tomcat ends HTTP/1.1 connections of
 * that age ({@link AgedConnectionCloser}); with 0 nothing is registered and requests pay nothing.
 * (The management server keeps its own Tomcat.)
 */
@Configuration(proxyBeanMethods = false)
@Conditional(OnMaxConnectionAge.class)
class ConnectionAgeConfiguration {
  /** Tomcat's own idle timeout when none is set. */
  private static final Duration TOMCAT_DEFAULT_IDLE = Duration.ofSeconds(60);

  /** Spring Boot's {@code server.tomcat.max-connections} when none is set. */
  private static final int TOMCAT_MAX_CONNECTIONS = 8_192;

  /** Beyond the longest idle time Tomcat keeps a connection, so a forgotten one is closed. */
  private static final Duration FORGET_MARGIN = Duration.ofMinutes(1);

  @Bean
  public WebServerFactoryCustomizer<TomcatServletWebServerFactory> gatewayRestMaxConnectionAge(
      final RestFrontEndProperties properties, final ObjectProvider<ServerProperties> server) {
    final Duration forgetAfter = longestIdle(server.getIfAvailable()).plus(FORGET_MARGIN);
    return factory ->
        factory.addEngineValves(
            new AgedConnectionCloser(
                new ConnectionAges(
                    properties.maxConnectionAge(),
                    forgetAfter,
                    maxEntries(server.getIfAvailable()))));
  }

  /**
   * Twice the connections Tomcat keeps open at once: the open ones and as many closed ones not yet
   * forgotten. A connection whose entry is evicted counts as new: at worst it lives one more age.
   */
  private static long maxEntries(final ServerProperties server) {
    final int open =
        server == null ? TOMCAT_MAX_CONNECTIONS : server.getTomcat().getMaxConnections();
    return 2L * Math.max(open, 1);
  }

  private static Duration longestIdle(final ServerProperties server) {
    if (server == null) {
      return TOMCAT_DEFAULT_IDLE;
    }
    final var tomcat = server.getTomcat();
    return Stream.of(tomcat.getKeepAliveTimeout(), tomcat.getConnectionTimeout())
        .filter(Objects::nonNull)
        .max(Duration::compareTo)
        .orElse(TOMCAT_DEFAULT_IDLE);
  }
}

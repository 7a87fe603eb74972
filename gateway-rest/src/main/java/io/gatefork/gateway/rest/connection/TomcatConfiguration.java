package io.gatefork.gateway.rest.connection;

import io.gatefork.gateway.rest.config.RestFrontEndProperties;
import io.gatefork.service.overload.Admission;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;

/**
 * Everything gatefork sets on Tomcat, the REST edge's servlet container: this package is the only
 * one that uses Tomcat's classes (ModuleLayeringTest). On another container (built only for the
 * container comparison, {@code -Dgatefork.rest.container}) none of it is registered: errors then
 * close connections as that container does, and admission sees no wait before a request thread.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "org.apache.catalina.startup.Tomcat")
@Import({ConnectionConfiguration.class, ConnectionAgeConfiguration.class})
public class TomcatConfiguration {

  /**
   * A stalled request body times out after {@code gatefork.rest.body-read-timeout}, whatever the
   * connection timeout; a refused body's connection closes without reading the rest.
   */
  @Bean
  WebServerFactoryCustomizer<TomcatServletWebServerFactory> gatewayRestBodyReadTimeout(
      final RestFrontEndProperties properties) {
    return new BodyReadTimeout(properties.bodyReadTimeout());
  }

  /** Idle connections time out sooner while the connector holds many of them. */
  @Bean
  WebServerFactoryCustomizer<TomcatServletWebServerFactory> gatewayRestConnectionPressure(
      final RestFrontEndProperties properties) {
    return new ConnectionPressure(
        properties.connectionPressure(), properties.idleTimeoutUnderPressure());
  }

  /**
   * One client address holds at most {@code gatefork.rest.max-connections-per-address}, and one
   * connection has at most {@code gatefork.rest.max-pipelined-requests} served in a row.
   */
  @Bean
  WebServerFactoryCustomizer<TomcatServletWebServerFactory> gatewayRestClientBounds(
      final RestFrontEndProperties properties, final ObjectProvider<MeterRegistry> registry) {
    return new ClientBounds(properties, registry.getIfAvailable(SimpleMeterRegistry::new));
  }

  /** Paths with {@code %2F} reach the firewall (and its ProblemDetail) instead of Tomcat's 400. */
  @Bean
  WebServerFactoryCustomizer<TomcatServletWebServerFactory>
      gatewayRestEncodedSlashesToTheFirewall() {
    return new EncodedSlashesToTheFirewall();
  }

  /**
   * The wait before admission, measured from Tomcat's hand-over, request threads sized by the CPUs
   * unless {@code server.tomcat.threads.max} is set, and taken in a fair order when admission is
   * shared among callers ({@link DispatchTimes}); nothing with admission off.
   */
  @Bean
  WebServerFactoryCustomizer<TomcatServletWebServerFactory> gatewayRestDispatchTimes(
      final ObjectProvider<Admission> admission,
      final Environment environment,
      final RestFrontEndProperties properties) {
    final Admission admitting = admission.getIfAvailable(() -> Admission.OFF);
    return admitting == Admission.OFF
        ? factory -> {}
        : DispatchTimes.customizer(
            environment.containsProperty("server.tomcat.threads.max"),
            admitting.sharesByCaller(),
            properties.threadsPerAddress(Runtime.getRuntime().availableProcessors()));
  }
}

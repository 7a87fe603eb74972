package io.gatefork.gateway.rest.connection;

import io.gatefork.gateway.rest.frontend.RestFrontEndProperties;
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
public class ConnectionAgeConfiguration {

  @Bean
  public WebServerFactoryCustomizer<TomcatServletWebServerFactory> gatewayRestMaxConnectionAge(
      final RestFrontEndProperties properties) {
    return factory ->
        factory.addEngineValves(
            new AgedConnectionCloser(new ConnectionAges(properties.maxConnectionAge())));
  }
}

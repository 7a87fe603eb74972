package io.gatefork.gateway.rest.connection;

import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/**
 * How the REST server's HTTP/1.1 connections are kept: with {@code
 * gatefork.rest.keep-alive-on-error} on, the API's Tomcat connector speaks {@link
 * KeepAliveOnErrorProtocol} and the answers Spring MVC writes are marked by {@link
 * KeptStatusBodyAdvice}. (The management server keeps its own connector.)
 */
@Configuration(proxyBeanMethods = false)
@Conditional(OnKeepAliveOnError.class)
class ConnectionConfiguration {

  @Bean
  public WebServerFactoryCustomizer<TomcatServletWebServerFactory> gatewayRestKeepAliveOnError() {
    return factory -> factory.setProtocol(KeepAliveOnErrorProtocol.class.getName());
  }

  @Bean
  KeptStatusBodyAdvice gatewayRestKeptStatusBodyAdvice() {
    return new KeptStatusBodyAdvice();
  }
}

package io.gatefork.gateway.app.connection;

import jakarta.servlet.Filter;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;

/** Records the HTTP version of every API request the server receives, as the server saw it. */
@TestConfiguration(proxyBeanMethods = false)
class ProtocolRecorder {
  static final Queue<String> SEEN = new ConcurrentLinkedQueue<>();

  @Bean
  FilterRegistrationBean<Filter> protocolRecorder() {
    final Filter filter =
        (request, response, chain) -> {
          SEEN.add(request.getProtocol());
          chain.doFilter(request, response);
        };
    final var registration = new FilterRegistrationBean<>(filter);
    registration.addUrlPatterns("/v2/*");
    return registration;
  }
}

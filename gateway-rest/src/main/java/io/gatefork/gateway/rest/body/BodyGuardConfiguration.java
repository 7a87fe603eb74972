package io.gatefork.gateway.rest.body;

import io.gatefork.gateway.rest.config.RestFilterOrder;
import io.gatefork.gateway.rest.config.RestFrontEndProperties;
import io.gatefork.gateway.rest.connection.DispatchTimes;
import io.gatefork.service.overload.Admission;
import jakarta.servlet.DispatcherType;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.web.ServerProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/** Puts the {@link RequestBodyGuard} in front of the REST API, before admission and security. */
@Configuration(proxyBeanMethods = false)
public class BodyGuardConfiguration {

  @Bean
  public FilterRegistrationBean<RequestBodyGuard> gatewayRestRequestBodyGuard(
      final RestFrontEndProperties properties,
      final ObjectProvider<Admission> admission,
      final ObjectProvider<ServerProperties> server,
      final Environment environment) {
    final int places =
        properties.maxWaitingBodies() > 0
            ? properties.maxWaitingBodies()
            : Math.max(
                1,
                DispatchTimes.requestThreads(
                        admission.getIfAvailable(() -> Admission.OFF) != Admission.OFF,
                        environment.containsProperty("server.tomcat.threads.max"),
                        server
                            .getIfAvailable(ServerProperties::new)
                            .getTomcat()
                            .getThreads()
                            .getMax())
                    / 2);
    final var registration =
        new FilterRegistrationBean<>(
            new RequestBodyGuard(
                properties.maxBodySize().toBytes(),
                properties.bodyReadTimeout(),
                places,
                properties.waitingBodiesPerAddress(places),
                properties.writeTimeout()));
    registration.setName("gatewayRestRequestBodyGuard");
    registration.setOrder(RestFilterOrder.BODY_GUARD);
    registration.setDispatcherTypes(DispatcherType.REQUEST);
    registration.addUrlPatterns("/v2/*");
    return registration;
  }
}

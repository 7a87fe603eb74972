package io.gatefork.gateway.rest.admission;

import io.gatefork.gateway.rest.config.RestFilterOrder;
import io.gatefork.gateway.rest.config.RestFrontEndProperties;
import io.gatefork.gateway.rest.operation.HandlerOperations;
import io.gatefork.service.auth.CallerAuthenticator;
import io.gatefork.service.overload.Admission;
import jakarta.servlet.DispatcherType;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Puts the application's {@link Admission} in front of the REST API ({@link AdmissionFilter}),
 * right after the stage timing and the {@code http.server.requests} filters; with admission off,
 * the filter is not registered. (Tomcat's part, the wait before a request thread: the connection
 * package's {@code TomcatConfiguration}.)
 */
@Configuration(proxyBeanMethods = false)
public class AdmissionConfiguration {

  @Bean
  public FilterRegistrationBean<AdmissionFilter> gatewayRestAdmissionFilter(
      final ObjectProvider<Admission> admission,
      final HandlerOperations operations,
      @Qualifier("requestMappingHandlerMapping") final RequestMappingHandlerMapping mapping,
      final ObjectProvider<CallerAuthenticator> authenticator,
      final RestFrontEndProperties properties) {
    final Admission configured = admission.getIfAvailable(() -> Admission.OFF);
    final var registration =
        new FilterRegistrationBean<>(
            new AdmissionFilter(
                configured,
                operations,
                mapping,
                authenticator.getIfAvailable(() -> CallerAuthenticator.UNPROTECTED),
                properties.writeTimeout()));
    registration.setName("gatewayRestAdmissionFilter");
    registration.setOrder(RestFilterOrder.ADMISSION);
    registration.setDispatcherTypes(DispatcherType.REQUEST);
    registration.addUrlPatterns("/v2/*");
    registration.setEnabled(configured != Admission.OFF);
    return registration;
  }
}

package io.gatefork.gateway.rest.admission;

import io.gatefork.gateway.rest.stage.HandlerOperations;
import io.gatefork.service.overload.Admission;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Puts the application's {@link Admission} in front of the REST handlers ({@link
 * AdmissionInterceptor}); with admission off, nothing is registered.
 */
@Configuration(proxyBeanMethods = false)
public class AdmissionMvcConfiguration implements WebMvcConfigurer {
  private final ObjectProvider<Admission> admission;
  private final HandlerOperations operations;

  public AdmissionMvcConfiguration(
      final ObjectProvider<Admission> admission, final HandlerOperations operations) {
    this.admission = admission;
    this.operations = operations;
  }

  @Override
  public void addInterceptors(final InterceptorRegistry registry) {
    final Admission configured = admission.getIfAvailable();
    if (configured != null && configured != Admission.OFF) {
      registry.addInterceptor(new AdmissionInterceptor(configured, operations));
    }
  }
}

package io.gatefork.gateway.rest;

import io.gatefork.gateway.rest.admission.AdmissionConfiguration;
import io.gatefork.gateway.rest.body.BodyGuardConfiguration;
import io.gatefork.gateway.rest.config.RestFilterOrder;
import io.gatefork.gateway.rest.config.RestFrontEndProperties;
import io.gatefork.gateway.rest.connection.TlsWarmUpConfiguration;
import io.gatefork.gateway.rest.connection.TomcatConfiguration;
import io.gatefork.gateway.rest.contract.RestOperationCatalog;
import io.gatefork.gateway.rest.contract.ServedOpenApiDocument;
import io.gatefork.gateway.rest.contract.UnservedOperationMappings;
import io.gatefork.gateway.rest.error.ProblemRequestRejectedHandler;
import io.gatefork.gateway.rest.frontend.LeanFrontEndConfiguration;
import io.gatefork.gateway.rest.frontend.SpringInternals;
import io.gatefork.gateway.rest.json.StrictJsonBinding;
import io.gatefork.gateway.rest.operation.HandlerOperations;
import io.gatefork.gateway.rest.security.RestSecurityConfiguration;
import io.gatefork.gateway.rest.stage.RequestStageMvcConfiguration;
import io.gatefork.gateway.rest.stage.StageTimingFilter;
import io.gatefork.service.stage.RequestTracer;
import io.gatefork.service.stage.StageMetrics;
import jakarta.servlet.DispatcherType;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication.Type;
import org.springframework.boot.autoconfigure.security.servlet.SecurityAutoConfiguration;
import org.springframework.boot.autoconfigure.web.servlet.WebMvcAutoConfiguration;
import org.springframework.boot.autoconfigure.web.servlet.error.ErrorMvcAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.FilterType;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * The REST API v2 as an auto-configuration: the controllers and the error advice of this module,
 * the answers of the operations it does not serve (from the {@link RestOperationCatalog}), the
 * security filter chain and the stage-timing filter. The application provides a service bean for
 * every domain the controllers serve ({@code TopologyServices}, {@code DeploymentServices}, {@code
 * ProcessInstanceServices}, {@code JobServices}, {@code MessageServices}, {@code IncidentServices},
 * {@code VariableServices}, {@code SignalServices}, {@code DecisionServices}, {@code
 * ResourceServices}, {@code UserTaskServices}, {@code ClockServices}, {@code
 * AdHocSubProcessServices}, {@code BatchOperationServices}, {@code UserServices}, {@code
 * GroupServices}, {@code RoleServices}, {@code TenantServices}, {@code MappingRuleServices}, {@code
 * AuthorizationServices}) and a {@link StageMetrics}.
 *
 * <p>Runs before Spring Boot's security and MVC auto-configurations so that their defaults (the
 * default filter chain, the generic ProblemDetail advice) back off in favour of ours.
 */
@AutoConfiguration(
    before = {
      SecurityAutoConfiguration.class,
      WebMvcAutoConfiguration.class,
      ErrorMvcAutoConfiguration.class
    },
    beforeName = SpringInternals.MANAGEMENT_WEB_SECURITY)
@ConditionalOnWebApplication(type = Type.SERVLET)
@ComponentScan(
    basePackageClasses = GatewayRestConfiguration.class,
    useDefaultFilters = false,
    includeFilters =
        @Filter(
            type = FilterType.ANNOTATION,
            classes = {RestController.class, RestControllerAdvice.class}))
@EnableConfigurationProperties(RestFrontEndProperties.class)
@Import({
  BodyGuardConfiguration.class,
  AdmissionConfiguration.class,
  TomcatConfiguration.class,
  TlsWarmUpConfiguration.class,
  RestSecurityConfiguration.class,
  RequestStageMvcConfiguration.class,
  LeanFrontEndConfiguration.class
})
public class GatewayRestConfiguration {
  static final String API_URL_PATTERN = "/v2/*";

  /** First of all filters, on REQUEST dispatches of the API only. */
  @Bean
  public FilterRegistrationBean<StageTimingFilter> gatewayRestStageTimingFilter(
      final StageMetrics stageMetrics, final ObjectProvider<RequestTracer> tracer) {
    final var registration =
        new FilterRegistrationBean<>(new StageTimingFilter(stageMetrics, tracer.getIfAvailable()));
    registration.setName("gatewayRestStageTimingFilter");
    registration.setOrder(RestFilterOrder.STAGE_TIMING);
    registration.setDispatcherTypes(DispatcherType.REQUEST);
    registration.addUrlPatterns(API_URL_PATTERN);
    return registration;
  }

  /** The operation each handler declares, for stage timing and admission. */
  @Bean
  public HandlerOperations gatewayRestHandlerOperations() {
    return new HandlerOperations();
  }

  /** Request bodies bind strictly: a value of the wrong JSON type is a 400 naming the field. */
  @Bean
  public StrictJsonBinding gatewayRestStrictJsonBinding() {
    return new StrictJsonBinding();
  }

  /**
   * What Spring Security's firewall refuses is a 400 ProblemDetail; Spring Security's own wiring
   * (stock front end) picks this bean up, the lean front end passes it to its filter.
   */
  @Bean
  public ProblemRequestRejectedHandler gatewayRestRequestRejectedHandler(
      final RestFrontEndProperties properties) {
    return new ProblemRequestRejectedHandler(properties.writeTimeout());
  }

  @Bean
  public RestOperationCatalog gatewayRestOperationCatalog() {
    return RestOperationCatalog.load();
  }

  @Bean
  public UnservedOperationMappings gatewayRestUnservedOperationMappings(
      final RestOperationCatalog catalog,
      @Qualifier("requestMappingHandlerMapping")
          final RequestMappingHandlerMapping handlerMapping) {
    return new UnservedOperationMappings(catalog, handlerMapping);
  }

  @Bean
  public ServedOpenApiDocument gatewayRestServedOpenApiDocument(
      final RestOperationCatalog catalog) {
    return new ServedOpenApiDocument(catalog);
  }
}

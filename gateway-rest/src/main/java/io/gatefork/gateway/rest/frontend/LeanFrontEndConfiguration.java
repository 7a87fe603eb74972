package io.gatefork.gateway.rest.frontend;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatefork.gateway.rest.config.RestFilterOrder;
import io.gatefork.gateway.rest.config.RestFrontEnd;
import io.gatefork.gateway.rest.config.RestFrontEndProperties;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.DispatcherType;
import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.http.HttpMessageConverters;
import org.springframework.boot.autoconfigure.web.servlet.WebMvcRegistrations;
import org.springframework.boot.web.servlet.DelegatingFilterProxyRegistrationBean;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.json.MappingJackson2HttpMessageConverter;
import org.springframework.security.web.FilterChainProxy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.security.web.firewall.StrictHttpFirewall;
import org.springframework.web.filter.ServerHttpObservationFilter;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.HandlerMethodReturnValueHandler;
import org.springframework.web.servlet.DispatcherServlet;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.handler.HandlerExceptionResolverComposite;
import org.springframework.web.servlet.mvc.method.annotation.ExceptionHandlerExceptionResolver;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * The {@link RestFrontEnd#LEAN} front end: how Spring MVC and Spring Security are wired so that a
 * REST request makes one pass through them.
 *
 * <ul>
 *   <li>JSON request bodies are read by {@link JsonBodyArgumentResolver}, ahead of MVC's own
 *       resolver.
 *   <li>Futures returned by controllers are answered by {@link OnePassReturnValueHandler}, ahead of
 *       MVC's own async handlers; values returned at once, by controllers and by exception
 *       handlers, by {@link ValueAnswerReturnValueHandler}: both write through the non-blocking
 *       {@link AnswerWriter}.
 *   <li>Spring Security's filter chains run in a plain {@link FilterChainProxy} on the REQUEST
 *       dispatch only. Spring Boot's registration of {@code springSecurityFilterChain} is turned
 *       off: that bean wraps the chains in a filter that looks up the MVC handler of every request
 *       again, a cache for MVC request matchers, which gatefork does not use (its matchers are path
 *       patterns), and Boot registers it for every dispatcher type.
 *   <li>Its firewall checks header characters by a scan ({@link HeaderCharacters}) rather than
 *       regular expressions.
 *   <li>{@code http.server.requests} is recorded with cached timers ({@link
 *       ServerRequestsMetricsFilter}) instead of Spring's observation filter.
 *   <li>Request mappings are first tested by the literal start of their paths ({@link
 *       LiteralPrefixHandlerMapping}).
 *   <li>A {@code ServiceException} thrown by a handler (request validation, tenant checks) is
 *       answered by {@link ServiceExceptionAnswers}, ahead of MVC's exception-handler lookup.
 *   <li>The DispatcherServlet publishes no {@code ServletRequestHandledEvent} (nobody listens).
 * </ul>
 *
 * The management server's child context keeps its own, unchanged registration. What this relies on
 * below Spring's public API is named in {@link SpringInternals}.
 */
@Configuration(proxyBeanMethods = false)
@Conditional(OnLeanFrontEnd.class)
public class LeanFrontEndConfiguration {
  /** JSON through the same ObjectMapper as Spring MVC's Jackson converter. */
  @Bean
  AnswerWriter gatewayRestAnswerWriter(
      final HttpMessageConverters converters, final RestFrontEndProperties properties) {
    return new AnswerWriter(
        jacksonMapper(converters.getConverters()).writer(), properties.writeTimeout());
  }

  @Bean
  static BeanPostProcessor gatewayRestOnePassAnswers(final ObjectProvider<AnswerWriter> writer) {
    return new BeanPostProcessor() {
      @Override
      public Object postProcessAfterInitialization(final Object bean, final String name) {
        if (bean instanceof final RequestMappingHandlerAdapter adapter
            && adapter.getReturnValueHandlers() != null) {
          final List<HandlerMethodReturnValueHandler> handlers = new ArrayList<>();
          handlers.add(
              new OnePassReturnValueHandler(
                  writer.getObject(), mvcAsyncHandler(adapter.getReturnValueHandlers())));
          handlers.add(new ValueAnswerReturnValueHandler(writer.getObject()));
          handlers.addAll(adapter.getReturnValueHandlers());
          adapter.setReturnValueHandlers(handlers);
          adapter.setArgumentResolvers(
              withJsonBodies(adapter, jacksonMapper(adapter.getMessageConverters())));
        } else if (bean instanceof final HandlerExceptionResolverComposite composite) {
          // the exception handlers' answers (RestExceptionHandler) go the same way
          for (final HandlerExceptionResolver resolver : composite.getExceptionResolvers()) {
            if (resolver instanceof final ExceptionHandlerExceptionResolver exceptionHandlers
                && exceptionHandlers.getReturnValueHandlers() != null) {
              final List<HandlerMethodReturnValueHandler> handlers = new ArrayList<>();
              handlers.add(new ValueAnswerReturnValueHandler(writer.getObject()));
              handlers.addAll(exceptionHandlers.getReturnValueHandlers().getHandlers());
              exceptionHandlers.setReturnValueHandlers(handlers);
            }
          }
        } else if (bean instanceof final DispatcherServlet servlet) {
          servlet.setPublishEvents(false);
        } else if (bean instanceof final DelegatingFilterProxyRegistrationBean registration
            && SpringInternals.BOOT_SECURITY_REGISTRATION.equals(name)) {
          registration.setEnabled(false); // replaced by gatewayRestSecurityFilter below
        } else if (bean instanceof final FilterRegistrationBean<?> registration
            && registration.getFilter() instanceof ServerHttpObservationFilter) {
          registration.setEnabled(false); // replaced by gatewayRestServerRequestsMetrics below
        }
        return bean;
      }
    };
  }

  @Bean
  public FilterRegistrationBean<FilterChainProxy> gatewayRestSecurityFilter(
      final ObjectProvider<SecurityFilterChain> chains,
      final ObjectProvider<RequestRejectedHandler> rejectedHandler) {
    final FilterChainProxy proxy = new FilterChainProxy(chains.orderedStream().toList());
    rejectedHandler.ifAvailable(proxy::setRequestRejectedHandler);
    final var firewall = new StrictHttpFirewall();
    firewall.setAllowedHeaderNames(HeaderCharacters.NAME);
    firewall.setAllowedHeaderValues(HeaderCharacters.VALUE);
    firewall.setAllowedParameterNames(HeaderCharacters.NAME);
    proxy.setFirewall(firewall);
    proxy.afterPropertiesSet();
    final var registration = new FilterRegistrationBean<>(proxy);
    registration.setName("gatewayRestSecurityFilter");
    registration.setOrder(RestFilterOrder.SECURITY);
    registration.setDispatcherTypes(DispatcherType.REQUEST);
    return registration;
  }

  /** Where Spring Boot puts its observation filter: before everything but the stage timing. */
  @Bean
  public FilterRegistrationBean<ServerRequestsMetricsFilter> gatewayRestServerRequestsMetrics(
      final MeterRegistry registry) {
    final var registration =
        new FilterRegistrationBean<>(new ServerRequestsMetricsFilter(registry));
    registration.setName("gatewayRestServerRequestsMetrics");
    registration.setOrder(RestFilterOrder.SERVER_REQUESTS_METRICS);
    registration.setDispatcherTypes(DispatcherType.REQUEST);
    return registration;
  }

  @Bean
  HandlerExceptionResolver gatewayRestServiceExceptionAnswers(final AnswerWriter writer) {
    return new ServiceExceptionAnswers(writer);
  }

  @Bean
  public WebMvcRegistrations gatewayRestHandlerMapping() {
    return new WebMvcRegistrations() {
      @Override
      public RequestMappingHandlerMapping getRequestMappingHandlerMapping() {
        return new LiteralPrefixHandlerMapping();
      }
    };
  }

  /** Spring MVC's argument resolvers, {@link JsonBodyArgumentResolver} ahead of its own. */
  private static List<HandlerMethodArgumentResolver> withJsonBodies(
      final RequestMappingHandlerAdapter adapter, final ObjectMapper mapper) {
    final List<HandlerMethodArgumentResolver> resolvers = new ArrayList<>();
    for (final HandlerMethodArgumentResolver resolver : adapter.getArgumentResolvers()) {
      if (SpringInternals.MVC_BODY_RESOLVER.isInstance(resolver)) {
        resolvers.add(new JsonBodyArgumentResolver(resolver, mapper));
      }
    }
    if (resolvers.isEmpty()) {
      throw new IllegalStateException("Spring MVC has no request body resolver");
    }
    resolvers.addAll(adapter.getArgumentResolvers());
    return resolvers;
  }

  private static ObjectMapper jacksonMapper(final List<HttpMessageConverter<?>> converters) {
    for (final HttpMessageConverter<?> converter : converters) {
      if (converter instanceof final MappingJackson2HttpMessageConverter jackson) {
        return jackson.getObjectMapper();
      }
    }
    throw new IllegalStateException("Spring MVC has no Jackson converter");
  }

  private static HandlerMethodReturnValueHandler mvcAsyncHandler(
      final List<HandlerMethodReturnValueHandler> handlers) {
    for (final HandlerMethodReturnValueHandler handler : handlers) {
      if (SpringInternals.MVC_ASYNC_HANDLER.isInstance(handler)) {
        return handler; // futures and DeferredResults
      }
    }
    throw new IllegalStateException("Spring MVC has no handler of futures");
  }
}

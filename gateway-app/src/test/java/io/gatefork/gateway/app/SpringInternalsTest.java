package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.gateway.app.tracing.TracingSwitch;
import io.gatefork.gateway.rest.frontend.SpringInternals;
import jakarta.servlet.ServletContext;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.web.servlet.DelegatingFilterProxyRegistrationBean;
import org.springframework.context.ApplicationContext;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Everything the gateway names below Spring's public API ({@link SpringInternals}, {@link
 * TracingSwitch#namedAutoConfigurations()}) is there, in the running gateway, on the Spring Boot
 * minor the root pom names ({@code gatefork.spring-boot.tested-minor}, which its enforcer rule also
 * holds): a Spring Boot that renames a bean, moves an auto-configuration or drops a method fails
 * here, before the front end silently stops doing what it should.
 */
class SpringInternalsTest extends GatewayTestSupport {
  @Autowired private ApplicationContext context;
  @Autowired private ServletContext servletContext;

  @Test
  void springBootIsTheTestedMinor() {
    final String tested = System.getProperty("gatefork.spring-boot.tested-minor");
    assertThat(tested)
        .as("the tested minor, from the root pom via surefire")
        .matches("\\d+\\.\\d+");
    assertThat(SpringBootVersion.getVersion())
        .as(
            "Spring Boot on the classpath; test the names in SpringInternals on it, then raise the"
                + " pom's gatefork.spring-boot.tested-minor")
        .startsWith(tested + ".");
  }

  @Test
  void bootsSecurityRegistrationIsFoundByItsNameAndTurnedOff() {
    assertThat(context.getBean(SpringInternals.BOOT_SECURITY_REGISTRATION))
        .isInstanceOfSatisfying(
            DelegatingFilterProxyRegistrationBean.class,
            registration -> assertThat(registration.isEnabled()).isFalse());
  }

  /**
   * What the servlet container was given, not only what the beans say: Spring's filters that the
   * lean front end replaces are not registered beside their replacements. (A registration whose
   * turning-off was lost ran Spring Security's chain and the observation filter a second time on
   * every request, and the other tests still passed.)
   */
  @Test
  void theFiltersTheLeanFrontEndReplacesAreNotRegistered() {
    assertThat(servletContext.getFilterRegistrations().keySet())
        .contains("gatewayRestSecurityFilter", "gatewayRestServerRequestsMetrics")
        .doesNotContain("springSecurityFilterChain", "webMvcObservationFilter");
  }

  @Test
  void everyAutoConfigurationNamedByClassExists() {
    for (final String name : TracingSwitch.namedAutoConfigurations()) {
      assertThat(ClassUtils.isPresent(name, null)).as(name).isTrue();
    }
    assertThat(ClassUtils.isPresent(SpringInternals.MANAGEMENT_WEB_SECURITY, null))
        .as(SpringInternals.MANAGEMENT_WEB_SECURITY)
        .isTrue();
  }

  @Test
  void theRequestMappingMethodsOverriddenAreThereToOverride() {
    for (final SpringInternals.Method named : SpringInternals.MAPPING_METHODS) {
      final Method method =
          ReflectionUtils.findMethod(
              RequestMappingHandlerMapping.class, named.name(), named.parameters());
      assertThat(method).as(named.name()).isNotNull();
      assertThat(
              Modifier.isFinal(method.getModifiers()) || Modifier.isPrivate(method.getModifiers()))
          .as("%s can be overridden", named.name())
          .isFalse();
    }
  }

  @Test
  void theLeanFrontEndsAnswersAndBodiesComeFirstAndMvcsOwnAreBehindThem() {
    final var adapter = context.getBean(RequestMappingHandlerAdapter.class);
    assertThat(adapter.getReturnValueHandlers())
        .satisfies(first("OnePassReturnValueHandler"))
        .anyMatch(SpringInternals.MVC_ASYNC_HANDLER::isInstance);
    assertThat(adapter.getArgumentResolvers())
        .satisfies(first("JsonBodyArgumentResolver"))
        .anyMatch(SpringInternals.MVC_BODY_RESOLVER::isInstance);
  }

  private static Consumer<List<?>> first(final String simpleName) {
    return list -> assertThat(list.getFirst().getClass().getSimpleName()).isEqualTo(simpleName);
  }
}

package io.gatefork.gateway.rest.frontend;

import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.DeferredResultMethodReturnValueHandler;
import org.springframework.web.servlet.mvc.method.annotation.RequestResponseBodyMethodProcessor;

/**
 * What the lean front end relies on below Spring's public API, named in this one class: a bean that
 * Spring Boot registers under a name, an auto-configuration known by its class name, the handler of
 * Spring MVC's that the one-pass answers fall back to, its request body resolver that JSON bodies
 * fall back to, and the protected methods of Spring MVC's request mapping that {@link
 * LiteralPrefixHandlerMapping} overrides. Only this package ({@code frontend}) uses them (an
 * ArchUnit rule holds it: {@code SpringInternalsFenceTest}). They are tested on one Spring Boot
 * minor, {@code gatefork.spring-boot.tested-minor} in the root pom, which its enforcer rule also
 * holds; {@code SpringInternalsTest} finds each of them in the running gateway, so that an upgrade
 * that renames one fails there, not silently.
 */
public final class SpringInternals {
  /**
   * Spring Boot's registration of {@code springSecurityFilterChain}
   * (SecurityFilterAutoConfiguration), turned off by the lean front end.
   */
  public static final String BOOT_SECURITY_REGISTRATION = "securityFilterChainRegistration";

  /** The management server's web security: the API's must be configured before it. */
  public static final String MANAGEMENT_WEB_SECURITY =
      "org.springframework.boot.actuate.autoconfigure.security.servlet"
          + ".ManagementWebSecurityAutoConfiguration";

  /** Spring MVC's handler of futures and DeferredResults, behind the one-pass answers. */
  public static final Class<?> MVC_ASYNC_HANDLER = DeferredResultMethodReturnValueHandler.class;

  /** Spring MVC's resolver of request bodies, behind {@code JsonBodyArgumentResolver}. */
  public static final Class<?> MVC_BODY_RESOLVER = RequestResponseBodyMethodProcessor.class;

  /**
   * The protected methods of {@code RequestMappingHandlerMapping} that {@link
   * LiteralPrefixHandlerMapping} overrides, each with its parameter types: the lookup it shortens
   * calls them in this order for every request.
   */
  public static final List<Method> MAPPING_METHODS =
      List.of(
          new Method("getHandlerInternal", HttpServletRequest.class),
          new Method("lookupHandlerMethod", String.class, HttpServletRequest.class),
          new Method("getMatchingMapping", RequestMappingInfo.class, HttpServletRequest.class));

  private SpringInternals() {}

  /** A method by name and parameter types. */
  public record Method(String name, Class<?>... parameters) {}
}

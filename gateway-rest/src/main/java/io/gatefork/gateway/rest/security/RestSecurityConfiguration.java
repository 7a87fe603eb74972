package io.gatefork.gateway.rest.security;

import io.gatefork.gateway.rest.config.RestFrontEndProperties;
import io.gatefork.gateway.rest.frontend.OnLeanFrontEnd;
import io.gatefork.service.auth.CallerAuthenticator;
import jakarta.servlet.DispatcherType;
import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.web.DefaultSecurityFilterChain;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.security.web.header.HeaderWriterFilter;
import org.springframework.security.web.header.writers.CacheControlHeadersWriter;
import org.springframework.security.web.header.writers.HstsHeaderWriter;
import org.springframework.security.web.header.writers.XContentTypeOptionsHeaderWriter;
import org.springframework.security.web.header.writers.XXssProtectionHeaderWriter;
import org.springframework.security.web.header.writers.frameoptions.XFrameOptionsHeaderWriter;
import org.springframework.security.web.header.writers.frameoptions.XFrameOptionsHeaderWriter.XFrameOptionsMode;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * The REST API's security filter chain, built from path patterns only ({@link
 * PathPatternRequestMatcher}: no regex, no handler-mapping introspection per request, {@code **}
 * only at the end).
 *
 * <ul>
 *   <li>{@code /v2/status}, {@code /v2/openapi.yaml|json}, {@code /actuator/**}, {@code /error}:
 *       always open (probes, scrapes, API tooling);
 *   <li>{@code /v2/**}: {@code authenticated()} when the application's {@link CallerAuthenticator}
 *       protects the API (basic / OIDC; 401 ProblemDetail otherwise), open when it does not (the
 *       default, {@code camunda.security.authentication.unprotected-api=true});
 *   <li>anything else: denied.
 * </ul>
 *
 * A controller that returns a future is dispatched twice (REQUEST, then ASYNC) and errors add an
 * ERROR dispatch; authorization was decided on the REQUEST dispatch, so ASYNC and ERROR are
 * permitted by the first rule and pay one dispatcher-type check instead of another evaluation
 * (authentication filters are once-per-request and skip them anyway). Spring Security's per-request
 * observations are off: upstream measured them at ~23 % of Tomcat worker CPU.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSecurity
public class RestSecurityConfiguration {
  static final String[] OPEN_PATHS = {
    "/v2/status", "/v2/openapi.yaml", "/v2/openapi.json", "/actuator/**", "/error"
  };
  static final String API_PATHS = "/v2/**";

  @Bean
  public SecurityFilterChain gatewayRestSecurityFilterChain(
      final HttpSecurity http,
      final ObjectProvider<CallerAuthenticator> authenticators,
      final RestFrontEndProperties properties)
      throws Exception {
    final CallerAuthenticator authenticator =
        authenticators.getIfAvailable(() -> CallerAuthenticator.UNPROTECTED);
    final boolean protectedApi = authenticator.protectsApi();
    if (protectedApi) {
      // no anonymous token: a request without an accepted credential goes to the entry point
      http.addFilterBefore(new CallerAuthenticationFilter(authenticator), AuthorizationFilter.class)
          .anonymous(AbstractHttpConfigurer::disable)
          .exceptionHandling(
              exceptions ->
                  exceptions.authenticationEntryPoint(
                      new ProblemAuthenticationEntryPoint(
                          authenticator.challenge(), properties.writeTimeout())));
    }
    final PathPatternRequestMatcher.Builder paths = PathPatternRequestMatcher.withDefaults();
    final var openPaths = new PathPatternRequestMatcher[OPEN_PATHS.length];
    for (int i = 0; i < OPEN_PATHS.length; i++) {
      openPaths[i] = paths.matcher(OPEN_PATHS[i]);
    }
    return http.csrf(AbstractHttpConfigurer::disable)
        .sessionManagement(
            session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
        // stateless API: no saved requests to replay after a login, no logout endpoint
        .requestCache(AbstractHttpConfigurer::disable)
        .logout(AbstractHttpConfigurer::disable)
        .httpBasic(AbstractHttpConfigurer::disable)
        .formLogin(AbstractHttpConfigurer::disable)
        .authorizeHttpRequests(
            authorize -> {
              authorize
                  .dispatcherTypeMatchers(DispatcherType.ASYNC, DispatcherType.ERROR)
                  .permitAll()
                  .requestMatchers(openPaths)
                  .permitAll();
              final var api = authorize.requestMatchers(paths.matcher(API_PATHS));
              if (protectedApi) {
                api.authenticated();
              } else {
                api.permitAll();
              }
              authorize.anyRequest().denyAll();
            })
        .build();
  }

  /**
   * The lean front end's chain for the API and the open paths, ahead of the chain above (which then
   * only sees other paths, and denies them): only the filters the authentication mode needs. The
   * API unprotected, that is the security headers alone; protected, the caller's authentication
   * once, the {@code authenticated()} rule and its 401 answer. The headers are the ones Spring
   * Security writes by default, written before the request is handled instead of through a response
   * wrapper.
   */
  @Bean
  @Order(Ordered.HIGHEST_PRECEDENCE)
  @Conditional(OnLeanFrontEnd.class)
  public SecurityFilterChain gatewayRestLeanApiFilterChain(
      final HttpSecurity http,
      final ObjectProvider<CallerAuthenticator> authenticators,
      final RestFrontEndProperties properties)
      throws Exception {
    final CallerAuthenticator authenticator =
        authenticators.getIfAvailable(() -> CallerAuthenticator.UNPROTECTED);
    final PathPatternRequestMatcher.Builder paths = PathPatternRequestMatcher.withDefaults();
    final List<RequestMatcher> open = new ArrayList<>();
    for (final String path : OPEN_PATHS) {
      open.add(paths.matcher(path));
    }
    final RequestMatcher openPaths = new OrRequestMatcher(open);
    final RequestMatcher served = new OrRequestMatcher(openPaths, paths.matcher(API_PATHS));
    if (!authenticator.protectsApi()) {
      return new DefaultSecurityFilterChain(served, defaultHeaders());
    }
    return http.securityMatcher(served)
        .addFilter(defaultHeaders())
        .headers(AbstractHttpConfigurer::disable)
        .addFilterBefore(new CallerAuthenticationFilter(authenticator), AuthorizationFilter.class)
        .anonymous(AbstractHttpConfigurer::disable)
        .exceptionHandling(
            exceptions ->
                exceptions.authenticationEntryPoint(
                    new ProblemAuthenticationEntryPoint(
                        authenticator.challenge(), properties.writeTimeout())))
        .securityContext(AbstractHttpConfigurer::disable)
        .servletApi(AbstractHttpConfigurer::disable)
        .sessionManagement(AbstractHttpConfigurer::disable)
        .csrf(AbstractHttpConfigurer::disable)
        .requestCache(AbstractHttpConfigurer::disable)
        .logout(AbstractHttpConfigurer::disable)
        .httpBasic(AbstractHttpConfigurer::disable)
        .formLogin(AbstractHttpConfigurer::disable)
        .authorizeHttpRequests(
            authorize ->
                authorize.requestMatchers(openPaths).permitAll().anyRequest().authenticated())
        .build();
  }

  /** Spring Security's default response headers, in its order (HSTS on secure requests only). */
  private static HeaderWriterFilter defaultHeaders() {
    final var filter =
        new HeaderWriterFilter(
            List.of(
                new XContentTypeOptionsHeaderWriter(),
                new XXssProtectionHeaderWriter(),
                new CacheControlHeadersWriter(),
                new HstsHeaderWriter(),
                new XFrameOptionsHeaderWriter(XFrameOptionsMode.DENY)));
    filter.setShouldWriteHeadersEagerly(true);
    return filter;
  }

  @Bean
  public SecurityObservationSettings gatewayRestSecurityObservationSettings() {
    return SecurityObservationSettings.noObservations();
  }
}

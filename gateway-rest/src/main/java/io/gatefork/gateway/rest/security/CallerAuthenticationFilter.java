package io.gatefork.gateway.rest.security;

import io.gatefork.gateway.rest.exchange.RestExchange;
import io.gatefork.service.auth.AuthenticationFailure;
import io.gatefork.service.auth.Caller;
import io.gatefork.service.auth.CallerAuthenticator;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Reads the {@code Authorization} header with the {@link CallerAuthenticator} REST and gRPC share.
 * An accepted credential becomes the request's authentication (for the chain's {@code
 * authenticated()} rule) and its {@link Caller} a request attribute (for the controllers); a
 * refused one is noted for the 401 answer. Runs on the REQUEST dispatch only: the ASYNC and ERROR
 * dispatches of the same request do not authenticate again.
 */
public final class CallerAuthenticationFilter extends OncePerRequestFilter {
  private final CallerAuthenticator authenticator;
  private final SecurityContextHolderStrategy contexts =
      SecurityContextHolder.getContextHolderStrategy();

  public CallerAuthenticationFilter(final CallerAuthenticator authenticator) {
    this.authenticator = authenticator;
  }

  @Override
  protected void doFilterInternal(
      final HttpServletRequest request, final HttpServletResponse response, final FilterChain chain)
      throws ServletException, IOException {
    final String header = request.getHeader(HttpHeaders.AUTHORIZATION);
    if (header != null) {
      final RestExchange exchange = RestExchange.of(request);
      try {
        // admission may have found the same header's credential verified already
        final Caller verified = exchange.caller();
        final Caller caller = verified != null ? verified : authenticator.authenticate(header);
        exchange.caller(caller);
        final var context = contexts.createEmptyContext();
        context.setAuthentication(new CallerAuthentication(caller));
        contexts.setContext(context);
      } catch (final AuthenticationFailure failure) {
        exchange.credentialRefused(failure.getMessage(), failure.busy());
      }
    }
    chain.doFilter(request, response);
  }

  /** An authenticated {@link Caller} as Spring Security sees it. */
  static final class CallerAuthentication extends AbstractAuthenticationToken {
    private final Caller caller;

    CallerAuthentication(final Caller caller) {
      super(List.of());
      this.caller = caller;
      setAuthenticated(true);
    }

    @Override
    public Object getCredentials() {
      return null; // never kept
    }

    @Override
    public Object getPrincipal() {
      return caller;
    }

    @Override
    public String getName() {
      return caller.id();
    }
  }
}

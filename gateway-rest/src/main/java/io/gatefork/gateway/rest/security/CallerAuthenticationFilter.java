package io.gatefork.gateway.rest.security;

import io.gatefork.gateway.rest.stage.RequestStages;
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
  /** The reason a credential was refused, for the 401's detail. */
  static final String FAILURE_ATTRIBUTE = CallerAuthenticationFilter.class.getName() + ".failure";

  /** The credential was not checked (too many checks at once): answered as backpressure. */
  static final String BUSY_ATTRIBUTE = CallerAuthenticationFilter.class.getName() + ".busy";

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
      try {
        // admission may have found the same header's credential verified already
        final Caller caller =
            request.getAttribute(RequestStages.CALLER_ATTRIBUTE) instanceof final Caller verified
                ? verified
                : authenticator.authenticate(header);
        request.setAttribute(RequestStages.CALLER_ATTRIBUTE, caller);
        final var context = contexts.createEmptyContext();
        context.setAuthentication(new CallerAuthentication(caller));
        contexts.setContext(context);
      } catch (final AuthenticationFailure failure) {
        request.setAttribute(FAILURE_ATTRIBUTE, failure.getMessage());
        if (failure.busy()) {
          request.setAttribute(BUSY_ATTRIBUTE, Boolean.TRUE);
        }
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

package io.gatefork.gateway.app.security;

import io.gatefork.gateway.app.config.CamundaSecurityProperties;
import io.gatefork.gateway.app.config.GateforkSecurityProperties;
import io.gatefork.gateway.app.config.LegacyGatewayAuthenticationProperties;
import io.gatefork.service.auth.BasicCredentialsAuthenticator;
import io.gatefork.service.auth.BasicUser;
import io.gatefork.service.auth.BearerTokenAuthenticator;
import io.gatefork.service.auth.BearerTokenAuthenticator.TokenClaimNames;
import io.gatefork.service.auth.CallerAuthenticator;
import java.util.List;
import java.util.Locale;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The one {@link CallerAuthenticator} REST and gRPC share, chosen by the stock keys: unprotected
 * (the default), {@code basic} (configured users, bcrypt hashes only) or {@code oidc} (JWT bearer
 * tokens checked by Spring Security's resource-server decoder).
 */
@Configuration(proxyBeanMethods = false)
public class AuthenticationConfiguration {
  static final String LEGACY_IDENTITY_UNSUPPORTED =
      "zeebe.gateway.security.authentication.mode=identity (the 8.7 gateway's Identity"
          + " authentication) is set, but gatefork authenticates with the 8.8 keys and they leave"
          + " the API unprotected. Refusing to start without authentication: set"
          + " camunda.security.authentication.unprotected-api=false,"
          + " camunda.security.authentication.method=oidc and"
          + " camunda.security.authentication.oidc.jwk-set-uri (or issuer-uri) and audiences"
          + " (see docs/security.md, Authentication), or set the mode to none to serve the API open.";

  @Bean
  public CallerAuthenticator callerAuthenticator(
      final CamundaSecurityProperties security,
      final GateforkSecurityProperties gatefork,
      final LegacyGatewayAuthenticationProperties legacy) {
    final var authentication = security.authentication();
    if (authentication.unprotectedApi() && legacy.asksForIdentity()) {
      throw new IllegalStateException(LEGACY_IDENTITY_UNSUPPORTED);
    }
    if (authentication.unprotectedApi()) {
      return CallerAuthenticator.UNPROTECTED;
    }
    final boolean tenantChecks = security.multiTenancy().checksEnabled();
    final String method = authentication.method().trim().toLowerCase(Locale.ROOT);
    return switch (method) {
      case "basic" ->
          new BasicCredentialsAuthenticator(
              basicUsers(security.initialization().users()),
              tenantChecks,
              gatefork.credentialsCacheTtl(),
              gatefork.credentialsCacheSize(),
              new BasicCredentialsAuthenticator.Limits(
                  gatefork.failedCredentialsCacheSize(),
                  gatefork.failedCredentialsCacheTtl(),
                  gatefork.effectivePasswordChecks()));
      case "oidc" -> {
        final var oidc = authentication.oidc();
        yield new BearerTokenAuthenticator(
            SpringJwtTokenVerifier.create(oidc),
            new TokenClaimNames(
                oidc.usernameClaim(),
                oidc.clientIdClaim(),
                oidc.groupsClaim(),
                gatefork.tenantsClaim()),
            tenantChecks,
            gatefork.credentialsCacheTtl(),
            gatefork.credentialsCacheSize());
      }
      default ->
          throw new IllegalArgumentException(
              "camunda.security.authentication.method must be basic or oidc, but was '%s'"
                  .formatted(authentication.method()));
    };
  }

  /** Plaintext passwords are hashed here and not kept. */
  static List<BasicUser> basicUsers(final List<CamundaSecurityProperties.User> users) {
    return users.stream()
        .map(
            user -> {
              if (user.username() == null
                  || user.username().isBlank()
                  || user.password() == null
                  || user.password().isEmpty()) {
                throw new IllegalArgumentException(
                    "Every user in camunda.security.initialization.users needs a username and a"
                        + " password");
              }
              return new BasicUser(
                  user.username(),
                  BasicCredentialsAuthenticator.hashOf(user.password()),
                  user.name(),
                  user.email(),
                  user.tenants());
            })
        .toList();
  }
}

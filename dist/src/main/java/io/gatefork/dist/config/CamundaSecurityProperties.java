package io.gatefork.dist.config;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The stock 8.8 security keys {@code camunda.security.*} that a gateway uses: how the API
 * authenticates, the basic users, and the multi-tenancy checks. Defaults are stock: method {@code
 * basic} with {@code unprotected-api=true}, i.e. the API needs no credential (what 8.7 Helm
 * drop-ins expect).
 *
 * @param authentication {@code camunda.security.authentication.*}
 * @param initialization {@code camunda.security.initialization.users[]} for basic authentication
 * @param multiTenancy {@code camunda.security.multi-tenancy.checks-enabled}
 */
@ConfigurationProperties("camunda.security")
public record CamundaSecurityProperties(
    @DefaultValue Authentication authentication,
    @DefaultValue Initialization initialization,
    @DefaultValue MultiTenancy multiTenancy) {

  /**
   * @param method {@code basic} or {@code oidc}
   * @param unprotectedApi true: the API is open and every caller is anonymous
   */
  public record Authentication(
      @DefaultValue("basic") String method,
      @DefaultValue("true") boolean unprotectedApi,
      @DefaultValue Oidc oidc) {}

  /**
   * The OIDC resource-server settings. {@code jwk-set-uri} wins over discovery from {@code
   * issuer-uri}; the issuer is checked whenever {@code issuer-uri} is set, the audience whenever
   * {@code audiences} is.
   *
   * @param clockSkew tolerance of the token's time claims (gatefork addition; Spring's default)
   */
  public record Oidc(
      String issuerUri,
      String jwkSetUri,
      String clientId,
      List<String> audiences,
      @DefaultValue("sub") String usernameClaim,
      @DefaultValue("client_id") String clientIdClaim,
      String groupsClaim,
      @DefaultValue("60s") Duration clockSkew) {}

  public record Initialization(@DefaultValue List<User> users) {}

  /**
   * @param password plaintext (hashed at startup, then dropped) or a bcrypt hash, optionally
   *     {@code {bcrypt}}-prefixed
   * @param tenants the user's tenants when multi-tenancy checks are on (gatefork addition)
   */
  public record User(
      String username, String password, String name, String email, List<String> tenants) {}

  public record MultiTenancy(@DefaultValue("false") boolean checksEnabled) {}
}

package io.gatefork.gateway.app.config;

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
   * @param method how callers authenticate once the API is protected: {@code basic} or {@code oidc}
   * @param unprotectedApi true: the API is open and every caller is anonymous
   * @param oidc the OIDC resource-server settings
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
   * @param issuerUri the token issuer; checked whenever set, and the JWK set is discovered from it
   *     when {@code jwk-set-uri} is not set
   * @param jwkSetUri the JWK set of the token signer
   * @param clientId the gateway's own OIDC client id; accepted as in stock, gatefork does not use
   *     it
   * @param audiences when set, a token's {@code aud} must name one of them
   * @param usernameClaim the claim naming the user
   * @param clientIdClaim the claim naming the client (machine-to-machine tokens)
   * @param groupsClaim the claim listing the caller's groups; unset: groups are not sent to the
   *     broker
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

  /**
   * @param users the basic-authentication users: {@code username}, {@code password} (plaintext,
   *     hashed at startup, or a bcrypt hash), {@code name}, {@code email} and gatefork's {@code
   *     tenants}
   */
  public record Initialization(@DefaultValue List<User> users) {}

  /**
   * @param username the login name
   * @param password plaintext (hashed at startup, then dropped) or a bcrypt hash, optionally {@code
   *     {bcrypt}}-prefixed
   * @param name the display name
   * @param email the e-mail address
   * @param tenants the user's tenants when multi-tenancy checks are on (gatefork addition)
   */
  public record User(
      String username, String password, String name, String email, List<String> tenants) {}

  /**
   * @param checksEnabled requests must name a tenant the caller is authorized for
   */
  public record MultiTenancy(@DefaultValue("false") boolean checksEnabled) {}
}

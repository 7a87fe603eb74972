package io.gatefork.service.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.zeebe.protocol.impl.encoding.AuthInfo;
import io.gatefork.service.auth.BearerTokenAuthenticator.TokenClaimNames;
import io.gatefork.service.auth.TokenVerifier.VerifiedToken;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class CallerAuthenticatorsTest {
  private static final String HASH = BasicCredentialsAuthenticator.hashOf("s3cret");

  private static String basic(final String user, final String password) {
    return "Basic "
        + Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  private static Map<String, Object> decode(final Caller caller) {
    final var bytes = new UnsafeBuffer(new byte[caller.authorization().getLength()]);
    caller.authorization().write(bytes, 0);
    final var info = new AuthInfo();
    info.wrap(bytes, 0, bytes.capacity());
    return info.getClaims();
  }

  private static BasicCredentialsAuthenticator basicUsers(final boolean tenants) {
    return new BasicCredentialsAuthenticator(
        List.of(new BasicUser("demo", HASH, "Demo", "demo@example.com", List.of("t1"))),
        tenants,
        Duration.ofMinutes(1),
        100,
        new BasicCredentialsAuthenticator.Limits(100, Duration.ofMinutes(1), 1));
  }

  @Test
  void anonymousCallerIsEncodedAsTheStockAnonymousUser() {
    assertThat(decode(Caller.ANONYMOUS)).isEqualTo(Map.of("authorized_anonymous_user", true));
  }

  @Test
  void plaintextPasswordsAreHashedAndBcryptInputIsKept() {
    assertThat(HASH).startsWith("$2").doesNotContain("s3cret");
    assertThat(BasicCredentialsAuthenticator.hashOf("{bcrypt}" + HASH)).isEqualTo(HASH);
    assertThat(BasicCredentialsAuthenticator.hashOf(HASH)).isEqualTo(HASH);
  }

  @Test
  void basicUserIsEncodedWithItsUsernameAndTenantsOnlyWhenChecksAreOn() throws Exception {
    assertThat(decode(basicUsers(false).authenticate(basic("demo", "s3cret"))))
        .isEqualTo(Map.of("authorized_username", "demo"));
    assertThat(decode(basicUsers(true).authenticate(basic("demo", "s3cret"))))
        .isEqualTo(Map.of("authorized_username", "demo", "authorized_tenants", List.of("t1")));
  }

  @Test
  void verifiedBasicCredentialsAreRememberedNotCheckedAgain() throws Exception {
    final var authenticator = basicUsers(false);
    final Caller first = authenticator.authenticate(basic("demo", "s3cret"));

    // the same caller object: no second bcrypt check, no second encoding
    assertThat(authenticator.authenticate(basic("demo", "s3cret"))).isSameAs(first);
  }

  @Test
  void wrongOrMissingBasicCredentialsAreRefused() {
    final var authenticator = basicUsers(false);

    assertThatThrownBy(() -> authenticator.authenticate(basic("demo", "nope")))
        .isInstanceOf(AuthenticationFailure.class)
        .hasMessage("Invalid username or password");
    assertThatThrownBy(() -> authenticator.authenticate(basic("ghost", "s3cret")))
        .hasMessage("Invalid username or password");
    assertThatThrownBy(() -> authenticator.authenticate(null))
        .hasMessageContaining("No credentials");
    assertThatThrownBy(() -> authenticator.authenticate("Basic %%%"))
        .hasMessageContaining("Base64");
  }

  @Test
  void bearerTokenMakesAUserOrAClientAsItsClaimsSay() throws Exception {
    final var verifications = new AtomicInteger();
    final TokenVerifier verifier =
        token -> {
          verifications.incrementAndGet();
          return new VerifiedToken(
              switch (token) {
                case "user" ->
                    Map.of(
                        "sub",
                        "u",
                        "name",
                        "alice",
                        "groups",
                        List.of("g1"),
                        "tenants",
                        List.of("t1"));
                case "client" -> Map.of("sub", "c", "azp", "app");
                default -> Map.of("sub", "x");
              },
              Instant.now().plusSeconds(300));
        };
    final var authenticator =
        new BearerTokenAuthenticator(
            verifier,
            new TokenClaimNames("name", "azp", "groups", "tenants"),
            true,
            Duration.ofMinutes(1),
            10);

    final Caller user = authenticator.authenticate("Bearer user");
    assertThat(decode(user))
        .containsEntry("authorized_username", "alice")
        .containsEntry("user_groups_claims", List.of("g1"))
        .containsEntry("authorized_tenants", List.of("t1"))
        .containsKey("user_token_claims");
    assertThat(authenticator.authenticate("Bearer user")).isSameAs(user);
    assertThat(verifications).hasValue(1);

    assertThat(decode(authenticator.authenticate("Bearer client")))
        .containsEntry("authorized_client_id", "app")
        .doesNotContainKey("authorized_username");
    assertThatThrownBy(() -> authenticator.authenticate("Bearer neither"))
        .hasMessageContaining("Neither the username claim (name) nor the client id claim (azp)");
  }

  @Test
  void tenantAccessFollowsTheStockRules() {
    final Caller off = Caller.user("u", null, null, null, List.of(), null, Map.of(), false);
    final Caller on = Caller.user("u", null, null, null, List.of("a"), null, Map.of(), true);

    assertThat(TenantAccess.check(off, null)).isEqualTo(TenantAccess.Verdict.ALLOWED);
    assertThat(TenantAccess.check(off, "<default>")).isEqualTo(TenantAccess.Verdict.ALLOWED);
    assertThat(TenantAccess.check(off, "a")).isEqualTo(TenantAccess.Verdict.MULTI_TENANCY_DISABLED);
    assertThat(TenantAccess.check(on, "a")).isEqualTo(TenantAccess.Verdict.ALLOWED);
    assertThat(TenantAccess.check(on, "b")).isEqualTo(TenantAccess.Verdict.NOT_AUTHORIZED);
    assertThat(TenantAccess.check(on, "")).isEqualTo(TenantAccess.Verdict.MISSING);
    assertThat(TenantAccess.activationTenants(on, List.of())).containsExactly("a");
    assertThat(TenantAccess.activationTenants(off, List.of())).containsExactly("<default>");
  }
}

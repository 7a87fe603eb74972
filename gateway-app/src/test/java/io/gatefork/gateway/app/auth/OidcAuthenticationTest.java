package io.gatefork.gateway.app.auth;

import static io.gatefork.gateway.app.auth.AuthTestCalls.assertRefused;
import static io.gatefork.gateway.app.auth.AuthTestCalls.assertUnauthorized;
import static io.gatefork.gateway.app.auth.AuthTestCalls.get;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceCreationIntent;
import io.gatefork.gateway.app.GatewayTestSupport;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/**
 * {@code camunda.security.authentication.method=oidc}: JWT bearer tokens signed by a key this test
 * generates and served from a local JWK set endpoint; no, forged, expired, wrong-audience and valid
 * tokens over REST and gRPC.
 */
@TestPropertySource(
    properties = {
      "camunda.security.authentication.unprotected-api=false",
      "camunda.security.authentication.method=oidc",
      "camunda.security.authentication.oidc.issuer-uri=" + TestTokens.ISSUER,
      "camunda.security.authentication.oidc.audiences[0]=" + TestTokens.AUDIENCE,
      "camunda.security.authentication.oidc.username-claim=preferred_username",
      "camunda.security.authentication.oidc.client-id-claim=client_id",
      "camunda.security.authentication.oidc.groups-claim=groups",
    })
class OidcAuthenticationTest extends GatewayTestSupport {
  static final TestTokens TOKENS = new TestTokens();
  private static final Map<String, Object> ALICE =
      Map.of("sub", "u-1", "preferred_username", "alice", "groups", List.of("ops"));
  private static final Map<String, Object> WORKER_APP =
      Map.of("sub", "s-1", "client_id", "worker-app");

  @DynamicPropertySource
  static void jwkSet(final DynamicPropertyRegistry registry) {
    registry.add("camunda.security.authentication.oidc.jwk-set-uri", TOKENS::jwkSetUri);
  }

  @AfterAll
  static void stopIdp() {
    TOKENS.close();
  }

  private static String bearer(final String token) {
    return "Bearer " + token;
  }

  @Test
  void restRefusesMissingForgedExpiredAndWrongAudienceTokens() {
    final String url = baseUrl() + "/v2/topology";

    assertUnauthorized(get(url, null), "Bearer", "No credentials were sent");
    assertUnauthorized(
        get(url, bearer("not-a-jwt")), "Bearer", "The bearer token was not accepted");
    assertUnauthorized(
        get(url, bearer(TOKENS.signedByStranger(ALICE))),
        "Bearer",
        "The bearer token was not accepted");
    assertUnauthorized(get(url, bearer(TOKENS.expired(ALICE))), "Bearer", "expired");
    assertUnauthorized(
        get(url, bearer(TOKENS.forAudience("someone-else", ALICE))),
        "Bearer",
        "The bearer token was not accepted");
    assertUnauthorized(get(url, "Basic ZGVtbzpkZW1v"), "Bearer", "Expected a bearer token");
  }

  @Test
  void restAcceptsAValidTokenAndOpenPathsStayOpen() {
    assertThat(get(baseUrl() + "/v2/topology", bearer(TOKENS.token(ALICE))).statusCode())
        .isEqualTo(200);
    assertThat(get(baseUrl() + "/v2/status", null).statusCode()).isEqualTo(204);
    assertThat(get(baseUrl() + "/v2/openapi.json", null).statusCode()).isEqualTo(200);
  }

  @Test
  void meAnswersTheTokensUserAndGroups() {
    final var response = get(baseUrl() + "/v2/authentication/me", bearer(TOKENS.token(ALICE)));

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.body()).contains("\"username\":\"alice\"", "\"groups\":[\"ops\"]");
  }

  @ParameterizedTest(name = "rest={0}")
  @ValueSource(booleans = {true, false})
  void officialClientWithNoExpiredOrForgedTokenIsRefused(final boolean rest) {
    try (var client = client(rest)) {
      assertRefused(
          catchThrowable(() -> client.newTopologyRequest().send().join()),
          rest,
          "No credentials were sent");
    }
    try (var client = client(rest, TestTokens.bearer(TOKENS.expired(ALICE)))) {
      assertRefused(
          catchThrowable(() -> client.newTopologyRequest().send().join()), rest, "expired");
    }
    try (var client = client(rest, TestTokens.bearer(TOKENS.signedByStranger(ALICE)))) {
      assertRefused(
          catchThrowable(() -> client.newTopologyRequest().send().join()),
          rest,
          "The bearer token was not accepted");
    }
  }

  @ParameterizedTest(name = "rest={0}")
  @ValueSource(booleans = {true, false})
  void theBrokerSeesTheTokensUserWithItsClaimsAndGroups(final boolean rest) {
    final String api = rest ? "rest-user" : "grpc-user";
    final String processId = "auth-" + api;
    try (var client = client(rest, TestTokens.bearer(TOKENS.token(ALICE)))) {
      AuthTestCalls.deployProcess(client, null, processId);
      client
          .newCreateInstanceCommand()
          .bpmnProcessId(processId)
          .latestVersion()
          .variables(Map.of("api", api))
          .send()
          .join();

      final var command =
          awaitRecord(
              r ->
                  r.is(
                          RecordType.COMMAND,
                          ValueType.PROCESS_INSTANCE_CREATION,
                          ProcessInstanceCreationIntent.CREATE)
                      && r.valueJson().contains("\"" + processId + "\""));
      assertThat(command.authorizations())
          .containsEntry("authorized_username", "alice")
          .containsEntry("user_groups_claims", List.of("ops"))
          .doesNotContainKey("authorized_client_id");
      assertThat(command.authorizations().get("user_token_claims"))
          .isInstanceOfSatisfying(
              Map.class,
              claims ->
                  assertThat(claims)
                      .containsEntry("sub", "u-1")
                      .containsEntry("preferred_username", "alice"));
    }
  }

  @ParameterizedTest(name = "rest={0}")
  @ValueSource(booleans = {true, false})
  void theBrokerSeesAClientTokensClientId(final boolean rest) {
    final String api = rest ? "rest-client" : "grpc-client";
    final String processId = "auth-" + api;
    try (var client = client(rest, TestTokens.bearer(TOKENS.token(WORKER_APP)))) {
      AuthTestCalls.deployProcess(client, null, processId);
      client
          .newCreateInstanceCommand()
          .bpmnProcessId(processId)
          .latestVersion()
          .variables(Map.of("api", api))
          .send()
          .join();

      final var command =
          awaitRecord(
              r ->
                  r.is(
                          RecordType.COMMAND,
                          ValueType.PROCESS_INSTANCE_CREATION,
                          ProcessInstanceCreationIntent.CREATE)
                      && r.valueJson().contains("\"" + processId + "\""));
      assertThat(command.authorizations())
          .containsEntry("authorized_client_id", "worker-app")
          .doesNotContainKey("authorized_username");
    }
  }
}

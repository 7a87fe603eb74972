package io.gatefork.gateway.app.auth;

import static io.gatefork.gateway.app.auth.AuthTestCalls.assertRefused;
import static io.gatefork.gateway.app.auth.AuthTestCalls.assertUnauthorized;
import static io.gatefork.gateway.app.auth.AuthTestCalls.get;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.camunda.client.CredentialsProvider;
import io.camunda.zeebe.protocol.Protocol;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceCreationIntent;
import io.camunda.zeebe.protocol.record.intent.SignalIntent;
import io.gatefork.gateway.app.GatewayTestSupport;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.security.crypto.bcrypt.BCrypt;
import org.springframework.test.context.TestPropertySource;

/**
 * {@code camunda.security.authentication.method=basic} with the API protected: configured users
 * (one plaintext password, one given as a {@code {bcrypt}} hash), over REST and gRPC, through the
 * official client and raw HTTP.
 */
@TestPropertySource(
    properties = {
      "camunda.security.authentication.unprotected-api=false",
      "camunda.security.authentication.method=basic",
      "camunda.security.initialization.users[0].username=demo",
      "camunda.security.initialization.users[0].password=demo-secret",
      "camunda.security.initialization.users[0].name=Demo User",
      "camunda.security.initialization.users[0].email=demo@example.com",
      "camunda.security.initialization.users[1].username=hashed",
      "camunda.security.initialization.users[1].password=" + BasicAuthenticationTest.HASHED
    })
class BasicAuthenticationTest extends GatewayTestSupport {
  // bcrypt of "hashed-secret" (cost 4): a configuration can carry hashes only
  static final String HASHED =
      "{bcrypt}$2b$04$abcdefghijklmnopqrstuuv4t0x/xSSQtNXgt2GQkTvRY4ca5VdmG";

  private static String basic(final String user, final String password) {
    return "Basic "
        + Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  private static CredentialsProvider credentials(final String user, final String password) {
    return CredentialsProvider.newBasicAuthCredentialsProviderBuilder()
        .username(user)
        .password(password)
        .build();
  }

  @Test
  void restRefusesMissingAndWrongCredentialsWithProblem401() {
    final String url = baseUrl() + "/v2/topology";

    assertUnauthorized(get(url, null), "Basic realm=\"camunda\"", "No credentials were sent");
    assertUnauthorized(
        get(url, basic("demo", "wrong")),
        "Basic realm=\"camunda\"",
        "Invalid username or password");
    assertUnauthorized(
        get(url, basic("nobody", "demo-secret")),
        "Basic realm=\"camunda\"",
        "Invalid username or password");
    assertUnauthorized(
        get(url, "Bearer abc"), "Basic realm=\"camunda\"", "Expected basic authentication");
  }

  @Test
  void restAcceptsConfiguredUsersWithPlaintextOrHashedPasswords() {
    assertThat(get(baseUrl() + "/v2/topology", basic("demo", "demo-secret")).statusCode())
        .isEqualTo(200);
    assertThat(get(baseUrl() + "/v2/topology", basic("hashed", "hashed-secret")).statusCode())
        .isEqualTo(200);
  }

  @Test
  void openPathsNeedNoCredentials() {
    assertThat(get(baseUrl() + "/v2/status", null).statusCode()).isEqualTo(204);
    assertThat(get(baseUrl() + "/v2/openapi.yaml", null).statusCode()).isEqualTo(200);
    assertThat(get("http://127.0.0.1:" + managementPort + "/actuator/health", null).statusCode())
        .isEqualTo(200);
  }

  @Test
  void meAnswersTheAuthenticatedUser() {
    final var response = get(baseUrl() + "/v2/authentication/me", basic("demo", "demo-secret"));

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.body())
        .contains(
            "\"username\":\"demo\"",
            "\"displayName\":\"Demo User\"",
            "\"email\":\"demo@example.com\"");
  }

  @ParameterizedTest(name = "rest={0}")
  @ValueSource(booleans = {true, false})
  void officialClientWithoutOrWithWrongCredentialsIsRefused(final boolean rest) {
    try (var client = client(rest)) {
      assertRefused(
          catchThrowable(() -> client.newTopologyRequest().send().join()),
          rest,
          "No credentials were sent");
    }
    try (var client = client(rest, credentials("demo", "wrong"))) {
      assertRefused(
          catchThrowable(() -> client.newTopologyRequest().send().join()),
          rest,
          "Invalid username or password");
    }
  }

  @ParameterizedTest(name = "rest={0}")
  @ValueSource(booleans = {true, false})
  void theBrokerSeesTheAuthenticatedUser(final boolean rest) {
    final String processId = "auth-basic-" + (rest ? "rest" : "grpc");
    try (var client = client(rest, credentials("demo", "demo-secret"))) {
      AuthTestCalls.deployProcess(client, null, processId);
      final var instance =
          client.newCreateInstanceCommand().bpmnProcessId(processId).latestVersion().send().join();

      final var command =
          awaitRecord(
              r ->
                  r.is(
                          RecordType.COMMAND,
                          ValueType.PROCESS_INSTANCE_CREATION,
                          ProcessInstanceCreationIntent.CREATE)
                      && r.valueJson().contains("\"" + processId + "\""));
      assertThat(instance.getProcessInstanceKey()).isPositive();
      assertThat(command.authorizations())
          .containsEntry("authorized_username", "demo")
          .doesNotContainKey("authorized_anonymous_user");
    }
  }

  /**
   * The partition that takes a signal broadcast distributes it to the others with the caller's
   * authorization, so each checks it (engine 8.8.1+, camunda/camunda#39430; the embedded broker
   * carries it between partitions as a broker does).
   */
  @ParameterizedTest(name = "rest={0}")
  @ValueSource(booleans = {true, false})
  void aBroadcastSignalReachesTheOtherPartitionsWithTheCallersIdentity(final boolean rest) {
    final String signal = "auth-basic-signal-" + (rest ? "rest" : "grpc");
    try (var client = client(rest, credentials("demo", "demo-secret"))) {
      final long key = client.newBroadcastSignalCommand().signalName(signal).send().join().getKey();

      final int taken = Protocol.decodePartitionId(key);
      for (int partition = 1; partition <= 3; partition++) {
        if (partition == taken) {
          continue;
        }
        final int p = partition;
        final var distributed =
            awaitRecord(
                r ->
                    r.partitionId() == p
                        && r.is(RecordType.COMMAND, ValueType.SIGNAL, SignalIntent.BROADCAST)
                        && r.valueJson().contains("\"" + signal + "\""));
        assertThat(distributed.authorizations())
            .as("partition %d", p)
            .containsEntry("authorized_username", "demo");
      }
    }
  }

  @Test
  void theTestHashIsTheHashOfItsPassword() {
    // guards the constant above: a wrong hash would make the hashed-user test meaningless
    assertThat(BCrypt.checkpw("hashed-secret", HASHED.substring("{bcrypt}".length()))).isTrue();
  }
}

package io.gatefork.gateway.app.auth;

import static io.gatefork.gateway.app.auth.AuthTestCalls.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceCreationIntent;
import io.gatefork.gateway.app.GatewayTestSupport;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The default (stock {@code unprotected-api=true}): no credential needed, any sent is ignored, and
 * the broker sees the anonymous user as from a stock gateway.
 */
class UnprotectedApiTest extends GatewayTestSupport {

  @Test
  void anyCallerIsServedAsTheAnonymousUser() {
    assertThat(get(baseUrl() + "/v2/topology", null).statusCode()).isEqualTo(200);
    assertThat(get(baseUrl() + "/v2/topology", "Basic bm9ib2R5Om5vdGhpbmc=").statusCode())
        .isEqualTo(200);
    final var me = get(baseUrl() + "/v2/authentication/me", null);
    assertThat(me.body()).contains("\"displayName\":\"anonymous\"").doesNotContain("username");
  }

  @ParameterizedTest(name = "rest={0}")
  @ValueSource(booleans = {true, false})
  void theBrokerSeesTheAnonymousUser(final boolean rest) {
    final String api = rest ? "rest-anonymous" : "grpc-anonymous";
    final String processId = "auth-" + api;
    try (var client = client(rest)) {
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
      assertThat(command.authorizations()).isEqualTo(Map.of("authorized_anonymous_user", true));
    }
  }
}

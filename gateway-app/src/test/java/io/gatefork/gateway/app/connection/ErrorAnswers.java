package io.gatefork.gateway.app.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.CredentialsProvider;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.gatefork.gateway.app.GatewayTestSupport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.test.context.TestPropertySource;

/**
 * The REST error answers a client meets, each produced the way the gateway produces it: broker
 * backpressure (the answer arrives later, from the API executor), bad input (refused in the
 * handler), an unreadable body (Spring MVC's exception handling), a missing credential (the
 * security filter), an unknown path and an unknown job (the broker's 404). Basic authentication is
 * on so that a 401 can happen; the broker refuses every creation with RESOURCE_EXHAUSTED, as at its
 * limit.
 */
@TestPropertySource(
    properties = {
      "camunda.security.authentication.unprotected-api=false",
      "camunda.security.authentication.method=basic",
      "camunda.security.initialization.users[0].username=demo",
      "camunda.security.initialization.users[0].password=demo-secret",
      "gatefork.embedded-broker.refuse-user-commands=true"
    })
abstract class ErrorAnswers extends GatewayTestSupport {
  static final String AUTHORIZATION =
      "Basic "
          + Base64.getEncoder().encodeToString("demo:demo-secret".getBytes(StandardCharsets.UTF_8));

  static final CredentialsProvider CREDENTIALS =
      CredentialsProvider.newBasicAuthCredentialsProviderBuilder()
          .username("demo")
          .password("demo-secret")
          .build();

  /** One request and what its answer must be, whatever happens to the connection. */
  record Step(
      String name,
      String method,
      String path,
      String authorization,
      String json,
      int status,
      String body) {}

  static final List<Step> STEPS =
      List.of(
          new Step(
              "broker backpressure",
              "POST",
              "/v2/process-instances",
              AUTHORIZATION,
              "{\"processDefinitionId\":\"anything\"}",
              503,
              "\"title\":\"RESOURCE_EXHAUSTED\""),
          // every partition refuses the activation: 503 as upstream from 8.8.3 (500 before,
          // camunda/camunda#39985), not an empty 200 after the long poll
          new Step(
              "broker backpressure on job activation",
              "POST",
              "/v2/jobs/activation",
              AUTHORIZATION,
              "{\"type\":\"anything\",\"maxJobsToActivate\":1,\"timeout\":60000,"
                  + "\"requestTimeout\":2000}",
              503,
              "\"title\":\"RESOURCE_EXHAUSTED\""),
          new Step(
              "bad input",
              "POST",
              "/v2/process-instances",
              AUTHORIZATION,
              "{\"variables\":{}}",
              400,
              "{\"type\":\"about:blank\",\"title\":\"INVALID_ARGUMENT\",\"status\":400,"
                  + "\"detail\":\"processDefinitionKey, processDefinitionId: one of them is"
                  + " required\",\"instance\":\"/v2/process-instances\"}"),
          new Step(
              "unreadable body",
              "POST",
              "/v2/process-instances",
              AUTHORIZATION,
              "{",
              400,
              "\"title\":\"INVALID_ARGUMENT\""),
          new Step(
              "no credentials",
              "GET",
              "/v2/topology",
              null,
              null,
              401,
              "{\"type\":\"about:blank\",\"title\":\"UNAUTHORIZED\",\"status\":401,"
                  + "\"detail\":\"No credentials were sent: the API requires authentication\","
                  + "\"instance\":\"/v2/topology\"}"),
          new Step(
              "unknown path",
              "GET",
              "/v2/no-such-resource",
              AUTHORIZATION,
              null,
              404,
              "\"title\":\"NOT_FOUND\""),
          new Step(
              "unknown job",
              "POST",
              "/v2/jobs/2251799813685249/completion",
              AUTHORIZATION,
              "{}",
              404,
              "\"title\":\"NOT_FOUND\""));

  /** Tomcat's own list: after these it ends a connection unless gatefork keeps it. */
  static boolean tomcatDrops(final int status) {
    return status == 400 || status == 500 || status == 501 || status == 503;
  }

  static void assertAnswered(final Step step, final Http11Connection.Answer answer) {
    assertThat(answer.status()).as(step.name()).isEqualTo(step.status());
    assertThat(answer.header("Content-Type"))
        .as(step.name())
        .startsWith("application/problem+json");
    if (step.body().startsWith("{")) {
      assertThat(answer.body()).as(step.name()).isEqualTo(step.body());
    } else {
      assertThat(answer.body()).as(step.name()).contains(step.body());
    }
  }

  /** Creations are refused by the broker's flow control, deployments pass: deploy "anything". */
  @BeforeEach
  void deployTheProcessCreationsAsk() {
    try (var client = client(false, CREDENTIALS)) {
      deployProcess(
          client,
          Bpmn.createExecutableProcess("anything").startEvent().endEvent().done(),
          "a.bpmn");
    }
  }

  Http11Connection.Answer send(final Http11Connection connection, final Step step)
      throws IOException {
    return connection.send(step.method(), step.path(), step.authorization(), step.json());
  }
}

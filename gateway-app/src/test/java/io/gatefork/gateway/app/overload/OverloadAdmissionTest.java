package io.gatefork.gateway.app.overload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ClientStatusException;
import io.camunda.client.api.command.ProblemException;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.gatefork.gateway.app.GatewayTestSupport;
import io.gatefork.gateway.app.connection.Http11Connection;
import io.gatefork.service.operation.Api;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.overload.AdaptiveAdmission;
import io.gatefork.service.overload.Admission;
import io.gatefork.service.overload.Admission.Permit;
import io.grpc.Status;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

/**
 * The adaptive admission limit, held full: a limit of one whose one place the test takes itself
 * (through the application's own {@link Admission}). Creations are shed with the stock backpressure
 * answer before they reach the broker, while what frees the cluster — job completion and failure,
 * cancellation, deployment — and job activation pass, over REST and over gRPC through the official
 * client. Once the place is given back, creations pass again.
 */
@TestPropertySource(
    properties = {
      "gatefork.overload.limit=adaptive",
      "gatefork.overload.initial-limit=1",
      "gatefork.overload.min-limit=1",
      "gatefork.overload.max-limit=1",
      // the place the tests hold grows old while they run; here only the count may decide
      "gatefork.overload.latency-threshold=1h"
    })
class OverloadAdmissionTest extends GatewayTestSupport {
  /** The caller the tests' clients are: the loopback address they connect from. */
  private static final String CLIENT = "127.0.0.1";

  private static final String CREATE_UNKNOWN = "{\"processDefinitionId\":\"unknown\"}";

  @Autowired Admission admission;
  @Autowired MeterRegistry meters;

  @ParameterizedTest(name = "rest={0}")
  @ValueSource(booleans = {true, false})
  void whileTheLimitShedsCreationsWhatFreesTheClusterPasses(final boolean rest) throws Exception {
    final String type = "free-" + (rest ? "rest" : "grpc");
    try (var client = client(rest)) {
      deployProcess(
          client,
          Bpmn.createExecutableProcess(type)
              .startEvent()
              .serviceTask("t", t -> t.zeebeJobType(type))
              .endEvent()
              .done(),
          type + ".bpmn");
      final List<Long> instances =
          List.of(
              createWhenFree(client, type),
              createWhenFree(client, type),
              createWhenFree(client, type));
      final List<ActivatedJob> jobs = activate(client, type, 2);

      final Permit held = admission.admit(Api.REST, Operation.CREATE_PROCESS_INSTANCE, CLIENT, 0);
      assertThat(held).as("the limit's one place, taken as the client").isNotNull();
      try {
        final long commandsBefore = broker.commands().total();
        assertShed(rest, () -> create(client, type));
        assertThat(broker.commands().total())
            .as("a shed creation never reaches the broker")
            .isEqualTo(commandsBefore);

        client.newCompleteCommand(jobs.get(0).getKey()).send().join();
        client
            .newFailCommand(jobs.get(1).getKey())
            .retries(0)
            .errorMessage("shed test")
            .send()
            .join();
        final long withoutActivatedJob =
            instances.stream()
                .filter(i -> jobs.stream().noneMatch(j -> j.getProcessInstanceKey() == i))
                .findFirst()
                .orElseThrow();
        client.newCancelInstanceCommand(withoutActivatedJob).send().join();
        deployProcess(
            client,
            Bpmn.createExecutableProcess(type + "-more").startEvent().endEvent().done(),
            type + "-more.bpmn");
        assertThat(
                client
                    .newActivateJobsCommand()
                    .jobType(type)
                    .maxJobsToActivate(5)
                    .requestTimeout(Duration.ofMillis(100))
                    .send()
                    .join()
                    .getJobs())
            .as("activation is not limited (and finds no job: the third instance is cancelled)")
            .isEmpty();
      } finally {
        held.answered();
      }
      assertThat(createWhenFree(client, type)).isPositive();
    }
  }

  @Test
  void aShedRestRequestIsAnswered503WithRetryAfterOnAConnectionThatStaysOpen() throws Exception {
    final Permit held = admission.admit(Api.REST, Operation.CREATE_PROCESS_INSTANCE, CLIENT, 0);
    try (var connection = new Http11Connection(restPort)) {
      final var answer = connection.send("POST", "/v2/process-instances", null, CREATE_UNKNOWN);
      assertThat(answer.status()).isEqualTo(503);
      assertThat(answer.header("Retry-After")).isEqualTo("1");
      assertThat(answer.header("Content-Type")).startsWith("application/problem+json");
      assertThat(answer.header("Connection")).isNull();
      assertThat(answer.body())
          .isEqualTo(
              "{\"type\":\"about:blank\",\"title\":\"RESOURCE_EXHAUSTED\",\"status\":503,"
                  + "\"detail\":\"The gateway is at its limit of requests in flight and did not"
                  + " handle this one; retry later\",\"instance\":\"/v2/process-instances\"}");
      assertThat(connection.send("GET", "/v2/topology", null, null).status()).isEqualTo(200);
      assertThat(connection.closedByServer()).isFalse();
    } finally {
      held.answered();
    }
    final String metrics = prometheusScrape();
    assertThat(metrics)
        .containsPattern(
            "gatefork_overload_shed_total\\{api=\"rest\",operation=\"create-process-instance\"[^}]*} [1-9]")
        .contains("gatefork_overload_limit ")
        .contains("gatefork_overload_inflight ")
        .contains("gatefork_overload_callers ")
        .contains("gatefork_overload_cpu ")
        .contains("gatefork_overload_age_seconds ");
  }

  /**
   * The limit is shared among callers by their address: while one caller holds the whole limit and
   * keeps asking, another that sends fewer requests than the average caller is still admitted (its
   * creation of an unknown process reaches the broker: 404), and the first is still shed.
   */
  @Test
  void anotherCallerIsAdmittedWhileOneHoldsTheWholeLimit() throws Exception {
    final Permit held = admission.admit(Api.REST, Operation.CREATE_PROCESS_INSTANCE, CLIENT, 0);
    try (var flood = new Http11Connection(restPort);
        var other = new Http11Connection(restPort, InetAddress.getByName("127.0.0.2"))) {
      assertThat(flood.send("POST", "/v2/process-instances", null, CREATE_UNKNOWN).status())
          .isEqualTo(503);
      // admitted once the callers' table (swept each second) has counted what each sent: the
      // flood twice as many as the other
      await()
          .atMost(Duration.ofSeconds(10))
          .until(
              () -> {
                for (int i = 0; i < 2; i++) {
                  assertThat(
                          flood
                              .send("POST", "/v2/process-instances", null, CREATE_UNKNOWN)
                              .status())
                      .isEqualTo(503);
                }
                return other.send("POST", "/v2/process-instances", null, CREATE_UNKNOWN).status();
              },
              status -> status == 404);
      assertThat(flood.send("POST", "/v2/process-instances", null, CREATE_UNKNOWN).status())
          .isEqualTo(503);
    } finally {
      held.answered();
    }
  }

  /**
   * {@link #create} once the limit's one place is free: the place of the request before is given
   * back when the gateway has finished the call, which may be just after the client has its answer.
   */
  private long createWhenFree(final CamundaClient client, final String processId) {
    await("the limit's place given back")
        .atMost(Duration.ofSeconds(10))
        .until(() -> meters.get(AdaptiveAdmission.IN_FLIGHT_METER).gauge().value() == 0);
    return create(client, processId);
  }

  private static long create(final CamundaClient client, final String processId) {
    return client
        .newCreateInstanceCommand()
        .bpmnProcessId(processId)
        .latestVersion()
        .send()
        .join()
        .getProcessInstanceKey();
  }

  private static List<ActivatedJob> activate(
      final CamundaClient client, final String type, final int count) {
    final var jobs = new java.util.ArrayList<ActivatedJob>();
    final long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (jobs.size() < count && System.nanoTime() < deadline) {
      jobs.addAll(
          client
              .newActivateJobsCommand()
              .jobType(type)
              .maxJobsToActivate(count - jobs.size())
              .timeout(Duration.ofMinutes(5))
              .send()
              .join()
              .getJobs());
    }
    assertThat(jobs).hasSize(count);
    return jobs;
  }

  private static void assertShed(final boolean rest, final Runnable create) {
    final Throwable failure = catchThrowable(create::run);
    assertThat(failure).as("the creation was shed").isNotNull();
    if (rest) {
      final ProblemException problem = inChain(failure, ProblemException.class);
      assertThat(problem.code()).isEqualTo(503);
      assertThat(problem.details().getTitle()).isEqualTo("RESOURCE_EXHAUSTED");
    } else {
      assertThat(inChain(failure, ClientStatusException.class).getStatusCode())
          .isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
    }
  }

  private static <T extends Throwable> T inChain(final Throwable failure, final Class<T> type) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
    }
    throw new AssertionError("no " + type.getSimpleName() + " in " + failure, failure);
  }
}

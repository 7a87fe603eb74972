package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.gatefork.service.job.BrokerJobServices;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

/**
 * A job whose announcement the gateway never hears still reaches a waiting long poll: long
 * polling's probe ({@code zeebe.gateway.longPolling.probeTimeout}) walks one waiting request of a
 * type that heard nothing for a whole interval. Here the broker announces nothing at all; a real
 * one sends nothing to a gateway it does not know yet (a broker that just joined). Over REST and
 * gRPC, official client, real engine.
 */
@TestPropertySource(
    properties = {
      "gatefork.embedded-broker.job-notifications=false",
      "zeebe.gateway.long-polling.probe-timeout=300ms"
    })
class LongPollProbeTest extends GatewayTestSupport {
  /** Far below the poll's request timeout (a minute): only the probe can answer it in time. */
  private static final Duration IN_TIME = Duration.ofSeconds(10);

  @Autowired private BrokerJobServices jobServices;

  @ParameterizedTest(name = "rest={0}")
  @ValueSource(booleans = {true, false})
  void aJobNobodyAnnouncedReachesTheWaitingPollAtTheNextProbe(final boolean rest) {
    final String type = "unannounced-" + (rest ? "rest" : "grpc");
    try (var client = client(rest)) {
      deployProcess(client, ProcessFixtures.taskProcess(type, type), type + ".bpmn");
      final var poll =
          client
              .newActivateJobsCommand()
              .jobType(type)
              .maxJobsToActivate(1)
              .timeout(Duration.ofMinutes(1))
              .requestTimeout(Duration.ofMinutes(1))
              .send()
              .toCompletableFuture();
      await().atMost(IN_TIME).until(() -> jobServices.parkedLongPolls(type) == 1);

      final long instance = ProcessFixtures.startLatest(client, type);

      assertThat(poll.orTimeout(IN_TIME.toSeconds(), TimeUnit.SECONDS).join().getJobs())
          .singleElement()
          .satisfies(job -> assertThat(job.getProcessInstanceKey()).isEqualTo(instance));
    }
  }
}

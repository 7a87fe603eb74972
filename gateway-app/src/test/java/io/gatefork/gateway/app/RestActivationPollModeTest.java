package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The default, {@code gatefork.jobs.rest-activation=poll}: a REST worker long-polls as with the
 * stock gateway; no job stream is opened for it and the stream-mode meters do not exist.
 */
class RestActivationPollModeTest extends GatewayTestSupport {
  @Autowired private MeterRegistry registry;

  @Test
  void aRestWorkerLongPollsWithoutAJobStream() {
    final String type = "rest-polled";
    try (var client = client(true)) {
      deployProcess(client, ProcessFixtures.taskProcess(type, type), type + ".bpmn");
      final var waiting =
          client
              .newActivateJobsCommand()
              .jobType(type)
              .maxJobsToActivate(1)
              .requestTimeout(Duration.ofSeconds(20))
              .send();
      // the request waits: every partition was asked once, and nothing else happened
      await().atMost(Duration.ofSeconds(10)).until(() -> activateCommands(type) == 3);
      assertThat(brokerClient.jobStreams().streams().join())
          .noneMatch(s -> s.jobType().equals(type));

      final long instance = ProcessFixtures.startLatest(client, type);

      // woken by the job-available notification, the long poll walks again and gets the job
      final var jobs = waiting.join().getJobs();
      assertThat(jobs).hasSize(1);
      client.newCompleteCommand(jobs.getFirst()).send().join();
      awaitEvent(instance, ValueType.PROCESS_INSTANCE, ProcessInstanceIntent.ELEMENT_COMPLETED);
      assertThat(registry.find("gatefork.jobs.rest.stream.activations").counter()).isNull();
      assertThat(registry.find("gatefork.jobs.rest.stream.parked").gauge()).isNull();
    }
  }
}

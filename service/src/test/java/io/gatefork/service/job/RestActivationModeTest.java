package io.gatefork.service.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.gatefork.broker.client.topology.TestTopologies;
import io.gatefork.service.RequestContext;
import io.gatefork.service.testing.FakeBrokerClient;
import io.gatefork.service.testing.JobBatches;
import io.gatefork.service.testing.TestSettings;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The switch: only REST activations in stream mode wait on job streams. */
class RestActivationModeTest {
  private final FakeBrokerClient broker =
      new FakeBrokerClient().topology(TestTopologies.singleBrokerLeading(2));
  private BrokerJobServices services;

  @AfterEach
  void close() {
    services.close();
    broker.close();
  }

  private BrokerJobServices services(final RestActivationMode mode) {
    return new BrokerJobServices(
        broker,
        Runnable::run,
        TestSettings.longPolling(),
        new RestActivationConfig(mode, Duration.ofSeconds(5), Duration.ofMillis(100)),
        new SimpleMeterRegistry());
  }

  private static ActivateJobs waiting() {
    return new ActivateJobs(
        "payment", "w", 60_000, 5, List.of(), List.of(), Duration.ofSeconds(30));
  }

  @Test
  void inPollModeARestActivationLongPollsWithoutAStream() {
    services = services(RestActivationMode.POLL);
    broker.respondWith(JobBatches::empty);

    final var future = services.activateForRest(RequestContext.create(), waiting());

    await().atMost(Duration.ofSeconds(5)).until(() -> broker.sent().size() == 2);
    // it waits: the front end can tell it that its caller left
    assertThat(future).isNotDone().isInstanceOf(WatchesCaller.class);
    assertThat(broker.jobStreams().added()).isEmpty();
  }

  @Test
  void inStreamModeARestActivationWaitsOnAStream() {
    services = services(RestActivationMode.STREAM);
    broker.respondWith(JobBatches::empty);

    final var future = services.activateForRest(RequestContext.create(), waiting());

    await().atMost(Duration.ofSeconds(5)).until(() -> broker.sent().size() == 2);
    assertThat(future).isNotDone().isInstanceOf(WatchesCaller.class);
    assertThat(broker.jobStreams().added()).hasSize(1);
  }

  @Test
  void inStreamModeGrpcActivationsStillLongPoll() {
    services = services(RestActivationMode.STREAM);
    broker.respondWith(JobBatches::empty);

    final var future = services.activate(RequestContext.create(), waiting());

    await().atMost(Duration.ofSeconds(5)).until(() -> broker.sent().size() == 2);
    assertThat(future).isNotDone();
    assertThat(broker.jobStreams().added()).isEmpty();
  }
}

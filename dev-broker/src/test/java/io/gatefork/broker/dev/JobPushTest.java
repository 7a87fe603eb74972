package io.gatefork.broker.dev;

import static io.gatefork.broker.dev.TestProcesses.activateJobs;
import static io.gatefork.broker.dev.TestProcesses.createInstance;
import static io.gatefork.broker.dev.TestProcesses.creation;
import static io.gatefork.broker.dev.TestProcesses.deploy;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.atomix.cluster.MemberId;
import io.camunda.zeebe.protocol.Protocol;
import io.camunda.zeebe.protocol.impl.stream.job.ActivatedJobImpl;
import io.camunda.zeebe.protocol.impl.stream.job.JobActivationPropertiesImpl;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.scheduler.ActorScheduler;
import io.camunda.zeebe.scheduler.future.CompletableActorFuture;
import io.camunda.zeebe.transport.TransportFactory;
import io.camunda.zeebe.transport.stream.api.ClientStreamConsumer;
import io.camunda.zeebe.transport.stream.api.ClientStreamMetrics;
import io.camunda.zeebe.transport.stream.api.ClientStreamService;
import io.camunda.zeebe.util.buffer.BufferUtil;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Job push over the zeebe-transport stream API, as a gateway's job stream client uses it. */
class JobPushTest {

  private static final Duration WAIT = Duration.ofSeconds(20);

  private EmbeddedBroker broker;
  private TestCommandClient client;
  private ActorScheduler scheduler;
  private ClientStreamService<JobActivationPropertiesImpl> streams;

  @BeforeEach
  void start() {
    broker =
        EmbeddedBroker.start(
            EmbeddedBrokerConfig.builder()
                .port(FreePorts.next())
                .partitionCount(1)
                .recordJournal(true)
                .build());
    client = TestCommandClient.connect("zeebe-cluster", broker.clusterAddress());
    client.awaitLeaders(1);
    deploy(
        client,
        TestProcesses.serviceTask("pushed", "push-type"),
        TestProcesses.serviceTask("refused", "refuse-type"));
    scheduler =
        ActorScheduler.newActorScheduler()
            .setSchedulerName("test-streams")
            .setCpuBoundActorThreadCount(1)
            .setIoBoundActorThreadCount(1)
            .build();
    scheduler.start();
    streams =
        new TransportFactory(scheduler)
            .createRemoteStreamClient(
                client.cluster().getCommunicationService(), ClientStreamMetrics.noop());
    streams.start(scheduler).join();
    streams.onServerJoined(MemberId.from("0"));
  }

  @AfterEach
  void stop() throws Exception {
    if (streams != null) {
      streams.closeAsync().join();
    }
    if (scheduler != null) {
      scheduler.stop().get();
    }
    if (client != null) {
      client.close();
    }
    if (broker != null) {
      broker.close();
    }
  }

  @Test
  void pushesJobsToARegisteredStream() {
    final Queue<ActivatedJobImpl> pushed = new ConcurrentLinkedQueue<>();
    openStream(
        "push-type",
        payload -> {
          final var job = new ActivatedJobImpl();
          job.wrap(BufferUtil.cloneBuffer(payload));
          pushed.add(job);
          return CompletableActorFuture.completed(null);
        });

    createInstance(client, 1, creation("pushed"));

    await("the job is pushed").atMost(WAIT).until(() -> !pushed.isEmpty());
    final var job = pushed.peek();
    assertThat(Protocol.decodePartitionId(job.jobKey())).isEqualTo(1);
    assertThat(job.jobRecord().getType()).isEqualTo("push-type");
    assertThat(job.jobRecord().getWorker()).isEqualTo("streaming-worker");
  }

  @Test
  void yieldsAJobNoStreamAccepted() throws InterruptedException {
    openStream(
        "refuse-type",
        payload -> CompletableActorFuture.completedExceptionally(new RuntimeException("busy")));

    createInstance(client, 1, creation("refused"));

    assertThat(
            broker
                .records()
                .awaitRecord(r -> r.is(RecordType.EVENT, ValueType.JOB, JobIntent.YIELDED), WAIT))
        .as("the refused job was yielded")
        .isPresent();
    // yielded, so a poll can activate it (the stream refuses every push, so close it first)
    streams.closeAsync().join();
    streams = null;
    assertThat(activateJobs(client, 1, "refuse-type", WAIT)).hasSize(1);
  }

  private void openStream(final String jobType, final ClientStreamConsumer consumer) {
    final var properties =
        new JobActivationPropertiesImpl()
            .setWorker(BufferUtil.wrapString("streaming-worker"), 0, "streaming-worker".length())
            .setTimeout(30_000)
            .setFetchVariables(List.of())
            // without the default tenant the engine filters the stream out
            .setTenantIds(List.of("<default>"));
    streams.streamer().add(BufferUtil.wrapString(jobType), properties, consumer).join();
    await("the broker knows the stream")
        .atMost(WAIT)
        .until(() -> broker.streamedJobTypes().contains(jobType));
  }
}

package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.camunda.client.api.response.ActivatedJob;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.JobBatchIntent;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.gatefork.service.job.BrokerJobServices;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * REST long polls (the default poll mode) whose clients left while they waited, ahead of a live
 * one: when a job of their type comes, the live poll gets it at once and the dead ones get none,
 * whether their clients closed (FIN) or reset (RST) their connections. Before, a dead poll could be
 * handed the job, which then waited for its job timeout while the live poll waited for its request
 * timeout.
 */
class DeadLongPollTest extends GatewayTestSupport {
  private static final int DEAD = 3; // woken in no set order: any of them could take the job

  @Autowired protected BrokerJobServices jobServices;

  /** A job activation that waits on a client's connection, until the client leaves. */
  @FunctionalInterface
  interface DeadPoll {
    void leave() throws Exception;
  }

  /** Sends a waiting job activation for a type. */
  @FunctionalInterface
  interface DeadPolls {
    DeadPoll open(String type) throws Exception;
  }

  @Test
  void aJobGoesToTheLivePollNotToPollsWhoseClientsClosed() throws Exception {
    deadPollsAheadOfALiveOne("dead-poll-closed", type -> http11Poll(type, false));
  }

  @Test
  void aJobGoesToTheLivePollNotToPollsWhoseClientsReset() throws Exception {
    deadPollsAheadOfALiveOne("dead-poll-reset", type -> http11Poll(type, true));
  }

  protected void deadPollsAheadOfALiveOne(final String type, final DeadPolls polls)
      throws Exception {
    try (var client = client(true)) {
      deployProcess(client, ProcessFixtures.taskProcess(type, type), type + ".bpmn");
      final List<DeadPoll> dead = new ArrayList<>();
      for (int i = 1; i <= DEAD; i++) {
        dead.add(polls.open(type));
        awaitWalks(type, i);
      }
      final var live =
          client
              .newActivateJobsCommand()
              .jobType(type)
              .maxJobsToActivate(1)
              .timeout(Duration.ofMinutes(1))
              .requestTimeout(Duration.ofSeconds(20))
              .send();
      awaitWalks(type, DEAD + 1);
      awaitParked(type, DEAD + 1);
      for (final DeadPoll poll : dead) {
        poll.leave();
      }

      client.newCreateInstanceCommand().bpmnProcessId(type).latestVersion().send().join();

      // without the fix the live poll waits for its 20-s request timeout and gets nothing
      final List<ActivatedJob> jobs = live.toCompletableFuture().get(5, TimeUnit.SECONDS).getJobs();
      assertThat(jobs).hasSize(1);
      final long job = jobs.getFirst().getKey();
      client.newCompleteCommand(job).send().join();
      // the journal tails the log: once the completion is in it, so is everything before it
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> !jobEvents(JobIntent.COMPLETED, type).isEmpty());
      assertThat(activationsOf(type))
          .as("job batches that activated a job of the type: the live poll's only")
          .hasSize(1);
      assertThat(jobEvents(JobIntent.YIELDED, type))
          .as("no job was activated for a dead poll and given back")
          .isEmpty();
    }
  }

  /** The JSON of a job activation that waits up to 20 s for one job of the type. */
  protected static String activation(final String type) {
    return "{\"type\":\""
        + type
        + "\",\"maxJobsToActivate\":1,\"timeout\":60000,\"requestTimeout\":20000}";
  }

  /**
   * A job activation on an HTTP/1.1 connection of its own; its client leaves by closing the
   * connection (FIN), or resetting it (RST).
   */
  private DeadPoll http11Poll(final String type, final boolean reset) throws IOException {
    final var socket = new Socket(InetAddress.getLoopbackAddress(), restPort);
    sendActivation(socket, activation(type));
    return () -> {
      if (reset) {
        socket.setSoLinger(true, 0);
      }
      socket.close();
    };
  }

  /** Waits until {@code polls} activations of the type have each asked all three partitions. */
  private void awaitWalks(final String type, final int polls) {
    await().atMost(Duration.ofSeconds(10)).until(() -> activateCommands(type) >= 3 * polls);
  }

  /** Waits until the gateway holds {@code polls} long polls of the type, waiting for jobs. */
  protected void awaitParked(final String type, final int polls) {
    await().atMost(Duration.ofSeconds(10)).until(() -> jobServices.parkedLongPolls(type) == polls);
  }

  /** The job batches of the type that activated at least one job. */
  private List<?> activationsOf(final String type) {
    return broker
        .records()
        .find(
            r ->
                r.is(RecordType.EVENT, ValueType.JOB_BATCH, JobBatchIntent.ACTIVATED)
                    && r.valueJson().contains("\"type\":\"" + type + "\"")
                    && !r.valueJson().contains("\"jobKeys\":[]"));
  }
}

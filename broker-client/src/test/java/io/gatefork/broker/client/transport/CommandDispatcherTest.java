package io.gatefork.broker.client.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.atomix.cluster.messaging.MessagingException;
import io.atomix.cluster.messaging.MessagingService;
import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.protocol.record.ErrorCode;
import io.camunda.zeebe.protocol.record.ErrorResponseEncoder;
import io.camunda.zeebe.protocol.record.ExecuteCommandResponseEncoder;
import io.camunda.zeebe.protocol.record.MessageHeaderEncoder;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.RejectionType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.gatefork.broker.client.BrokerClientException;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.metrics.BrokerClientMetrics;
import io.gatefork.broker.client.request.BrokerAttemptListener;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.broker.client.topology.TestTopologies;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.reflect.Proxy;
import java.net.ConnectException;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.agrona.ExpandableArrayBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What the dispatcher does with each class of messaging failure, over a fake messaging service:
 * which failures are retried on the partition, which answer at once, and with which exception and
 * failure metric.
 */
class CommandDispatcherTest {
  private static final long LONG_TIMEOUT = TimeUnit.SECONDS.toNanos(10);
  private static final long SHORT_TIMEOUT = TimeUnit.MILLISECONDS.toNanos(150);

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final ScheduledExecutorService retries =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().name("test-retry").daemon().factory());

  @AfterEach
  void stopRetries() {
    retries.shutdownNow();
  }

  /**
   * A messaging service whose sends fail or answer as scripted, one outcome per send; the last
   * outcome repeats. An outcome is a {@link Throwable} (the send's future fails with it), a {@link
   * RuntimeException} wrapped in {@link Thrown} (the send throws it), or response bytes.
   */
  private static final class ScriptedMessaging {
    private final List<Object> outcomes;
    private final AtomicInteger sends = new AtomicInteger();

    ScriptedMessaging(final Object... outcomes) {
      this.outcomes = List.of(outcomes);
    }

    MessagingService service() {
      return (MessagingService)
          Proxy.newProxyInstance(
              MessagingService.class.getClassLoader(),
              new Class<?>[] {MessagingService.class},
              (proxy, method, args) ->
                  switch (method.getName()) {
                    case "sendAndReceive" -> next();
                    case "toString" -> "ScriptedMessaging";
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> throw new UnsupportedOperationException(method.getName());
                  });
    }

    private CompletableFuture<byte[]> next() {
      final Object outcome = outcomes.get(Math.min(sends.getAndIncrement(), outcomes.size() - 1));
      if (outcome instanceof Thrown thrown) {
        throw thrown.exception();
      }
      return outcome instanceof Throwable failure
          ? CompletableFuture.failedFuture(failure)
          : CompletableFuture.completedFuture((byte[]) outcome);
    }

    int sends() {
      return sends.get();
    }
  }

  /** The send itself throws instead of returning a failed future. */
  private record Thrown(RuntimeException exception) {}

  private CompletableFuture<BrokerResult<JobRecord>> send(
      final ScriptedMessaging messaging, final long timeoutNanos, final boolean retryInPartition) {
    return send(messaging, timeoutNanos, retryInPartition, null);
  }

  private CompletableFuture<BrokerResult<JobRecord>> send(
      final ScriptedMessaging messaging,
      final long timeoutNanos,
      final boolean retryInPartition,
      final BrokerAttemptListener listener) {
    final var dispatcher =
        new CommandDispatcher(
            messaging.service(),
            () -> TestTopologies.oneBroker(1),
            new BrokerClientMetrics(registry),
            retries);
    final BrokerRequest<JobRecord> request =
        BrokerRequests.completeJob(5L, new JobRecord()).attemptListener(listener);
    return dispatcher.send(
        request, 1, CommandCodec.encode(request, 1), timeoutNanos, retryInPartition);
  }

  private static Throwable failure(final CompletableFuture<?> future) {
    try {
      future.get(5, TimeUnit.SECONDS);
    } catch (final ExecutionException e) {
      return e.getCause();
    } catch (final Exception e) {
      throw new AssertionError("expected the request to fail, but it did not complete", e);
    }
    throw new AssertionError("expected the request to fail, but it succeeded");
  }

  private double failures(final String error) {
    final Counter counter =
        registry.find("zeebe.gateway.failed.requests").tag("error", error).counter();
    return counter == null ? 0 : counter.count();
  }

  /** What a broker that no longer leads the partition answers. */
  private static byte[] leaderMismatch() {
    final var buffer = new ExpandableArrayBuffer();
    final var encoder =
        new ErrorResponseEncoder()
            .wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder())
            .errorCode(ErrorCode.PARTITION_LEADER_MISMATCH);
    final byte[] message = "not the leader of partition 1".getBytes(StandardCharsets.UTF_8);
    encoder.putErrorData(message, 0, message.length);
    final byte[] bytes = new byte[MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength()];
    buffer.getBytes(0, bytes);
    return bytes;
  }

  /** A rejection of the job completion: an answer, as any engine answer is. */
  private static byte[] rejection() {
    final var buffer = new ExpandableArrayBuffer();
    final var encoder =
        new ExecuteCommandResponseEncoder()
            .wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder())
            .partitionId(1)
            .key(5L)
            .recordType(RecordType.COMMAND_REJECTION)
            .valueType(ValueType.JOB)
            .intent(JobIntent.COMPLETE.value())
            .rejectionType(RejectionType.NOT_FOUND);
    encoder.putValue(new byte[0], 0, 0);
    final byte[] reason = "no such job".getBytes(StandardCharsets.UTF_8);
    encoder.putRejectionReason(reason, 0, reason.length);
    final byte[] bytes = new byte[MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength()];
    buffer.getBytes(0, bytes);
    return bytes;
  }

  @Test
  void aTracedRequestHearsEachMessageSentWithItsPartitionLeaderAndOutcome() {
    final var messaging =
        new ScriptedMessaging(
            new ConnectException("refused"), leaderMismatch(), new TimeoutException("slow"));
    final List<String> heard = new CopyOnWriteArrayList<>();
    final BrokerAttemptListener listener =
        (partition, node, sent, ended, outcome) -> {
          assertThat(ended).isGreaterThanOrEqualTo(sent);
          heard.add(partition + "/" + node + "/" + outcome);
        };

    failure(send(messaging, LONG_TIMEOUT, true, listener));

    assertThat(heard)
        .as("each message once, the retried ones with why they failed")
        .containsExactly("1/0/UNREACHABLE", "1/0/PARTITION_LEADER_MISMATCH", "1/0/TIMEOUT");
  }

  @Test
  void aTracedRequestHearsTheEnginesAnswer() {
    final List<String> heard = new CopyOnWriteArrayList<>();

    send(
            new ScriptedMessaging(rejection()),
            LONG_TIMEOUT,
            true,
            (p, n, s, e, outcome) -> heard.add(outcome))
        .join();

    assertThat(heard).containsExactly("NOT_FOUND");
  }

  @Test
  void aTimeoutFailsAsTimeoutWithoutRetry() {
    final var messaging = new ScriptedMessaging(new TimeoutException("timed out"), rejection());

    final var error = failure(send(messaging, LONG_TIMEOUT, true));

    assertThat(error).isInstanceOf(BrokerClientException.Timeout.class);
    assertThat(messaging.sends()).isEqualTo(1);
    assertThat(failures("TIMEOUT")).isEqualTo(1);
  }

  @Test
  void aTimeoutWrappedInACompletionExceptionIsStillATimeout() {
    final var messaging =
        new ScriptedMessaging(new CompletionException(new TimeoutException("timed out")));

    assertThat(failure(send(messaging, LONG_TIMEOUT, true)))
        .isInstanceOf(BrokerClientException.Timeout.class);
  }

  @Test
  void aConnectionThatClosedInFlightFailsAtOnceAsTheOutcomeIsUnknown() {
    final var messaging =
        new ScriptedMessaging(
            new MessagingException.ConnectionClosed("Connection was closed"), rejection());

    final var error = failure(send(messaging, LONG_TIMEOUT, true));

    assertThat(error)
        .isInstanceOf(BrokerClientException.ConnectionClosed.class)
        .hasCauseInstanceOf(MessagingException.ConnectionClosed.class);
    assertThat(messaging.sends()).isEqualTo(1);
    assertThat(failures("CONNECTION_CLOSED")).isEqualTo(1);
  }

  @Test
  void anUnreachableLeaderIsRetriedOnThePartitionUntilItAnswers() {
    final var messaging =
        new ScriptedMessaging(
            new ConnectException("Connection refused"),
            new ClosedChannelException(),
            new MessagingException.NoRemoteHandler("command-api-1"),
            rejection());

    final var result = send(messaging, LONG_TIMEOUT, true).join();

    assertThat(result).isInstanceOf(BrokerResult.Rejected.class);
    assertThat(messaging.sends()).isEqualTo(4);
    assertThat(failures("UNAVAILABLE")).isZero();
  }

  @Test
  void anUnreachableLeaderFailsAsUnavailableAtTheDeadline() {
    final var messaging = new ScriptedMessaging(new ConnectException("Connection refused"));

    final var error = failure(send(messaging, SHORT_TIMEOUT, true));

    assertThat(error)
        .isInstanceOf(BrokerClientException.Unavailable.class)
        .hasCauseInstanceOf(ConnectException.class);
    assertThat(messaging.sends()).isGreaterThan(1);
    assertThat(failures("UNAVAILABLE")).isEqualTo(1);
  }

  @Test
  void aLeaderMismatchIsRetriedOnThePartitionUntilItsLeaderAnswers() {
    // the broker asked stepped down; the next send goes to the leader the topology names then
    final var messaging = new ScriptedMessaging(leaderMismatch(), leaderMismatch(), rejection());

    final var result = send(messaging, LONG_TIMEOUT, true).join();

    assertThat(result).isInstanceOf(BrokerResult.Rejected.class);
    assertThat(messaging.sends()).isEqualTo(3);
    assertThat(failures("PARTITION_LEADER_MISMATCH")).isZero();
  }

  @Test
  void aLeaderMismatchIsTheAnswerAtTheDeadline() {
    final var messaging = new ScriptedMessaging(leaderMismatch());

    final var result = send(messaging, SHORT_TIMEOUT, true).join();

    assertThat(result)
        .isInstanceOfSatisfying(
            BrokerResult.Error.class,
            error -> assertThat(error.code()).isEqualTo(ErrorCode.PARTITION_LEADER_MISMATCH));
    assertThat(messaging.sends()).isGreaterThan(1);
    assertThat(failures("PARTITION_LEADER_MISMATCH")).isEqualTo(1);
  }

  @Test
  void aLeaderMismatchIsTheAnswerAtOnceWithoutRetryInThePartition() {
    // the partition retry moves on to the next partition instead
    final var messaging = new ScriptedMessaging(leaderMismatch(), rejection());

    final var result = send(messaging, LONG_TIMEOUT, false).join();

    assertThat(result).isInstanceOf(BrokerResult.Error.class);
    assertThat(messaging.sends()).isEqualTo(1);
  }

  @Test
  void anUnreachableLeaderFailsAtOnceWithoutRetryInThePartition() {
    // the partition retry moves on to the next partition instead
    final var messaging =
        new ScriptedMessaging(new MessagingException.NoRemoteHandler("command-api-1"), rejection());

    final var error = failure(send(messaging, LONG_TIMEOUT, false));

    assertThat(error)
        .isInstanceOf(BrokerClientException.Unavailable.class)
        .hasCauseInstanceOf(MessagingException.NoRemoteHandler.class);
    assertThat(messaging.sends()).isEqualTo(1);
    assertThat(failures("UNAVAILABLE")).isEqualTo(1);
  }

  @Test
  void aClosedMessagingServiceIsHandledAsUnreachable() {
    final var closed = new IllegalStateException("MessagingService is closed.");
    final var messaging = new ScriptedMessaging(closed);

    final var error = failure(send(messaging, SHORT_TIMEOUT, true));

    assertThat(error).isInstanceOf(BrokerClientException.Unavailable.class).hasCause(closed);
    assertThat(messaging.sends()).isGreaterThan(1);
    assertThat(failures("UNAVAILABLE")).isEqualTo(1);
  }

  @Test
  void aSendThatThrowsIsClassifiedLikeAFailedOne() {
    final var messaging =
        new ScriptedMessaging(new Thrown(new IllegalStateException("MessagingService is closed.")));

    assertThat(failure(send(messaging, LONG_TIMEOUT, false)))
        .isInstanceOf(BrokerClientException.Unavailable.class)
        .hasCauseInstanceOf(IllegalStateException.class);
    assertThat(messaging.sends()).isEqualTo(1);
  }

  @Test
  void anyOtherFailureAnswersAtOnceAsUnavailableWithoutRetry() {
    // says "closed", but is neither a closed connection nor a closed messaging service
    final var other = new RuntimeException("stream closed");
    final var messaging = new ScriptedMessaging(other, rejection());

    final var error = failure(send(messaging, LONG_TIMEOUT, true));

    assertThat(error)
        .isInstanceOf(BrokerClientException.Unavailable.class)
        .hasCause(other)
        .hasMessageContaining("failed");
    assertThat(messaging.sends()).isEqualTo(1);
    assertThat(failures("UNKNOWN")).isEqualTo(1);
  }

  @Test
  void aDeadlineThatPassedBeforeTheFirstSendIsATimeout() {
    final var messaging = new ScriptedMessaging(rejection());

    assertThat(failure(send(messaging, -1, true)))
        .isInstanceOf(BrokerClientException.Timeout.class);
    assertThat(messaging.sends()).isZero();
  }
}

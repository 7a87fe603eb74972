package io.gatefork.broker.client.transport;

import io.atomix.cluster.messaging.MessagingService;
import io.atomix.utils.net.Address;
import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.camunda.zeebe.protocol.record.ErrorCode;
import io.gatefork.broker.client.BrokerClientException;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.metrics.BrokerClientMetrics;
import io.gatefork.broker.client.request.BrokerAttemptListener;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.topology.BrokerTopology;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * Sends commands straight over the Atomix messaging service on the stock topic {@code
 * command-api-<partition>}: the same bytes zeebe-transport's client sends, without its actor, so a
 * response costs no thread hop before the caller's own. Completion happens on the messaging (Netty)
 * thread; callers must hop off it before doing real work.
 */
public final class CommandDispatcher implements PartitionSender {
  /** Upstream waits this long before retrying a leader change or an unreachable leader. */
  static final long RETRY_DELAY_MILLIS = 10;

  private final MessagingService messaging;
  private final Supplier<BrokerTopology> topology;
  private final BrokerClientMetrics metrics;
  private final ScheduledExecutorService retryScheduler;
  private volatile String[] topics = new String[0];

  public CommandDispatcher(
      final MessagingService messaging,
      final Supplier<BrokerTopology> topology,
      final BrokerClientMetrics metrics,
      final ScheduledExecutorService retryScheduler) {
    this.messaging = messaging;
    this.topology = topology;
    this.metrics = metrics;
    this.retryScheduler = retryScheduler;
  }

  @Override
  public <T extends UnifiedRecordValue> CompletableFuture<BrokerResult<T>> send(
      final BrokerRequest<T> request,
      final int partitionId,
      final byte[] encoded,
      final long timeoutNanos,
      final boolean retryInPartition) {
    final var attempt =
        new Attempt<>(
            request,
            partitionId,
            encoded,
            System.nanoTime() + timeoutNanos,
            timeoutNanos,
            retryInPartition);
    attempt.run();
    return attempt.future;
  }

  private String topic(final int partitionId) {
    String[] current = topics;
    if (partitionId >= current.length) {
      final var grown = new String[Math.max(partitionId + 1, current.length * 2)];
      for (int id = 0; id < grown.length; id++) {
        grown[id] = "command-api-" + id;
      }
      topics = current = grown;
    }
    return current[partitionId];
  }

  /** One request to one partition, with the retries that stay on that partition. */
  private final class Attempt<T extends UnifiedRecordValue>
      implements Runnable, BiConsumer<byte[], Throwable> {
    private final CompletableFuture<BrokerResult<T>> future = new CompletableFuture<>();
    private final BrokerRequest<T> request;
    private final int partitionId;
    private final byte[] encoded;
    private final long deadline;
    private final long timeoutNanos;
    private final boolean retryInPartition;
    private long sentAt;
    private int leaderNodeId;
    private Throwable lastFailure;

    Attempt(
        final BrokerRequest<T> request,
        final int partitionId,
        final byte[] encoded,
        final long deadline,
        final long timeoutNanos,
        final boolean retryInPartition) {
      this.request = request;
      this.partitionId = partitionId;
      this.encoded = encoded;
      this.deadline = deadline;
      this.timeoutNanos = timeoutNanos;
      this.retryInPartition = retryInPartition;
    }

    @Override
    public void run() {
      final long remaining = deadline - System.nanoTime();
      if (remaining <= 0) {
        failAtDeadline();
        return;
      }
      final BrokerTopology current = topology.get();
      if (!current.hasPartition(partitionId)) {
        fail(
            current.isEmpty()
                ? new BrokerClientException.NoTopology()
                : new BrokerClientException.PartitionNotFound(partitionId),
            "PARTITION_NOT_FOUND");
        return;
      }
      final Address leader = current.leaderAddress(partitionId);
      if (leader == null) {
        fail(new BrokerClientException.NoLeader(partitionId), "PARTITION_INACTIVE");
        return;
      }
      metrics.sent(request.type(), partitionId);
      if (request.attemptListener() != null) {
        leaderNodeId = current.partition(partitionId).leaderNodeId();
      }
      sentAt = System.nanoTime();
      try {
        messaging
            .sendAndReceive(leader, topic(partitionId), encoded, true, Duration.ofNanos(remaining))
            .whenComplete(this);
      } catch (final RuntimeException e) {
        accept(null, e);
      }
    }

    @Override
    public void accept(final byte[] response, final Throwable error) {
      if (error == null) {
        onResponse(response);
      } else {
        onFailure(
            error instanceof CompletionException && error.getCause() != null
                ? error.getCause()
                : error);
      }
    }

    private void onResponse(final byte[] response) {
      if (retryInPartition && CommandCodec.isError(response, ErrorCode.PARTITION_LEADER_MISMATCH)) {
        heard(ErrorCode.PARTITION_LEADER_MISMATCH.name());
        if (retryLater(null)) {
          return;
        }
      }
      final BrokerResult<T> result = CommandCodec.decode(request, partitionId, response);
      if (result instanceof BrokerResult.Error<T> e) {
        // backpressure is an answer, not a failure of the gateway (as upstream counts it)
        if (e.code() != ErrorCode.RESOURCE_EXHAUSTED) {
          metrics.failed(request.type(), partitionId, e.code().name());
        }
      } else {
        metrics.processed(request.type(), partitionId, System.nanoTime() - sentAt);
      }
      if (request.attemptListener() != null) {
        heard(outcome(result));
      }
      future.complete(result);
    }

    private void onFailure(final Throwable cause) {
      final SendFailure failure = SendFailure.of(cause);
      heard(failure.name());
      switch (failure) {
        case TIMEOUT ->
            fail(
                new BrokerClientException.Timeout(
                    request.type(), TimeUnit.NANOSECONDS.toMillis(timeoutNanos)),
                "TIMEOUT");
        case CONNECTION_CLOSED ->
            fail(
                new BrokerClientException.ConnectionClosed(
                    "Connection to the leader of partition "
                        + partitionId
                        + " closed while the request was in flight",
                    cause),
                "CONNECTION_CLOSED");
        case UNREACHABLE, MESSAGING_CLOSED -> {
          if (!retryInPartition || !retryLater(cause)) {
            fail(unavailable(cause), "UNAVAILABLE");
          }
        }
        case OTHER ->
            fail(
                new BrokerClientException.Unavailable(
                    "Request "
                        + request.type()
                        + " to partition "
                        + partitionId
                        + " failed: "
                        + cause,
                    cause),
                "UNKNOWN");
      }
    }

    /** Tells the request's listener, once per message sent, how that message ended. */
    private void heard(final String outcome) {
      final BrokerAttemptListener listener = request.attemptListener();
      if (listener != null && sentAt != 0) {
        listener.attempted(partitionId, leaderNodeId, sentAt, System.nanoTime(), outcome);
        sentAt = 0;
      }
    }

    private static String outcome(final BrokerResult<?> result) {
      return switch (result) {
        case BrokerResult.Accepted<?> accepted -> "OK";
        case BrokerResult.Rejected<?> rejected -> rejected.type().name();
        case BrokerResult.Error<?> error -> error.code().name();
      };
    }

    /** Schedules another try on this partition if time remains; false when it does not. */
    private boolean retryLater(final Throwable cause) {
      lastFailure = cause;
      if (deadline - System.nanoTime() <= TimeUnit.MILLISECONDS.toNanos(RETRY_DELAY_MILLIS)) {
        return false;
      }
      retryScheduler.schedule(this, RETRY_DELAY_MILLIS, TimeUnit.MILLISECONDS);
      return true;
    }

    private void failAtDeadline() {
      if (lastFailure != null) {
        fail(unavailable(lastFailure), "UNAVAILABLE");
      } else {
        fail(
            new BrokerClientException.Timeout(
                request.type(), TimeUnit.NANOSECONDS.toMillis(timeoutNanos)),
            "TIMEOUT");
      }
    }

    private BrokerClientException unavailable(final Throwable cause) {
      return new BrokerClientException.Unavailable(
          "Expected to send request "
              + request.type()
              + " to the leader of partition "
              + partitionId
              + ", but it could not be reached: "
              + cause.getMessage(),
          cause);
    }

    private void fail(final BrokerClientException error, final String code) {
      metrics.failed(request.type(), partitionId, code);
      future.completeExceptionally(error);
    }
  }
}

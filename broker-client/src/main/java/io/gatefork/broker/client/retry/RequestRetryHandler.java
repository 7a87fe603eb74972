package io.gatefork.broker.client.retry;

import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.camunda.zeebe.protocol.record.ErrorCode;
import io.gatefork.broker.client.BrokerClientException;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.ResourceExhaustedRetry;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.routing.PartitionRouter;
import io.gatefork.broker.client.topology.BrokerTopology;
import io.gatefork.broker.client.transport.CommandCodec;
import io.gatefork.broker.client.transport.PartitionSender;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * The partition retry of process-instance creation: a new instance may live on any partition, so
 * when the round-robin partition cannot take it the next one is tried, each at most once. Moves on
 * only when a partition has no leader, its leader changed, or it cannot be reached; any answer of
 * the engine is final. {@code RESOURCE_EXHAUSTED} is final too unless configured {@link
 * ResourceExhaustedRetry#NEXT_PARTITION} (the stock behaviour). Each attempt gets the full timeout,
 * as upstream; the request is encoded once.
 */
public final class RequestRetryHandler {
  private final PartitionSender sender;
  private final Supplier<BrokerTopology> topology;
  private final PartitionRouter router;
  private final ResourceExhaustedRetry resourceExhaustedRetry;

  public RequestRetryHandler(
      final PartitionSender sender,
      final Supplier<BrokerTopology> topology,
      final PartitionRouter router,
      final ResourceExhaustedRetry resourceExhaustedRetry) {
    this.sender = sender;
    this.topology = topology;
    this.router = router;
    this.resourceExhaustedRetry = resourceExhaustedRetry;
  }

  public <T extends UnifiedRecordValue> CompletableFuture<BrokerResult<T>> send(
      final BrokerRequest<T> request, final long timeoutNanos) {
    final BrokerTopology current = topology.get();
    final int start;
    try {
      start = router.nextRoundRobin(current);
    } catch (final BrokerClientException e) {
      return CompletableFuture.failedFuture(e);
    }
    final var retry =
        new PartitionWalk<>(
            request,
            start,
            current.partitionsCount(),
            timeoutNanos,
            CommandCodec.encode(request, start));
    retry.next();
    return retry.future;
  }

  private final class PartitionWalk<T extends UnifiedRecordValue>
      implements BiConsumer<BrokerResult<T>, Throwable> {
    private final CompletableFuture<BrokerResult<T>> future = new CompletableFuture<>();
    private final BrokerRequest<T> request;
    private final int start;
    private final int partitionsCount;
    private final long timeoutNanos;
    private final byte[] encoded;
    private int tried;

    PartitionWalk(
        final BrokerRequest<T> request,
        final int start,
        final int partitionsCount,
        final long timeoutNanos,
        final byte[] encoded) {
      this.request = request;
      this.start = start;
      this.partitionsCount = partitionsCount;
      this.timeoutNanos = timeoutNanos;
      this.encoded = encoded;
    }

    /** Sends to the next untried partition that has a leader, or gives up. */
    void next() {
      final BrokerTopology current = topology.get();
      while (tried < partitionsCount) {
        final int partitionId = (start - 1 + tried) % partitionsCount + 1;
        tried++;
        if (current.leaderAddress(partitionId) == null) {
          continue;
        }
        CommandCodec.setPartitionId(encoded, partitionId);
        sender.send(request, partitionId, encoded, timeoutNanos, false).whenComplete(this);
        return;
      }
      future.completeExceptionally(
          new BrokerClientException.RetriesExhausted(request.type(), partitionsCount));
    }

    @Override
    public void accept(final BrokerResult<T> result, final Throwable error) {
      if (error != null) {
        final Throwable cause =
            error instanceof CompletionException && error.getCause() != null
                ? error.getCause()
                : error;
        if (cause instanceof BrokerClientException.Unavailable
            || cause instanceof BrokerClientException.NoLeader) {
          next();
        } else {
          future.completeExceptionally(cause);
        }
        return;
      }
      if (result instanceof BrokerResult.Error<T> e && shouldTryNextPartition(e.code())) {
        next();
        return;
      }
      future.complete(result);
    }

    private boolean shouldTryNextPartition(final ErrorCode code) {
      return code == ErrorCode.PARTITION_LEADER_MISMATCH
          || (code == ErrorCode.RESOURCE_EXHAUSTED
              && resourceExhaustedRetry == ResourceExhaustedRetry.NEXT_PARTITION);
    }
  }
}

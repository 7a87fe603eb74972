package io.gatefork.broker.client.transport;

import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.request.BrokerRequest;
import java.util.concurrent.CompletableFuture;

/** Sends an encoded command to one partition's leader. The seam unit tests fake. */
public interface PartitionSender {

  /**
   * @param encoded the request's bytes, already targeted at {@code partitionId}
   * @param timeoutNanos deadline for this partition, from now
   * @param retryInPartition retry a leader change or an unreachable leader on the same partition
   *     until the deadline; without it such failures answer at once (the partition retry then moves
   *     on to the next partition)
   * @return completes on the transport thread with the broker's answer, or exceptionally with a
   *     {@link io.gatefork.broker.client.BrokerClientException}
   */
  <T extends UnifiedRecordValue> CompletableFuture<BrokerResult<T>> send(
      BrokerRequest<T> request,
      int partitionId,
      byte[] encoded,
      long timeoutNanos,
      boolean retryInPartition);
}

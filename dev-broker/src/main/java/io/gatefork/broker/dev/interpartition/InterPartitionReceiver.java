package io.gatefork.broker.dev.interpartition;

import io.atomix.cluster.messaging.ClusterCommunicationService;
import io.camunda.zeebe.logstreams.log.LogStreamWriter;
import io.camunda.zeebe.protocol.record.intent.Intent;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Receives commands that partitions on other embedded brokers send to the partitions hosted here,
 * and appends them to the receiving partition's log.
 */
public final class InterPartitionReceiver implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(InterPartitionReceiver.class);

  private final ClusterCommunicationService communication;
  private final Map<Integer, LogStreamWriter> localWriters;
  private final Set<Integer> subscribedPartitions;

  /**
   * @param localWriters writers of the partitions led here; a partition this broker steps down from
   *     is removed from the (concurrent) map
   */
  public InterPartitionReceiver(
      final ClusterCommunicationService communication,
      final Map<Integer, LogStreamWriter> localWriters) {
    this.communication = communication;
    this.localWriters = localWriters;
    subscribedPartitions = Set.copyOf(localWriters.keySet());
  }

  /**
   * Subscribes the topic of every local partition. A partition this broker has stepped down from
   * (its writer is gone from the map) drops what still arrives for it: the sender retries.
   */
  public void start() {
    subscribedPartitions.forEach(
        partitionId ->
            // appending is a short in-memory write, fine on the messaging thread
            communication.consume(
                InterPartitionMessage.topic(partitionId),
                Function.identity(),
                (byte[] bytes) -> receive(partitionId, bytes),
                Runnable::run));
  }

  private void receive(final int partitionId, final byte[] bytes) {
    final LogStreamWriter writer = localWriters.get(partitionId);
    if (writer == null) {
      LOG.debug("Dropped a remote command for partition {}: not led here any more", partitionId);
      return;
    }
    try {
      final var message = InterPartitionMessage.decode(bytes);
      final var intent = Intent.fromProtocolValue(message.valueType(), message.intent());
      final var value = InterPartitionAppender.readValue(message.valueType(), message.value());
      final var written =
          InterPartitionAppender.append(
              writer,
              message.valueType(),
              intent,
              message.recordKey(),
              message.authorization(),
              value);
      if (written.isLeft()) {
        LOG.debug(
            "Dropped remote {}.{} for partition {}: {}",
            message.valueType(),
            intent,
            partitionId,
            written.getLeft());
      }
    } catch (final RuntimeException e) {
      LOG.warn("Dropped an undecodable inter-partition message for partition {}", partitionId, e);
    }
  }

  @Override
  public void close() {
    subscribedPartitions.forEach(id -> communication.unsubscribe(InterPartitionMessage.topic(id)));
  }
}

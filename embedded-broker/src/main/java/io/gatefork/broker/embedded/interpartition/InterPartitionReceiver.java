package io.gatefork.broker.embedded.interpartition;

import io.atomix.cluster.messaging.ClusterCommunicationService;
import io.camunda.zeebe.logstreams.log.LogStreamWriter;
import io.camunda.zeebe.protocol.record.intent.Intent;
import java.util.Map;
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

  public InterPartitionReceiver(
      final ClusterCommunicationService communication,
      final Map<Integer, LogStreamWriter> localWriters) {
    this.communication = communication;
    this.localWriters = localWriters;
  }

  /** Subscribes the topic of every local partition. */
  public void start() {
    localWriters.forEach(
        (partitionId, writer) ->
            // appending is a short in-memory write, fine on the messaging thread
            communication.consume(
                InterPartitionMessage.topic(partitionId),
                Function.identity(),
                (byte[] bytes) -> receive(partitionId, writer, bytes),
                Runnable::run));
  }

  private void receive(final int partitionId, final LogStreamWriter writer, final byte[] bytes) {
    try {
      final var message = InterPartitionMessage.decode(bytes);
      final var intent = Intent.fromProtocolValue(message.valueType(), message.intent());
      final var value = InterPartitionAppender.readValue(message.valueType(), message.value());
      final var written =
          InterPartitionAppender.append(
              writer, message.valueType(), intent, message.recordKey(), value);
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
    localWriters.keySet().forEach(id -> communication.unsubscribe(InterPartitionMessage.topic(id)));
  }
}

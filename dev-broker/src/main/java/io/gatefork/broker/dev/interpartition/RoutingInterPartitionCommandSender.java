package io.gatefork.broker.dev.interpartition;

import io.atomix.cluster.MemberId;
import io.atomix.cluster.messaging.ClusterCommunicationService;
import io.camunda.zeebe.logstreams.log.LogStreamWriter;
import io.camunda.zeebe.protocol.impl.encoding.AuthInfo;
import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.Intent;
import io.camunda.zeebe.stream.api.InterPartitionCommandSender;
import io.gatefork.broker.dev.cluster.PartitionLeaderDirectory;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.agrona.concurrent.UnsafeBuffer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's way to send commands to other partitions (deployment distribution, message
 * subscriptions, identity setup, ...). One instance per sending partition.
 *
 * <p>A partition hosted by this broker gets the command appended straight to its log. A partition
 * hosted by another embedded broker gets it over Atomix ({@link InterPartitionReceiver} appends it
 * there). Delivery is best effort like upstream's: when no leader is known the command is dropped,
 * and the engine sends it again later (command redistribution, pending subscription checks).
 */
public final class RoutingInterPartitionCommandSender implements InterPartitionCommandSender {

  private static final Logger LOG =
      LoggerFactory.getLogger(RoutingInterPartitionCommandSender.class);

  private final int senderPartitionId;
  private final Map<Integer, LogStreamWriter> localWriters;
  private final PartitionLeaderDirectory remoteLeaders;
  private final ClusterCommunicationService communication;

  /**
   * @param localWriters writers of every partition hosted here, complete before any engine starts
   *     (partition 1 sends identity setup commands right when it opens)
   */
  public RoutingInterPartitionCommandSender(
      final int senderPartitionId,
      final Map<Integer, LogStreamWriter> localWriters,
      final PartitionLeaderDirectory remoteLeaders,
      final ClusterCommunicationService communication) {
    this.senderPartitionId = senderPartitionId;
    this.localWriters = localWriters;
    this.remoteLeaders = remoteLeaders;
    this.communication = communication;
  }

  /** The engine's other overloads (without a key or an authorization) come here too. */
  @Override
  public void sendCommand(
      final int receiverPartitionId,
      final ValueType valueType,
      final Intent intent,
      final Long recordKey,
      final UnifiedRecordValue command,
      final AuthInfo authInfo) {
    final byte[] authorization = encoded(authInfo);
    final LogStreamWriter localWriter = localWriters.get(receiverPartitionId);
    if (localWriter != null) {
      final var written =
          InterPartitionAppender.append(
              localWriter, valueType, intent, recordKey, authorization, command);
      if (written.isLeft()) {
        LOG.debug(
            "Dropped {}.{} from partition {} to {}: {}",
            valueType,
            intent,
            senderPartitionId,
            receiverPartitionId,
            written.getLeft());
      }
      return;
    }

    final Optional<MemberId> leader = remoteLeaders.leaderOf(receiverPartitionId);
    if (leader.isEmpty()) {
      LOG.debug(
          "Dropped {}.{} from partition {} to {}: no known leader",
          valueType,
          intent,
          senderPartitionId,
          receiverPartitionId);
      return;
    }
    final byte[] value = new byte[command.getLength()];
    command.write(new UnsafeBuffer(value), 0);
    final byte[] message =
        new InterPartitionMessage(
                receiverPartitionId, valueType, intent.value(), recordKey, value, authorization)
            .encode();
    communication.unicast(
        InterPartitionMessage.topic(receiverPartitionId),
        message,
        Function.identity(),
        leader.get(),
        true);
  }

  private static byte[] encoded(final AuthInfo authInfo) {
    if (authInfo == null || authInfo.isEmpty()) {
      return new byte[0];
    }
    final byte[] bytes = new byte[authInfo.getLength()];
    authInfo.write(new UnsafeBuffer(bytes), 0);
    return bytes;
  }
}

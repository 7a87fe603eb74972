package io.gatefork.broker.dev.interpartition;

import io.camunda.zeebe.protocol.record.ValueType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A command sent from a partition on one embedded broker to a partition on another, as bytes on the
 * Atomix topic {@code gatefork-inter-partition-<receiver>}. Our own small format (embedded brokers
 * only talk to each other):
 *
 * <pre>
 * byte   format version (1)
 * int    receiver partition id
 * short  value type
 * short  intent
 * byte   1 if a record key follows, else 0
 * long   record key (present only if flagged)
 * int    value length, then the msgpack value bytes
 * int    authorization length (0: none), then the command's AuthInfo as msgpack
 * </pre>
 *
 * Little-endian. Version 2 added the authorization: from 8.8.x the engine distributes a command
 * with the authorization it was given (a signal broadcast is checked on every partition).
 */
record InterPartitionMessage(
    int receiverPartitionId,
    ValueType valueType,
    short intent,
    Long recordKey,
    byte[] value,
    byte[] authorization) {

  static final String TOPIC_PREFIX = "gatefork-inter-partition-";
  private static final byte FORMAT_VERSION = 2;
  private static final int FIXED_LENGTH = 1 + 4 + 2 + 2 + 1 + 4 + 4;

  static String topic(final int partitionId) {
    return TOPIC_PREFIX + partitionId;
  }

  byte[] encode() {
    final int length =
        FIXED_LENGTH + (recordKey != null ? 8 : 0) + value.length + authorization.length;
    final ByteBuffer buffer = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
    buffer.put(FORMAT_VERSION);
    buffer.putInt(receiverPartitionId);
    buffer.putShort(valueType.value());
    buffer.putShort(intent);
    if (recordKey != null) {
      buffer.put((byte) 1).putLong(recordKey);
    } else {
      buffer.put((byte) 0);
    }
    buffer.putInt(value.length).put(value);
    buffer.putInt(authorization.length).put(authorization);
    return buffer.array();
  }

  static InterPartitionMessage decode(final byte[] bytes) {
    final ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    final byte version = buffer.get();
    if (version != FORMAT_VERSION) {
      throw new IllegalArgumentException("Unknown inter-partition message format " + version);
    }
    final int receiver = buffer.getInt();
    final ValueType valueType = ValueType.get(buffer.getShort());
    final short intent = buffer.getShort();
    final Long key = buffer.get() == 1 ? buffer.getLong() : null;
    final byte[] value = new byte[buffer.getInt()];
    buffer.get(value);
    final byte[] authorization = new byte[buffer.getInt()];
    buffer.get(authorization);
    return new InterPartitionMessage(receiver, valueType, intent, key, value, authorization);
  }
}

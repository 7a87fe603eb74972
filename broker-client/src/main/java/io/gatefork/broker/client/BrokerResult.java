package io.gatefork.broker.client;

import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.camunda.zeebe.protocol.record.ErrorCode;
import io.camunda.zeebe.protocol.record.RejectionType;
import io.camunda.zeebe.protocol.record.intent.Intent;
import org.agrona.DirectBuffer;

/**
 * What a broker answered: the command was accepted (with the resulting record), rejected by the
 * engine (type and reason), or refused before processing (an error code such as {@code
 * RESOURCE_EXHAUSTED}). Failures to get any answer complete the future with a {@link
 * BrokerClientException} instead.
 *
 * @param <T> record type of an accepted answer
 */
public sealed interface BrokerResult<T extends UnifiedRecordValue> {

  /** The partition that answered. */
  int partitionId();

  /**
   * The engine accepted the command. The record is read from the answer's bytes on first access, so
   * the transport thread only decodes the SBE frame.
   */
  final class Accepted<T extends UnifiedRecordValue> implements BrokerResult<T> {
    private final int partitionId;
    private final long key;
    private final Intent intent;
    private final DirectBuffer valueBuffer;
    private final int valueOffset;
    private final int valueLength;
    private final T value;
    private boolean read;

    public Accepted(
        final int partitionId,
        final long key,
        final Intent intent,
        final T emptyValue,
        final DirectBuffer valueBuffer,
        final int valueOffset,
        final int valueLength) {
      this.partitionId = partitionId;
      this.key = key;
      this.intent = intent;
      this.valueBuffer = valueBuffer;
      this.valueOffset = valueOffset;
      this.valueLength = valueLength;
      value = emptyValue;
    }

    @Override
    public int partitionId() {
      return partitionId;
    }

    /** The key of the entity the command created or addressed. */
    public long key() {
      return key;
    }

    /** The event intent the engine wrote, e.g. {@code CREATED}. */
    public Intent intent() {
      return intent;
    }

    /** The answer's record; read from the bytes on the first call (one reader per result). */
    public T value() {
      if (!read) {
        value.wrap(valueBuffer, valueOffset, valueLength);
        read = true;
      }
      return value;
    }

    @Override
    public String toString() {
      return "Accepted{partition=" + partitionId + ", key=" + key + ", intent=" + intent + "}";
    }
  }

  /** The engine rejected the command; {@code intent} is the command's intent. */
  record Rejected<T extends UnifiedRecordValue>(
      int partitionId, long key, Intent intent, RejectionType type, String reason)
      implements BrokerResult<T> {}

  /** The broker refused the command before the engine saw it. */
  record Error<T extends UnifiedRecordValue>(int partitionId, ErrorCode code, String message)
      implements BrokerResult<T> {}
}

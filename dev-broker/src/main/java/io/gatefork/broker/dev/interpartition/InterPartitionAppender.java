package io.gatefork.broker.dev.interpartition;

import io.camunda.zeebe.logstreams.log.LogAppendEntry;
import io.camunda.zeebe.logstreams.log.LogStreamWriter;
import io.camunda.zeebe.logstreams.log.LogStreamWriter.WriteFailure;
import io.camunda.zeebe.logstreams.log.WriteContext;
import io.camunda.zeebe.protocol.impl.record.RecordMetadata;
import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.Intent;
import io.camunda.zeebe.stream.impl.TypedEventRegistry;
import io.camunda.zeebe.util.Either;
import org.agrona.concurrent.UnsafeBuffer;

/** Appends an inter-partition command to the receiving partition's log, as a real broker does. */
final class InterPartitionAppender {

  private InterPartitionAppender() {}

  /**
   * Appends the command with the authorization it was sent with (AuthInfo as msgpack; empty for
   * none). The write is synchronous (the value is serialized into the log before this returns), so
   * the caller may reuse {@code value} afterwards.
   */
  static Either<WriteFailure, Long> append(
      final LogStreamWriter writer,
      final ValueType valueType,
      final Intent intent,
      final Long recordKey,
      final byte[] authorization,
      final UnifiedRecordValue value) {
    // fresh metadata per call: the engine may send from more than one thread
    final var metadata =
        new RecordMetadata().recordType(RecordType.COMMAND).valueType(valueType).intent(intent);
    if (authorization.length > 0) { // checked again by the receiving partition's engine
      metadata.authorization(new UnsafeBuffer(authorization));
    }
    final LogAppendEntry entry =
        recordKey != null
            ? LogAppendEntry.of(recordKey, metadata, value)
            : LogAppendEntry.of(metadata, value);
    return writer.tryWrite(WriteContext.interPartition(), entry);
  }

  /** Reads a command value of the given type from its msgpack bytes. */
  static UnifiedRecordValue readValue(final ValueType valueType, final byte[] bytes) {
    final Class<? extends UnifiedRecordValue> type =
        TypedEventRegistry.EVENT_REGISTRY.get(valueType);
    if (type == null) {
      throw new IllegalArgumentException("No record value type for " + valueType);
    }
    try {
      final UnifiedRecordValue value = type.getDeclaredConstructor().newInstance();
      value.wrap(new UnsafeBuffer(bytes), 0, bytes.length);
      return value;
    } catch (final ReflectiveOperationException e) {
      throw new IllegalStateException("Cannot instantiate " + type, e);
    }
  }
}

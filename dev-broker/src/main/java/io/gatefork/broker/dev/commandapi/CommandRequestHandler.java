package io.gatefork.broker.dev.commandapi;

import io.camunda.zeebe.logstreams.log.LogAppendEntry;
import io.camunda.zeebe.logstreams.log.LogStreamWriter;
import io.camunda.zeebe.logstreams.log.LogStreamWriter.WriteFailure;
import io.camunda.zeebe.logstreams.log.WriteContext;
import io.camunda.zeebe.protocol.impl.encoding.AuthInfo;
import io.camunda.zeebe.protocol.impl.record.RecordMetadata;
import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.camunda.zeebe.protocol.record.ErrorCode;
import io.camunda.zeebe.protocol.record.ExecuteCommandRequestDecoder;
import io.camunda.zeebe.protocol.record.MessageHeaderDecoder;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.Intent;
import io.camunda.zeebe.stream.impl.TypedEventRegistry;
import io.camunda.zeebe.transport.RequestHandler;
import io.camunda.zeebe.transport.ServerOutput;
import java.util.EnumMap;
import java.util.Map;
import org.agrona.DirectBuffer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The command API of one partition: decodes an SBE {@code ExecuteCommandRequest} and appends it to
 * the partition's log as a user command. The stream processor answers it later through the
 * partition's response writer; only a refused write is answered here, with an {@code
 * ErrorResponse}.
 *
 * <p>Runs on the server transport's actor thread only, so the decoders and value instances are
 * reused without locking. The authorization data sent with the request is kept in the record
 * metadata, where the engine reads it.
 */
final class CommandRequestHandler implements RequestHandler {

  private static final Logger LOG = LoggerFactory.getLogger(CommandRequestHandler.class);

  private final LogStreamWriter writer;
  private final CommandApiObserver observer;
  private final ErrorResponses errors = new ErrorResponses();
  private final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();
  private final ExecuteCommandRequestDecoder requestDecoder = new ExecuteCommandRequestDecoder();
  private final RecordMetadata metadata = new RecordMetadata();
  private final AuthInfo authInfo = new AuthInfo();
  private final Map<ValueType, UnifiedRecordValue> values = new EnumMap<>(ValueType.class);
  // set once by the step-down thread; requests are handled on the transport's thread
  private volatile boolean leading = true;

  CommandRequestHandler(final LogStreamWriter writer, final CommandApiObserver observer) {
    this.writer = writer;
    this.observer = observer;
  }

  @Override
  public void onRequest(
      final ServerOutput output,
      final int partitionId,
      final long requestId,
      final DirectBuffer buffer,
      final int offset,
      final int length) {
    observer.onReceived(partitionId);
    if (!leading) {
      refuseNotLeader(output, partitionId, requestId);
      return;
    }
    if (length < MessageHeaderDecoder.ENCODED_LENGTH) {
      errors.send(output, partitionId, requestId, ErrorCode.MALFORMED_REQUEST, "Request too short");
      return;
    }
    headerDecoder.wrap(buffer, offset);
    if (headerDecoder.schemaId() != ExecuteCommandRequestDecoder.SCHEMA_ID
        || headerDecoder.templateId() != ExecuteCommandRequestDecoder.TEMPLATE_ID) {
      errors.send(
          output,
          partitionId,
          requestId,
          ErrorCode.INVALID_MESSAGE_TEMPLATE,
          "Expected an ExecuteCommandRequest (schema %d, template %d), got schema %d, template %d"
              .formatted(
                  ExecuteCommandRequestDecoder.SCHEMA_ID,
                  ExecuteCommandRequestDecoder.TEMPLATE_ID,
                  headerDecoder.schemaId(),
                  headerDecoder.templateId()));
      return;
    }

    final LogAppendEntry entry;
    final Intent intent;
    try {
      requestDecoder.wrap(
          buffer,
          offset + MessageHeaderDecoder.ENCODED_LENGTH,
          headerDecoder.blockLength(),
          headerDecoder.version());
      final ValueType valueType = requestDecoder.valueType();
      final UnifiedRecordValue value = valueFor(valueType);
      if (value == null) {
        errors.send(
            output,
            partitionId,
            requestId,
            ErrorCode.UNSUPPORTED_MESSAGE,
            "Commands of value type %s are not supported".formatted(valueType));
        return;
      }
      intent = Intent.fromProtocolValue(valueType, requestDecoder.intent());
      final long key = requestDecoder.key();
      final long operationReference = requestDecoder.operationReference();

      final int valueOffset =
          requestDecoder.limit() + ExecuteCommandRequestDecoder.valueHeaderLength();
      final int valueLength = requestDecoder.valueLength();
      value.wrap(buffer, valueOffset, valueLength);
      requestDecoder.skipValue();

      metadata.reset();
      final int authLength = requestDecoder.authorizationLength();
      if (authLength > 0) {
        authInfo.wrap(
            buffer,
            requestDecoder.limit() + ExecuteCommandRequestDecoder.authorizationHeaderLength(),
            authLength);
        metadata.authorization(authInfo);
      }
      metadata
          .protocolVersion(headerDecoder.version())
          .requestId(requestId)
          // the response writer gets this back and uses it to address the transport reply
          .requestStreamId(partitionId)
          .recordType(RecordType.COMMAND)
          .valueType(valueType)
          .intent(intent)
          .operationReference(operationReference);
      entry =
          key != ExecuteCommandRequestDecoder.keyNullValue()
              ? LogAppendEntry.of(key, metadata, value)
              : LogAppendEntry.of(metadata, value);
    } catch (final RuntimeException e) {
      LOG.debug("Malformed command request on partition {}", partitionId, e);
      errors.send(
          output,
          partitionId,
          requestId,
          ErrorCode.MALFORMED_REQUEST,
          "Cannot decode the command request: " + e.getMessage());
      return;
    }

    // serializes the entry into the log synchronously, so the request buffer may go afterwards
    final var written = writer.tryWrite(WriteContext.userCommand(intent), entry);
    if (written.isLeft()) {
      refuse(output, partitionId, requestId, written.getLeft());
    }
  }

  private void refuse(
      final ServerOutput output,
      final int partitionId,
      final long requestId,
      final WriteFailure failure) {
    switch (failure) {
      case REQUEST_LIMIT_EXHAUSTED -> {
        observer.onResourceExhausted(partitionId);
        errors.send(
            output,
            partitionId,
            requestId,
            ErrorCode.RESOURCE_EXHAUSTED,
            "Reached maximum capacity of requests handled");
      }
      case WRITE_LIMIT_EXHAUSTED -> {
        observer.onResourceExhausted(partitionId);
        errors.send(
            output,
            partitionId,
            requestId,
            ErrorCode.RESOURCE_EXHAUSTED,
            "Reached maximum write rate");
      }
      case CLOSED -> refuseNotLeader(output, partitionId, requestId);
      case INVALID_ARGUMENT ->
          errors.send(
              output,
              partitionId,
              requestId,
              ErrorCode.MALFORMED_REQUEST,
              "The command cannot be written to the log");
    }
  }

  /** From now on every request is answered {@code PARTITION_LEADER_MISMATCH}. */
  void stopLeading() {
    leading = false;
  }

  static String notLeader(final int partitionId) {
    return "Partition %d is not led by this broker (any more)".formatted(partitionId);
  }

  /** What a broker that no longer leads the partition answers; the gateway retries elsewhere. */
  private void refuseNotLeader(
      final ServerOutput output, final int partitionId, final long requestId) {
    errors.send(
        output,
        partitionId,
        requestId,
        ErrorCode.PARTITION_LEADER_MISMATCH,
        notLeader(partitionId));
  }

  /** A reusable value instance for the type, or null if the engine knows no such command. */
  private UnifiedRecordValue valueFor(final ValueType valueType) {
    final UnifiedRecordValue cached = values.get(valueType);
    if (cached != null) {
      return cached;
    }
    final Class<? extends UnifiedRecordValue> type =
        TypedEventRegistry.EVENT_REGISTRY.get(valueType);
    if (type == null) {
      return null;
    }
    try {
      final UnifiedRecordValue value = type.getDeclaredConstructor().newInstance();
      values.put(valueType, value);
      return value;
    } catch (final ReflectiveOperationException e) {
      throw new IllegalStateException("Cannot instantiate " + type, e);
    }
  }
}

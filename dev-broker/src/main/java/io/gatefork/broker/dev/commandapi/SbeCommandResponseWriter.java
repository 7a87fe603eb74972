package io.gatefork.broker.dev.commandapi;

import io.camunda.zeebe.protocol.Protocol;
import io.camunda.zeebe.protocol.record.ExecuteCommandResponseEncoder;
import io.camunda.zeebe.protocol.record.MessageHeaderEncoder;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.RejectionType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.Intent;
import io.camunda.zeebe.stream.api.CommandResponseWriter;
import io.camunda.zeebe.transport.ServerOutput;
import io.camunda.zeebe.transport.impl.ServerResponseImpl;
import io.camunda.zeebe.util.buffer.BufferWriter;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Turns the engine's answer to a user command into an SBE {@code ExecuteCommandResponse} and hands
 * it to the server transport.
 *
 * <p>One instance per partition, used only by that partition's stream processor thread: the
 * processor sets the fields, then calls {@link #tryWriteResponse}. The transport serializes the
 * response into its own byte array during {@code sendResponse}, so the fields can be reset right
 * after.
 */
final class SbeCommandResponseWriter implements CommandResponseWriter, BufferWriter {

  private final ServerOutput output;
  private final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
  private final ExecuteCommandResponseEncoder responseEncoder = new ExecuteCommandResponseEncoder();
  private final ServerResponseImpl response = new ServerResponseImpl();
  private final UnsafeBuffer rejectionReason = new UnsafeBuffer(0, 0);

  private int partitionId;
  private long key;
  private RecordType recordType;
  private ValueType valueType;
  private short intent;
  private RejectionType rejectionType;
  private BufferWriter valueWriter;

  SbeCommandResponseWriter(final ServerOutput output) {
    this.output = output;
    reset();
  }

  @Override
  public CommandResponseWriter partitionId(final int partitionId) {
    this.partitionId = partitionId;
    return this;
  }

  @Override
  public CommandResponseWriter key(final long key) {
    this.key = key;
    return this;
  }

  @Override
  public CommandResponseWriter intent(final Intent intent) {
    this.intent = intent.value();
    return this;
  }

  @Override
  public CommandResponseWriter recordType(final RecordType type) {
    recordType = type;
    return this;
  }

  @Override
  public CommandResponseWriter valueType(final ValueType valueType) {
    this.valueType = valueType;
    return this;
  }

  @Override
  public CommandResponseWriter rejectionType(final RejectionType rejectionType) {
    this.rejectionType = rejectionType;
    return this;
  }

  @Override
  public CommandResponseWriter rejectionReason(final DirectBuffer rejectionReason) {
    this.rejectionReason.wrap(rejectionReason);
    return this;
  }

  @Override
  public CommandResponseWriter valueWriter(final BufferWriter value) {
    valueWriter = value;
    return this;
  }

  @Override
  public void tryWriteResponse(final int requestStreamId, final long requestId) {
    try {
      if (valueWriter != null) {
        // requestStreamId is the partition the request arrived on (set by the request handler)
        response.reset().setPartitionId(requestStreamId).setRequestId(requestId).writer(this);
        output.sendResponse(response);
      }
    } finally {
      reset();
    }
  }

  @Override
  public int getLength() {
    return MessageHeaderEncoder.ENCODED_LENGTH
        + ExecuteCommandResponseEncoder.BLOCK_LENGTH
        + ExecuteCommandResponseEncoder.valueHeaderLength()
        + valueWriter.getLength()
        + ExecuteCommandResponseEncoder.rejectionReasonHeaderLength()
        + rejectionReason.capacity();
  }

  @Override
  public void write(final MutableDirectBuffer buffer, final int offset) {
    responseEncoder
        .wrapAndApplyHeader(buffer, offset, headerEncoder)
        .partitionId(partitionId)
        .key(key)
        .recordType(recordType)
        .valueType(valueType)
        .intent(intent)
        .rejectionType(rejectionType);
    // the value is var-data (length prefix + bytes); the engine's writer fills it in place
    int cursor = responseEncoder.limit();
    final int valueLength = valueWriter.getLength();
    buffer.putInt(cursor, valueLength, Protocol.ENDIANNESS);
    cursor += ExecuteCommandResponseEncoder.valueHeaderLength();
    valueWriter.write(buffer, cursor);
    responseEncoder.limit(cursor + valueLength);
    responseEncoder.putRejectionReason(rejectionReason, 0, rejectionReason.capacity());
  }

  private void reset() {
    partitionId = ExecuteCommandResponseEncoder.partitionIdNullValue();
    key = ExecuteCommandResponseEncoder.keyNullValue();
    recordType = RecordType.NULL_VAL;
    valueType = ValueType.NULL_VAL;
    intent = Intent.NULL_VAL;
    rejectionType = RejectionType.NULL_VAL;
    valueWriter = null;
    rejectionReason.wrap(0, 0);
  }
}

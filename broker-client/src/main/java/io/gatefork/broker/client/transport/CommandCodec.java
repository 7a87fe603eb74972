package io.gatefork.broker.client.transport;

import io.camunda.zeebe.protocol.Protocol;
import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.camunda.zeebe.protocol.record.ErrorCode;
import io.camunda.zeebe.protocol.record.ErrorResponseDecoder;
import io.camunda.zeebe.protocol.record.ExecuteCommandRequestEncoder;
import io.camunda.zeebe.protocol.record.ExecuteCommandResponseDecoder;
import io.camunda.zeebe.protocol.record.MessageHeaderDecoder;
import io.camunda.zeebe.protocol.record.MessageHeaderEncoder;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.RejectionType;
import io.camunda.zeebe.protocol.record.intent.Intent;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.request.BrokerRequest;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The command protocol's bytes: an SBE {@code ExecuteCommandRequest} with the msgpack record as its
 * value, and the broker's {@code ExecuteCommandResponse} or {@code ErrorResponse}. These are
 * exactly the bytes a stock gateway puts on topic {@code command-api-<partition>}.
 */
public final class CommandCodec {
  private static final int PARTITION_ID_OFFSET =
      MessageHeaderEncoder.ENCODED_LENGTH
          + ExecuteCommandRequestEncoder.partitionIdEncodingOffset();

  private CommandCodec() {}

  /** Encodes the request once; a retry on another partition only patches the partition id. */
  public static byte[] encode(final BrokerRequest<?> request, final int partitionId) {
    final UnifiedRecordValue value = request.value();
    final int valueLength = value.getLength();
    final var authorization = request.authorization();
    final int authLength = authorization == null ? 0 : authorization.getLength();
    final int length =
        MessageHeaderEncoder.ENCODED_LENGTH
            + ExecuteCommandRequestEncoder.BLOCK_LENGTH
            + ExecuteCommandRequestEncoder.valueHeaderLength()
            + valueLength
            + ExecuteCommandRequestEncoder.authorizationHeaderLength()
            + authLength;
    final byte[] bytes = new byte[length];
    final var buffer = new UnsafeBuffer(bytes);
    final var encoder = new ExecuteCommandRequestEncoder();
    encoder
        .wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder())
        .partitionId(partitionId)
        .key(request.key())
        .operationReference(
            request.operationReference() < 0
                ? ExecuteCommandRequestEncoder.operationReferenceNullValue()
                : request.operationReference())
        .valueType(request.valueType())
        .intent(request.intent().value());
    // var-data fields are written in place: uint32 length, then the bytes
    int offset = encoder.limit();
    buffer.putInt(offset, valueLength, Protocol.ENDIANNESS);
    offset += ExecuteCommandRequestEncoder.valueHeaderLength();
    value.write(buffer, offset);
    offset += valueLength;
    buffer.putInt(offset, authLength, Protocol.ENDIANNESS);
    offset += ExecuteCommandRequestEncoder.authorizationHeaderLength();
    if (authLength > 0) {
      authorization.write(buffer, offset);
    }
    return bytes;
  }

  /** Re-targets an encoded request at another partition. */
  public static void setPartitionId(final byte[] encoded, final int partitionId) {
    new UnsafeBuffer(encoded)
        .putShort(PARTITION_ID_OFFSET, (short) partitionId, Protocol.ENDIANNESS);
  }

  /** True when the answer is an {@code ErrorResponse} with the given code. */
  public static boolean isError(final byte[] response, final ErrorCode code) {
    final var buffer = new UnsafeBuffer(response);
    final var header = new MessageHeaderDecoder().wrap(buffer, 0);
    if (header.templateId() != ErrorResponseDecoder.TEMPLATE_ID) {
      return false;
    }
    return new ErrorResponseDecoder().wrapAndApplyHeader(buffer, 0, header).errorCode() == code;
  }

  /** Decodes a broker answer; the record itself is read lazily from the same bytes. */
  public static <T extends UnifiedRecordValue> BrokerResult<T> decode(
      final BrokerRequest<T> request, final int partitionId, final byte[] response) {
    final var buffer = new UnsafeBuffer(response);
    final var header = new MessageHeaderDecoder().wrap(buffer, 0);
    final int template = header.templateId();
    if (template == ErrorResponseDecoder.TEMPLATE_ID) {
      final var error = new ErrorResponseDecoder().wrapAndApplyHeader(buffer, 0, header);
      return new BrokerResult.Error<>(partitionId, error.errorCode(), error.errorData());
    }
    if (template != ExecuteCommandResponseDecoder.TEMPLATE_ID) {
      return new BrokerResult.Error<>(
          partitionId,
          ErrorCode.INVALID_MESSAGE_TEMPLATE,
          "Expected an ExecuteCommandResponse or ErrorResponse, but got template " + template);
    }
    final var decoder = new ExecuteCommandResponseDecoder().wrapAndApplyHeader(buffer, 0, header);
    final int answeredPartition = decoder.partitionId();
    final long key = decoder.key();
    final RecordType recordType = decoder.recordType();
    final Intent intent = Intent.fromProtocolValue(decoder.valueType(), decoder.intent());
    final RejectionType rejectionType = decoder.rejectionType();
    final int valueLength = decoder.valueLength();
    final int valueOffset = decoder.limit() + ExecuteCommandResponseDecoder.valueHeaderLength();
    if (recordType == RecordType.COMMAND_REJECTION) {
      decoder.skipValue();
      return new BrokerResult.Rejected<>(
          answeredPartition, key, intent, rejectionType, decoder.rejectionReason());
    }
    return new BrokerResult.Accepted<>(
        answeredPartition,
        key,
        intent,
        request.newResponseValue(),
        buffer,
        valueOffset,
        valueLength);
  }
}

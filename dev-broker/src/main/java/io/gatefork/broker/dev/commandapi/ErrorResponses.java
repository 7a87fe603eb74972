package io.gatefork.broker.dev.commandapi;

import io.camunda.zeebe.protocol.record.ErrorCode;
import io.camunda.zeebe.protocol.record.ErrorResponseEncoder;
import io.camunda.zeebe.protocol.record.MessageHeaderEncoder;
import io.camunda.zeebe.transport.ServerOutput;
import io.camunda.zeebe.transport.impl.ServerResponseImpl;
import java.nio.charset.StandardCharsets;
import org.agrona.concurrent.UnsafeBuffer;

/** Answers a command request with an SBE {@code ErrorResponse} (a normal reply, not a failure). */
final class ErrorResponses {

  private final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
  private final ErrorResponseEncoder errorEncoder = new ErrorResponseEncoder();
  private final ServerResponseImpl response = new ServerResponseImpl();

  /** Not thread-safe: one instance per request handler (they all run on the transport actor). */
  void send(
      final ServerOutput output,
      final int partitionId,
      final long requestId,
      final ErrorCode code,
      final String message) {
    final byte[] messageBytes = message.getBytes(StandardCharsets.UTF_8);
    final int length =
        MessageHeaderEncoder.ENCODED_LENGTH
            + ErrorResponseEncoder.BLOCK_LENGTH
            + ErrorResponseEncoder.errorDataHeaderLength()
            + messageBytes.length;
    final var buffer = new UnsafeBuffer(new byte[length]);
    errorEncoder
        .wrapAndApplyHeader(buffer, 0, headerEncoder)
        .errorCode(code)
        .putErrorData(messageBytes, 0, messageBytes.length);
    // the transport copies the bytes in sendResponse, so the response object can be reused
    output.sendResponse(
        response.reset().setPartitionId(partitionId).setRequestId(requestId).buffer(buffer));
  }
}

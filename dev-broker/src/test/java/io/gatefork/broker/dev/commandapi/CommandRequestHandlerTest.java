package io.gatefork.broker.dev.commandapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.logstreams.log.LogAppendEntry;
import io.camunda.zeebe.logstreams.log.LogStreamWriter;
import io.camunda.zeebe.logstreams.log.LogStreamWriter.WriteFailure;
import io.camunda.zeebe.logstreams.log.WriteContext;
import io.camunda.zeebe.protocol.impl.encoding.AuthInfo;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationRecord;
import io.camunda.zeebe.protocol.record.ErrorCode;
import io.camunda.zeebe.protocol.record.ErrorResponseDecoder;
import io.camunda.zeebe.protocol.record.ExecuteCommandRequestEncoder;
import io.camunda.zeebe.protocol.record.MessageHeaderDecoder;
import io.camunda.zeebe.protocol.record.MessageHeaderEncoder;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceCreationIntent;
import io.camunda.zeebe.transport.ServerResponse;
import io.camunda.zeebe.util.Either;
import io.camunda.zeebe.util.buffer.BufferWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class CommandRequestHandlerTest {

  private static final int PARTITION = 2;
  private static final long REQUEST_ID = 77;

  private final List<WriteContext> contexts = new ArrayList<>();
  private final List<LogAppendEntry> entries = new ArrayList<>();
  private final List<byte[]> responses = new ArrayList<>();
  private final List<String> observed = new ArrayList<>();
  private WriteFailure failure;

  private final LogStreamWriter writer =
      (context, appendEntries, sourcePosition) -> {
        if (failure != null) {
          return Either.left(failure);
        }
        contexts.add(context);
        entries.addAll(appendEntries);
        return Either.right(1L);
      };

  private final CommandRequestHandler handler =
      new CommandRequestHandler(
          writer,
          new CommandApiObserver() {
            @Override
            public void onReceived(final int partitionId) {
              observed.add("received " + partitionId);
            }

            @Override
            public void onResourceExhausted(final int partitionId) {
              observed.add("exhausted " + partitionId);
            }
          });

  @Test
  void appendsTheCommandWithItsAuthorizationAndAddress() {
    final var auth = new AuthInfo().setClaims(Map.of("authorized_username", "demo"));
    final var request =
        request(new ProcessInstanceCreationRecord().setBpmnProcessId("order").setVersion(-1), auth);

    handle(request);

    assertThat(responses).as("answered later by the engine").isEmpty();
    assertThat(observed).containsExactly("received " + PARTITION);
    assertThat(contexts)
        .containsExactly(WriteContext.userCommand(ProcessInstanceCreationIntent.CREATE));
    final var entry = entries.getFirst();
    final var metadata = entry.recordMetadata();
    assertThat(metadata.getRecordType()).isEqualTo(RecordType.COMMAND);
    assertThat(metadata.getValueType()).isEqualTo(ValueType.PROCESS_INSTANCE_CREATION);
    assertThat(metadata.getIntent()).isEqualTo(ProcessInstanceCreationIntent.CREATE);
    assertThat(metadata.getRequestId()).isEqualTo(REQUEST_ID);
    assertThat(metadata.getRequestStreamId()).isEqualTo(PARTITION);
    assertThat(metadata.getAuthorization().getClaims())
        .containsEntry("authorized_username", "demo");
    assertThat(((ProcessInstanceCreationRecord) entry.recordValue()).getBpmnProcessId())
        .isEqualTo("order");
  }

  @Test
  void answersResourceExhaustedWhenTheRequestLimitIsReached() {
    failure = WriteFailure.REQUEST_LIMIT_EXHAUSTED;

    handle(request(new ProcessInstanceCreationRecord().setBpmnProcessId("order"), null));

    assertThat(errorCode(responses.getFirst())).isEqualTo(ErrorCode.RESOURCE_EXHAUSTED);
    assertThat(observed).containsExactly("received " + PARTITION, "exhausted " + PARTITION);
  }

  @Test
  void answersResourceExhaustedWhenTheWriteRateLimitIsReached() {
    failure = WriteFailure.WRITE_LIMIT_EXHAUSTED;

    handle(request(new ProcessInstanceCreationRecord().setBpmnProcessId("order"), null));

    assertThat(errorCode(responses.getFirst())).isEqualTo(ErrorCode.RESOURCE_EXHAUSTED);
  }

  @Test
  void answersLeaderMismatchWhenTheLogIsClosed() {
    failure = WriteFailure.CLOSED;

    handle(request(new ProcessInstanceCreationRecord().setBpmnProcessId("order"), null));

    assertThat(errorCode(responses.getFirst())).isEqualTo(ErrorCode.PARTITION_LEADER_MISMATCH);
  }

  @Test
  void rejectsOtherMessages() {
    final var bytes = new byte[MessageHeaderEncoder.ENCODED_LENGTH + 8];
    new MessageHeaderEncoder().wrap(new UnsafeBuffer(bytes), 0).templateId(999).schemaId(0);

    handle(bytes);
    handle(new byte[3]);

    assertThat(errorCode(responses.get(0))).isEqualTo(ErrorCode.INVALID_MESSAGE_TEMPLATE);
    assertThat(errorCode(responses.get(1))).isEqualTo(ErrorCode.MALFORMED_REQUEST);
    assertThat(entries).isEmpty();
    assertThat(observed).hasSize(2);
  }

  private void handle(final byte[] request) {
    handler.onRequest(
        this::capture, PARTITION, REQUEST_ID, new UnsafeBuffer(request), 0, request.length);
  }

  private void capture(final ServerResponse response) {
    assertThat(response.getPartitionId()).isEqualTo(PARTITION);
    assertThat(response.getRequestId()).isEqualTo(REQUEST_ID);
    final var bytes = new byte[response.getLength()];
    response.write(new UnsafeBuffer(bytes), 0);
    responses.add(bytes);
  }

  private static ErrorCode errorCode(final byte[] response) {
    final var buffer = new UnsafeBuffer(response);
    final var header = new MessageHeaderDecoder().wrap(buffer, 0);
    assertThat(header.templateId()).isEqualTo(ErrorResponseDecoder.TEMPLATE_ID);
    return new ErrorResponseDecoder().wrapAndApplyHeader(buffer, 0, header).errorCode();
  }

  private static byte[] request(final BufferWriter value, final AuthInfo auth) {
    final byte[] valueBytes = bytes(value);
    final byte[] authBytes = auth == null ? new byte[0] : bytes(auth);
    final var buffer =
        new UnsafeBuffer(
            new byte
                [MessageHeaderEncoder.ENCODED_LENGTH
                    + ExecuteCommandRequestEncoder.BLOCK_LENGTH
                    + ExecuteCommandRequestEncoder.valueHeaderLength()
                    + valueBytes.length
                    + ExecuteCommandRequestEncoder.authorizationHeaderLength()
                    + authBytes.length]);
    new ExecuteCommandRequestEncoder()
        .wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder())
        .partitionId(PARTITION)
        .key(ExecuteCommandRequestEncoder.keyNullValue())
        .operationReference(ExecuteCommandRequestEncoder.operationReferenceNullValue())
        .valueType(ValueType.PROCESS_INSTANCE_CREATION)
        .intent(ProcessInstanceCreationIntent.CREATE.value())
        .putValue(valueBytes, 0, valueBytes.length)
        .putAuthorization(authBytes, 0, authBytes.length);
    return buffer.byteArray();
  }

  private static byte[] bytes(final BufferWriter writer) {
    final var bytes = new byte[writer.getLength()];
    writer.write(new UnsafeBuffer(bytes), 0);
    return bytes;
  }
}

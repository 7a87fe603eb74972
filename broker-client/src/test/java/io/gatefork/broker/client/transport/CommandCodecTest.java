package io.gatefork.broker.client.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationRecord;
import io.camunda.zeebe.protocol.record.ErrorCode;
import io.camunda.zeebe.protocol.record.ErrorResponseEncoder;
import io.camunda.zeebe.protocol.record.ExecuteCommandRequestDecoder;
import io.camunda.zeebe.protocol.record.ExecuteCommandResponseEncoder;
import io.camunda.zeebe.protocol.record.MessageHeaderDecoder;
import io.camunda.zeebe.protocol.record.MessageHeaderEncoder;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.RejectionType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceCreationIntent;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.request.BrokerRequests;
import java.nio.charset.StandardCharsets;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class CommandCodecTest {

  @Test
  void encodesAnExecuteCommandRequestTheBrokerCanRead() {
    final var record = new ProcessInstanceCreationRecord().setBpmnProcessId("order").setVersion(3);
    final byte[] bytes = CommandCodec.encode(BrokerRequests.createProcessInstance(record), 2);

    final var buffer = new UnsafeBuffer(bytes);
    final var header = new MessageHeaderDecoder().wrap(buffer, 0);
    final var decoder =
        new ExecuteCommandRequestDecoder()
            .wrap(
                buffer,
                MessageHeaderDecoder.ENCODED_LENGTH,
                header.blockLength(),
                header.version());
    assertThat(decoder.partitionId()).isEqualTo(2);
    assertThat(decoder.valueType()).isEqualTo(ValueType.PROCESS_INSTANCE_CREATION);
    assertThat(decoder.intent()).isEqualTo(ProcessInstanceCreationIntent.CREATE.value());
    final var decoded = new ProcessInstanceCreationRecord();
    final int valueOffset = decoder.limit() + ExecuteCommandRequestDecoder.valueHeaderLength();
    decoded.wrap(buffer, valueOffset, decoder.valueLength());
    assertThat(decoded.getBpmnProcessId()).isEqualTo("order");
    assertThat(decoded.getVersion()).isEqualTo(3);
  }

  @Test
  void retargetingPatchesOnlyThePartitionId() {
    final byte[] bytes = CommandCodec.encode(BrokerRequests.completeJob(99L, new JobRecord()), 1);
    final byte[] copy = bytes.clone();

    CommandCodec.setPartitionId(bytes, 3);

    final var buffer = new UnsafeBuffer(bytes);
    final var header = new MessageHeaderDecoder().wrap(buffer, 0);
    final var decoder =
        new ExecuteCommandRequestDecoder()
            .wrap(
                buffer,
                MessageHeaderDecoder.ENCODED_LENGTH,
                header.blockLength(),
                header.version());
    assertThat(decoder.partitionId()).isEqualTo(3);
    assertThat(decoder.key()).isEqualTo(99L);
    int differing = 0;
    for (int i = 0; i < bytes.length; i++) {
      differing += bytes[i] != copy[i] ? 1 : 0;
    }
    assertThat(differing).isEqualTo(1);
  }

  @Test
  void decodesARejectionWithTypeAndReason() {
    final var buffer = new ExpandableArrayBuffer();
    final var encoder =
        new ExecuteCommandResponseEncoder()
            .wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder())
            .partitionId(2)
            .key(5L)
            .recordType(RecordType.COMMAND_REJECTION)
            .valueType(ValueType.JOB)
            .intent(JobIntent.COMPLETE.value())
            .rejectionType(RejectionType.NOT_FOUND);
    encoder.putValue(new byte[0], 0, 0);
    final byte[] reason = "no such job".getBytes(StandardCharsets.UTF_8);
    encoder.putRejectionReason(reason, 0, reason.length);
    final byte[] bytes = new byte[MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength()];
    buffer.getBytes(0, bytes);

    final var result =
        CommandCodec.decode(BrokerRequests.completeJob(5L, new JobRecord()), 2, bytes);

    assertThat(result)
        .isEqualTo(
            new BrokerResult.Rejected<>(
                2, 5L, JobIntent.COMPLETE, RejectionType.NOT_FOUND, "no such job"));
  }

  @Test
  void decodesAnErrorResponse() {
    final var buffer = new ExpandableArrayBuffer();
    final var encoder =
        new ErrorResponseEncoder()
            .wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder())
            .errorCode(ErrorCode.RESOURCE_EXHAUSTED)
            .errorData("full");
    final byte[] bytes = new byte[MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength()];
    buffer.getBytes(0, bytes);

    final var result =
        CommandCodec.decode(BrokerRequests.completeJob(5L, new JobRecord()), 1, bytes);

    assertThat(result).isEqualTo(new BrokerResult.Error<>(1, ErrorCode.RESOURCE_EXHAUSTED, "full"));
    assertThat(CommandCodec.isError(bytes, ErrorCode.RESOURCE_EXHAUSTED)).isTrue();
  }
}

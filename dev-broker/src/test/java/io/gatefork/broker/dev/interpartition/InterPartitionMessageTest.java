package io.gatefork.broker.dev.interpartition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.zeebe.protocol.impl.encoding.AuthInfo;
import io.camunda.zeebe.protocol.impl.encoding.AuthInfo.AuthDataFormat;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationRecord;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceCreationIntent;
import java.util.Map;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class InterPartitionMessageTest {

  @Test
  void roundTripsWithAndWithoutKeyAndAuthorization() {
    final var record =
        new ProcessInstanceCreationRecord().setBpmnProcessId("order-7").setProcessDefinitionKey(42);
    final byte[] value = new byte[record.getLength()];
    record.write(new UnsafeBuffer(value), 0);

    final var auth =
        new AuthInfo().setFormat(AuthDataFormat.PRE_AUTHORIZED).setClaims(Map.of("user", "demo"));
    final byte[] authorization = new byte[auth.getLength()];
    auth.write(new UnsafeBuffer(authorization), 0);

    for (final Long key : new Long[] {null, 2251799813685249L}) {
      final byte[] sentAuthorization = key == null ? new byte[0] : authorization;
      final var sent =
          new InterPartitionMessage(
              3,
              ValueType.PROCESS_INSTANCE_CREATION,
              ProcessInstanceCreationIntent.CREATE.value(),
              key,
              value,
              sentAuthorization);

      final var received = InterPartitionMessage.decode(sent.encode());

      assertThat(received.receiverPartitionId()).isEqualTo(3);
      assertThat(received.valueType()).isEqualTo(ValueType.PROCESS_INSTANCE_CREATION);
      assertThat(received.intent()).isEqualTo(ProcessInstanceCreationIntent.CREATE.value());
      assertThat(received.recordKey()).isEqualTo(key);
      final var decoded =
          (ProcessInstanceCreationRecord)
              InterPartitionAppender.readValue(received.valueType(), received.value());
      assertThat(decoded.getBpmnProcessId()).isEqualTo("order-7");
      assertThat(decoded.getProcessDefinitionKey()).isEqualTo(42);
      assertThat(received.authorization()).isEqualTo(sentAuthorization);
    }
    final var decodedAuth = new AuthInfo();
    decodedAuth.wrap(new UnsafeBuffer(authorization));
    assertThat(decodedAuth.getFormat()).isEqualTo(AuthDataFormat.PRE_AUTHORIZED);
    assertThat(decodedAuth.getClaims()).containsEntry("user", "demo");
  }

  @Test
  void refusesUnknownFormats() {
    assertThatThrownBy(() -> InterPartitionMessage.decode(new byte[] {9, 0, 0, 0, 0}))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void topicNamesThePartition() {
    assertThat(InterPartitionMessage.topic(4)).isEqualTo("gatefork-inter-partition-4");
  }
}

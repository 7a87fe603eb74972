package io.gatefork.broker.embedded.interpartition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationRecord;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceCreationIntent;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class InterPartitionMessageTest {

  @Test
  void roundTripsWithAndWithoutKey() {
    final var record =
        new ProcessInstanceCreationRecord().setBpmnProcessId("order-7").setProcessDefinitionKey(42);
    final byte[] value = new byte[record.getLength()];
    record.write(new UnsafeBuffer(value), 0);

    for (final Long key : new Long[] {null, 2251799813685249L}) {
      final var sent =
          new InterPartitionMessage(
              3,
              ValueType.PROCESS_INSTANCE_CREATION,
              ProcessInstanceCreationIntent.CREATE.value(),
              key,
              value);

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
    }
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

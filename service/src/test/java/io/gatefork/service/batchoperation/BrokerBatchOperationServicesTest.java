package io.gatefork.service.batchoperation;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.impl.record.value.batchoperation.BatchOperationLifecycleManagementRecord;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.BatchOperationIntent;
import io.gatefork.broker.client.request.PartitionTarget;
import io.gatefork.service.RequestContext;
import io.gatefork.service.testing.FakeBrokerClient;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BrokerBatchOperationServicesTest {
  private static final long KEY = 2251799813685249L;

  private final FakeBrokerClient broker = new FakeBrokerClient();
  private final BrokerBatchOperationServices services =
      new BrokerBatchOperationServices(broker, Runnable::run);

  @AfterEach
  void close() {
    broker.close();
  }

  @Test
  void lifecycleCommandsGoToThePartitionLeadingTheBatchOperation() throws Exception {
    services.cancel(RequestContext.create(), KEY).get(5, TimeUnit.SECONDS);
    services.suspend(RequestContext.create(), KEY).get(5, TimeUnit.SECONDS);
    services.resume(RequestContext.create(), KEY).get(5, TimeUnit.SECONDS);

    assertThat(broker.sent()).extracting(FakeBrokerClient.Sent::intent).containsExactly(
        BatchOperationIntent.CANCEL, BatchOperationIntent.SUSPEND, BatchOperationIntent.RESUME);
    for (final var sent : broker.sent()) {
      assertThat(sent.valueType()).isEqualTo(ValueType.BATCH_OPERATION_LIFECYCLE_MANAGEMENT);
      assertThat(sent.request().target()).isEqualTo(PartitionTarget.byKey(KEY));
      assertThat(sent.valueAs(new BatchOperationLifecycleManagementRecord())
          .getBatchOperationKey()).isEqualTo(KEY);
    }
  }
}

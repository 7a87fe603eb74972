package io.gatefork.service.batchoperation;

import static io.gatefork.service.testing.ServiceAssertions.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.search.filter.Operation;
import io.camunda.search.filter.ProcessInstanceFilter;
import io.camunda.security.auth.CamundaAuthentication;
import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.impl.record.value.batchoperation.BatchOperationCreationRecord;
import io.camunda.zeebe.protocol.impl.record.value.batchoperation.BatchOperationLifecycleManagementRecord;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.BatchOperationIntent;
import io.camunda.zeebe.protocol.record.value.BatchOperationType;
import io.gatefork.broker.client.request.PartitionTarget;
import io.gatefork.service.RequestContext;
import io.gatefork.service.auth.Caller;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.stage.RequestTiming;
import io.gatefork.service.testing.FakeBrokerClient;
import java.lang.reflect.RecordComponent;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
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
  void creationSendsTheFilterInTheFormatTheBrokersReadBack() throws Exception {
    broker.respondWith(
        sent ->
            FakeBrokerClient.<BatchOperationCreationRecord>accepted(
                sent,
                KEY,
                record ->
                    record
                        .setBatchOperationKey(KEY)
                        .setBatchOperationType(BatchOperationType.CANCEL_PROCESS_INSTANCE)));
    final ProcessInstanceFilter filter =
        new ProcessInstanceFilter.Builder()
            .processDefinitionIdOperations(List.of(Operation.eq("order")))
            .startDateOperations(
                List.of(Operation.gt(OffsetDateTime.parse("2026-01-01T00:00:00Z"))))
            .build();

    final BatchOperationCreated created =
        services
            .create(RequestContext.create(), CreateBatchOperation.cancelProcessInstances(filter))
            .get(5, TimeUnit.SECONDS);

    assertThat(created)
        .isEqualTo(new BatchOperationCreated(KEY, BatchOperationType.CANCEL_PROCESS_INSTANCE));
    final var sent = broker.sent().getFirst();
    assertThat(sent.valueType()).isEqualTo(ValueType.BATCH_OPERATION_CREATION);
    assertThat(sent.intent()).isEqualTo(BatchOperationIntent.CREATE);
    assertThat(sent.request().target()).isEqualTo(PartitionTarget.ROUND_ROBIN);
    final var record = sent.valueAs(new BatchOperationCreationRecord());
    assertThat(record.getBatchOperationType())
        .isEqualTo(BatchOperationType.CANCEL_PROCESS_INSTANCE);
    // what the broker's scheduler does with it: read both back with the engine's converter
    assertThat(
            MsgPackConverter.convertToObject(
                record.getEntityFilterBuffer(), ProcessInstanceFilter.class))
        .isEqualTo(filter);
    assertThat(
            MsgPackConverter.convertToObject(
                record.getAuthenticationBuffer(), CamundaAuthentication.class))
        .as("the unprotected API's caller, as its commands carry it")
        .isEqualTo(CamundaAuthentication.anonymous());
  }

  private static final Caller OF_TA =
      Caller.user("a", null, null, null, List.of("ta"), List.of("g"), Map.of("sub", "s"), true);

  @Test
  void creationCarriesTheCallersAuthenticationAndIsRestrictedToItsTenants() throws Exception {
    broker.respondWith(sent -> FakeBrokerClient.echo(sent, KEY));
    final ProcessInstanceFilter filter =
        new ProcessInstanceFilter.Builder()
            .processDefinitionIdOperations(List.of(Operation.eq("order")))
            .addOrOperation(new ProcessInstanceFilter.Builder().hasIncident(true).build())
            .build();

    services
        .create(
            new RequestContext(RequestTiming.startNow(), OF_TA),
            CreateBatchOperation.cancelProcessInstances(filter))
        .get(5, TimeUnit.SECONDS);

    final var record = broker.sent().getFirst().valueAs(new BatchOperationCreationRecord());
    assertThat(
            MsgPackConverter.convertToObject(
                record.getAuthenticationBuffer(), CamundaAuthentication.class))
        .isEqualTo(
            new CamundaAuthentication(
                "a", null, List.of("g"), List.of(), List.of("ta"), List.of(), Map.of("sub", "s")));
    final ProcessInstanceFilter sent =
        MsgPackConverter.convertToObject(
            record.getEntityFilterBuffer(), ProcessInstanceFilter.class);
    assertThat(sent.tenantIdOperations()).containsExactly(Operation.in(List.of("ta")));
    // every other criterion, the $or members included, as given
    for (final RecordComponent component : ProcessInstanceFilter.class.getRecordComponents()) {
      if (!component.getName().equals("tenantIdOperations")) {
        assertThat(component.getAccessor().invoke(sent))
            .as(component.getName())
            .isEqualTo(component.getAccessor().invoke(filter));
      }
    }
  }

  @Test
  void aFilterNamingAnotherTenantIsRefusedBeforeTheBroker() {
    for (final ProcessInstanceFilter filter :
        List.of(
            new ProcessInstanceFilter.Builder()
                .tenantIdOperations(List.of(Operation.eq("tb")))
                .build(),
            new ProcessInstanceFilter.Builder()
                .tenantIdOperations(List.of(Operation.in(List.of("ta", "tb"))))
                .build(),
            new ProcessInstanceFilter.Builder()
                .processDefinitionIdOperations(List.of(Operation.eq("order")))
                .addOrOperation(
                    new ProcessInstanceFilter.Builder()
                        .tenantIdOperations(List.of(Operation.eq("tb")))
                        .build())
                .build())) {
      assertFails(
          services.create(
              new RequestContext(RequestTiming.startNow(), OF_TA),
              CreateBatchOperation.cancelProcessInstances(filter)),
          ServiceStatus.FORBIDDEN,
          "tenant identifier 'tb', but tenant is not authorized");
    }
    final Caller noTenants = Caller.user("n", null, null, null, List.of(), null, Map.of(), true);
    assertFails(
        services.create(
            new RequestContext(RequestTiming.startNow(), noTenants),
            CreateBatchOperation.cancelProcessInstances(
                new ProcessInstanceFilter.Builder()
                    .processDefinitionIdOperations(List.of(Operation.eq("order")))
                    .build())),
        ServiceStatus.FORBIDDEN,
        "tenant identifier '<default>', but tenant is not authorized");
    assertThat(broker.sent()).isEmpty();
  }

  @Test
  void migrationAndModificationPlansAreSent() throws Exception {
    broker.respondWith(sent -> FakeBrokerClient.echo(sent, KEY));
    final ProcessInstanceFilter filter =
        new ProcessInstanceFilter.Builder()
            .processDefinitionKeyOperations(List.of(Operation.eq(KEY)))
            .build();

    services
        .create(
            RequestContext.create(),
            CreateBatchOperation.migrateProcessInstances(
                filter,
                new CreateBatchOperation.MigrationPlan(
                    KEY + 1, List.of(new CreateBatchOperation.MappingInstruction("a", "b")))))
        .get(5, TimeUnit.SECONDS);
    services
        .create(
            RequestContext.create(),
            CreateBatchOperation.modifyProcessInstances(
                filter, List.of(new CreateBatchOperation.MoveInstruction("c", "d"))))
        .get(5, TimeUnit.SECONDS);

    final var migration = broker.sent().get(0).valueAs(new BatchOperationCreationRecord());
    assertThat(migration.getMigrationPlan().getTargetProcessDefinitionKey()).isEqualTo(KEY + 1);
    assertThat(
            migration.getMigrationPlan().getMappingInstructions().getFirst().getTargetElementId())
        .isEqualTo("b");
    final var modification = broker.sent().get(1).valueAs(new BatchOperationCreationRecord());
    assertThat(
            modification
                .getModificationPlan()
                .getMoveInstructions()
                .getFirst()
                .getSourceElementId())
        .isEqualTo("c");
  }

  @Test
  void aFilterWithoutCriteriaOrAPlanWithoutKeyNeverReachesTheBroker() {
    final var empty = new ProcessInstanceFilter.Builder().build();
    final var filter = new ProcessInstanceFilter.Builder().hasIncident(true).build();

    assertFails(
        services.create(
            RequestContext.create(), CreateBatchOperation.cancelProcessInstances(empty)),
        ServiceStatus.INVALID_ARGUMENT,
        "filter: must select by at least one criterion");
    assertFails(
        services.create(
            RequestContext.create(),
            CreateBatchOperation.migrateProcessInstances(
                filter, new CreateBatchOperation.MigrationPlan(0, List.of()))),
        ServiceStatus.INVALID_ARGUMENT,
        "migrationPlan.targetProcessDefinitionKey:");
    assertFails(
        services.create(
            RequestContext.create(),
            CreateBatchOperation.modifyProcessInstances(filter, List.of())),
        ServiceStatus.INVALID_ARGUMENT,
        "moveInstructions: must not be empty");
    assertThat(broker.sent()).isEmpty();
  }

  @Test
  void lifecycleCommandsGoToThePartitionLeadingTheBatchOperation() throws Exception {
    services.cancel(RequestContext.create(), KEY).get(5, TimeUnit.SECONDS);
    services.suspend(RequestContext.create(), KEY).get(5, TimeUnit.SECONDS);
    services.resume(RequestContext.create(), KEY).get(5, TimeUnit.SECONDS);

    assertThat(broker.sent())
        .extracting(FakeBrokerClient.Sent::intent)
        .containsExactly(
            BatchOperationIntent.CANCEL, BatchOperationIntent.SUSPEND, BatchOperationIntent.RESUME);
    for (final var sent : broker.sent()) {
      assertThat(sent.valueType()).isEqualTo(ValueType.BATCH_OPERATION_LIFECYCLE_MANAGEMENT);
      assertThat(sent.request().target()).isEqualTo(PartitionTarget.byKey(KEY));
      assertThat(sent.valueAs(new BatchOperationLifecycleManagementRecord()).getBatchOperationKey())
          .isEqualTo(KEY);
    }
  }
}

package io.gatefork.service.processinstance;

import static io.gatefork.service.testing.ServiceAssertions.assertFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceMigrationRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceModificationRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceResultRecord;
import io.camunda.zeebe.protocol.record.ErrorCode;
import io.camunda.zeebe.protocol.record.RejectionType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceCreationIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceMigrationIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceModificationIntent;
import io.gatefork.service.RequestContext;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.testing.FakeBrokerClient;
import io.gatefork.service.testing.FakeBrokerClient.Method;
import io.gatefork.service.validation.FieldViolation;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BrokerProcessInstanceServicesTest {
  private final FakeBrokerClient broker = new FakeBrokerClient();
  private final BrokerProcessInstanceServices services =
      new BrokerProcessInstanceServices(broker, Runnable::run);

  @AfterEach
  void close() {
    broker.close();
  }

  private static CreateProcessInstance byId(final String processId, final String variables) {
    return new CreateProcessInstance(
        null,
        processId,
        -1,
        JsonDocument.fromJson("variables", variables),
        null,
        null,
        List.of(),
        List.of());
  }

  @Test
  void createFillsTheRecordAndGoesThroughThePartitionRetry() throws Exception {
    broker.respondWith(
        sent ->
            FakeBrokerClient.<ProcessInstanceCreationRecord>accepted(
                sent,
                7L,
                r ->
                    r.setBpmnProcessId("order")
                        .setVersion(3)
                        .setProcessDefinitionKey(11L)
                        .setProcessInstanceKey(22L)
                        .setTenantId("<default>")
                        .setTags(Set.of("b", "a"))));
    final var command =
        new CreateProcessInstance(
            null,
            "order",
            3,
            JsonDocument.ofJson("{\"x\":1}"),
            null,
            5L,
            List.of("task"),
            List.of("a", "b"));

    final var created = services.create(RequestContext.create(), command).get(5, TimeUnit.SECONDS);

    assertThat(created)
        .isEqualTo(
            new ProcessInstanceCreated(11L, "order", 3, 22L, "<default>", List.of("a", "b")));
    final var sent = broker.sent().getFirst();
    assertThat(sent.method()).isEqualTo(Method.SEND_WITH_PARTITION_RETRY);
    assertThat(sent.intent()).isEqualTo(ProcessInstanceCreationIntent.CREATE);
    assertThat(sent.request().operationReference()).isEqualTo(5L);
    final var record = sent.valueAs(new ProcessInstanceCreationRecord());
    assertThat(record.getBpmnProcessId()).isEqualTo("order");
    assertThat(record.getVersion()).isEqualTo(3);
    assertThat(record.getTenantId()).isEqualTo("<default>");
    assertThat(record.getVariables()).containsEntry("x", 1);
    assertThat(record.getStartInstructions())
        .singleElement()
        .satisfies(i -> assertThat(i.getElementId()).isEqualTo("task"));
    assertThat(record.getTags()).containsExactlyInAnyOrder("a", "b");
  }

  @Test
  void createByKeySendsTheKeyAndTheGivenTenant() throws Exception {
    final var command =
        new CreateProcessInstance(42L, null, -1, null, "tenant-a", null, null, null);

    services.create(RequestContext.create(), command).get(5, TimeUnit.SECONDS);

    final var record = broker.sent().getFirst().valueAs(new ProcessInstanceCreationRecord());
    assertThat(record.getProcessDefinitionKey()).isEqualTo(42L);
    assertThat(record.getTenantId()).isEqualTo("tenant-a");
    assertThat(broker.sent().getFirst().request().operationReference()).isEqualTo(-1L);
  }

  @Test
  void createWithResultSendsTimeoutAndFetchVariablesAndReturnsVariablesAsJson() throws Exception {
    broker.respondWith(
        sent ->
            FakeBrokerClient.<ProcessInstanceResultRecord>accepted(
                sent,
                22L,
                r ->
                    r.setBpmnProcessId("order")
                        .setVersion(1)
                        .setProcessDefinitionKey(11L)
                        .setProcessInstanceKey(22L)
                        .setTenantId("<default>")
                        .setVariables(
                            new UnsafeBuffer(MsgPackConverter.convertToMsgPack("{\"a\":\"b\"}")))));

    final var result =
        services
            .createWithResult(
                RequestContext.create(), byId("order", null), Duration.ofSeconds(3), List.of("a"))
            .get(5, TimeUnit.SECONDS);

    assertThat(result.variables().toJson()).isEqualTo("{\"a\":\"b\"}");
    assertThat(result.processInstanceKey()).isEqualTo(22L);
    final var sent = broker.sent().getFirst();
    assertThat(sent.method()).isEqualTo(Method.SEND_WITH_PARTITION_RETRY);
    assertThat(sent.intent()).isEqualTo(ProcessInstanceCreationIntent.CREATE_WITH_AWAITING_RESULT);
    assertThat(sent.timeout()).isEqualTo(Duration.ofSeconds(3));
    final var record = sent.valueAs(new ProcessInstanceCreationRecord());
    assertThat(record.fetchVariables()).hasSize(1);
  }

  @Test
  void createWithResultWithoutTimeoutUsesTheClientDefault() throws Exception {
    services
        .createWithResult(RequestContext.create(), byId("order", null), Duration.ZERO, List.of())
        .exceptionally(e -> null)
        .get(5, TimeUnit.SECONDS);

    assertThat(broker.sent().getFirst().timeout()).isNull();
  }

  @Test
  void cancelSendsCancelForTheKey() throws Exception {
    services.cancel(RequestContext.create(), 2251799813685249L, 3L).get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.valueType()).isEqualTo(ValueType.PROCESS_INSTANCE);
    assertThat(sent.intent()).isEqualTo(ProcessInstanceIntent.CANCEL);
    assertThat(sent.request().key()).isEqualTo(2251799813685249L);
    assertThat(sent.request().operationReference()).isEqualTo(3L);
    assertThat(sent.valueAs(new ProcessInstanceRecord()).getProcessInstanceKey())
        .isEqualTo(2251799813685249L);
  }

  @Test
  void cancelOfAnUnknownInstanceIsNotFound() {
    broker.respondWith(
        sent -> FakeBrokerClient.rejected(sent, RejectionType.NOT_FOUND, "no such instance"));

    assertFails(
        services.cancel(RequestContext.create(), 2251799813685249L, null),
        ServiceStatus.NOT_FOUND,
        "Command 'CANCEL' rejected with code 'NOT_FOUND': " + "no such instance");
  }

  @Test
  void backpressureIsResourceExhausted() {
    broker.respondWith(
        sent ->
            FakeBrokerClient.error(
                ErrorCode.RESOURCE_EXHAUSTED, "Reached maximum capacity of requests handled"));

    assertFails(
        services.create(RequestContext.create(), byId("order", null)),
        ServiceStatus.RESOURCE_EXHAUSTED,
        "Reached maximum capacity of requests handled");
  }

  // --- validation: nothing reaches the broker

  @Test
  void missingProcessIdentifierNeverReachesTheBroker() {
    assertFails(
        services.create(RequestContext.create(), byId(" ", null)),
        ServiceStatus.INVALID_ARGUMENT,
        "processDefinitionKey, processDefinitionId: one of them is required");
    assertThat(broker.sent()).isEmpty();
  }

  /** Checked once, where both front ends make the command: nothing bad reaches the service. */
  @Test
  void aCommandWithBadTagsKeysOrElementIdsCannotBeMade() {
    final var tooMany = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k");
    assertThatThrownBy(
            () -> new CreateProcessInstance(1L, null, -1, null, null, null, null, tooMany))
        .hasMessage("tags: must not contain more than 10 tags");
    assertThatThrownBy(
            () ->
                new CreateProcessInstance(1L, null, -1, null, null, null, null, List.of("a", "a")))
        .hasMessage("tags: must not contain duplicates");
    assertThatThrownBy(
            () ->
                new CreateProcessInstance(1L, null, -1, null, null, null, null, List.of("a", "1b")))
        .hasMessage("tags[1]: must start with a letter");
    assertThatThrownBy(() -> new CreateProcessInstance(-5L, null, -1, null, null, null, null, null))
        .isInstanceOf(FieldViolation.class)
        .hasMessage("processDefinitionKey: expected a positive key, but was -5");
    assertThatThrownBy(() -> new CreateProcessInstance(1L, null, -1, null, null, 0L, null, null))
        .hasMessage("operationReference: must be at least 1");
    assertThatThrownBy(
            () ->
                new CreateProcessInstance(null, "p", -1, null, null, null, List.of("a", " "), null))
        .hasMessage("startInstructions[1].elementId: must not be blank");
    assertThatThrownBy(
            () ->
                new CreateProcessInstance(
                    null, "p", -1, null, null, null, null, null, Arrays.asList((String) null)))
        .hasMessage("runtimeInstructions[0].afterElementId: is required");
  }

  @Test
  void invalidKeysAndReferencesNeverReachTheBroker() {
    assertFails(
        services.cancel(RequestContext.create(), 0L, null),
        ServiceStatus.INVALID_ARGUMENT,
        "processInstanceKey:");
    assertFails(
        services.cancel(RequestContext.create(), 1L, -3L),
        ServiceStatus.INVALID_ARGUMENT,
        "operationReference: must be at least 1");
    assertThat(broker.sent()).isEmpty();
  }

  @Test
  void aBlankVariableNameToFetchNeverReachesTheBroker() {
    assertFails(
        services.createWithResult(
            RequestContext.create(), byId("order", null), null, List.of("a", " ")),
        ServiceStatus.INVALID_ARGUMENT,
        "fetchVariables[1]: must not be blank");
    assertThat(broker.sent()).isEmpty();
  }

  @Test
  void modifySendsActivateAndTerminateInstructionsToTheInstancesPartition() throws Exception {
    final long instanceKey = 2251799813685300L;
    final var command =
        new ModifyProcessInstance(
            instanceKey,
            List.of(
                new ModifyProcessInstance.ActivateInstruction(
                    "task",
                    2251799813685301L,
                    List.of(
                        new ModifyProcessInstance.VariableInstruction(
                            JsonDocument.ofJson("{\"x\":1}"), "sub"),
                        new ModifyProcessInstance.VariableInstruction(null, null)))),
            List.of(2251799813685302L),
            6L);

    services.modify(RequestContext.create(), command).get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.valueType()).isEqualTo(ValueType.PROCESS_INSTANCE_MODIFICATION);
    assertThat(sent.intent()).isEqualTo(ProcessInstanceModificationIntent.MODIFY);
    assertThat(sent.request().key()).isEqualTo(instanceKey);
    assertThat(sent.request().operationReference()).isEqualTo(6L);
    final var record = sent.valueAs(new ProcessInstanceModificationRecord());
    assertThat(record.getProcessInstanceKey()).isEqualTo(instanceKey);
    assertThat(record.getActivateInstructions())
        .singleElement()
        .satisfies(
            activate -> {
              assertThat(activate.getElementId()).isEqualTo("task");
              assertThat(activate.getAncestorScopeKey()).isEqualTo(2251799813685301L);
              // no document sets nothing and is left out
              assertThat(activate.getVariableInstructions())
                  .singleElement()
                  .satisfies(
                      variables -> {
                        assertThat(variables.getElementId()).isEqualTo("sub");
                        assertThat(variables.getVariables()).containsEntry("x", 1);
                      });
            });
    assertThat(record.getTerminateInstructions())
        .singleElement()
        .satisfies(t -> assertThat(t.getElementInstanceKey()).isEqualTo(2251799813685302L));
  }

  @Test
  void aModificationWithABlankElementOrNoTerminationKeyCannotBeMade() {
    assertThatThrownBy(
            () ->
                new ModifyProcessInstance(
                    2251799813685300L,
                    List.of(new ModifyProcessInstance.ActivateInstruction(" ", 0L, List.of())),
                    List.of(),
                    null))
        .hasMessage("activateInstructions[0].elementId: must not be blank");
    assertThatThrownBy(
            () -> new ModifyProcessInstance(2251799813685300L, List.of(), List.of(1L, 0L), null))
        .hasMessage(
            "terminateInstructions[1].elementInstanceKey: expected a positive key, but was 0");
    assertThatThrownBy(() -> new ModifyProcessInstance(0L, List.of(), List.of(), null))
        .hasMessage("processInstanceKey: expected a positive key, but was 0");
  }

  @Test
  void migrateSendsTheTargetAndMappings() throws Exception {
    final long instanceKey = 2251799813685300L;
    final var command =
        new MigrateProcessInstance(
            instanceKey,
            2251799813685400L,
            List.of(new MigrateProcessInstance.MappingInstruction("a", "b")),
            null);

    services.migrate(RequestContext.create(), command).get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(ProcessInstanceMigrationIntent.MIGRATE);
    assertThat(sent.request().key()).isEqualTo(instanceKey);
    final var record = sent.valueAs(new ProcessInstanceMigrationRecord());
    assertThat(record.getProcessInstanceKey()).isEqualTo(instanceKey);
    assertThat(record.getTargetProcessDefinitionKey()).isEqualTo(2251799813685400L);
    assertThat(record.getMappingInstructions())
        .singleElement()
        .satisfies(
            m -> {
              assertThat(m.getSourceElementId()).isEqualTo("a");
              assertThat(m.getTargetElementId()).isEqualTo("b");
            });
  }

  @Test
  void aMigrationWithoutTargetOrWithABlankMappingCannotBeMade() {
    assertThatThrownBy(() -> new MigrateProcessInstance(2251799813685300L, 0L, List.of(), null))
        .hasMessage("targetProcessDefinitionKey: expected a positive key, but was 0");
    assertThatThrownBy(
            () ->
                new MigrateProcessInstance(
                    2251799813685300L,
                    2L,
                    List.of(new MigrateProcessInstance.MappingInstruction("a", " ")),
                    null))
        .hasMessage("mappingInstructions[0].targetElementId: must not be blank");
  }
}

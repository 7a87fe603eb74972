package io.gatefork.gateway.grpc.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.BroadcastSignalRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeleteResourceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployProcessRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluateDecisionRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.MigrateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ModifyProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ProcessRequestObject;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ResolveIncidentRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.SetVariablesRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobRetriesRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobTimeoutRequest;
import io.gatefork.gateway.grpc.support.TestGateway;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.decision.DecisionEvaluationResult;
import io.gatefork.service.decision.EvaluateDecision;
import io.gatefork.service.deployment.DeploymentResult;
import io.gatefork.service.processinstance.MigrateProcessInstance;
import io.gatefork.service.processinstance.ModifyProcessInstance;
import io.gatefork.service.signal.BroadcastSignal;
import io.gatefork.service.signal.SignalBroadcasted;
import io.gatefork.service.variable.SetVariables;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The RPCs beyond a user's first day, over a real loopback server: fields in, results out. */
class CommandSurfaceRoundTripTest {
  // keys beyond the int range prove they travel as longs
  private static final long KEY = 2251799813685249L;

  private TestGateway gateway;

  @BeforeEach
  void start() {
    gateway = new TestGateway();
  }

  @AfterEach
  void stop() throws InterruptedException {
    gateway.close();
  }

  @Test
  void deployProcessDeploysTheResourcesAndAnswersInTheOldShape() {
    gateway.fakes.deployment.deploy.succeedWith(
        new DeploymentResult(
            KEY,
            "<default>",
            List.of(
                new DeploymentResult.ProcessMetadata(
                    "order", 2, KEY + 1, "order.bpmn", "<default>")),
            List.of(
                new DeploymentResult.DecisionMetadata(
                    "d", "D", 1, KEY + 2, "drg", KEY + 3, "<default>")),
            List.of(),
            List.of(),
            List.of()));

    final var response =
        gateway
            .client()
            .deployProcess(
                DeployProcessRequest.newBuilder()
                    .addProcesses(
                        ProcessRequestObject.newBuilder()
                            .setName("order.bpmn")
                            .setDefinition(ByteString.copyFromUtf8("<definitions/>")))
                    .build());

    final var sent = gateway.fakes.deployment.deploy.lastCall().command();
    assertThat(sent.tenantId()).isNull();
    assertThat(sent.resources())
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.name()).isEqualTo("order.bpmn");
              assertThat(new String(r.content(), StandardCharsets.UTF_8))
                  .isEqualTo("<definitions/>");
            });
    assertThat(response.getKey()).isEqualTo(KEY);
    // the old response knows processes only
    assertThat(response.getProcessesList())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.getBpmnProcessId()).isEqualTo("order");
              assertThat(p.getVersion()).isEqualTo(2);
              assertThat(p.getProcessDefinitionKey()).isEqualTo(KEY + 1);
              assertThat(p.getResourceName()).isEqualTo("order.bpmn");
              assertThat(p.getTenantId()).isEqualTo("<default>");
            });
  }

  @Test
  void evaluateDecisionPassesIdVariablesAndAnswersEveryEvaluatedDecision() {
    gateway
        .fakes
        .decisions
        .on("evaluate")
        .succeedWith(
            new DecisionEvaluationResult(
                KEY,
                KEY + 1,
                "dish",
                "Dish",
                3,
                "drg",
                KEY + 2,
                "\"soup\"",
                List.of(
                    new DecisionEvaluationResult.EvaluatedDecision(
                        KEY + 1,
                        "dish",
                        "Dish",
                        3,
                        "DECISION_TABLE",
                        "\"soup\"",
                        List.of(
                            new DecisionEvaluationResult.MatchedRule(
                                "r1",
                                1,
                                List.of(
                                    new DecisionEvaluationResult.EvaluatedOutput(
                                        "o1", "dish", "\"soup\"")))),
                        List.of(
                            new DecisionEvaluationResult.EvaluatedInput(
                                "i1", "season", "\"winter\"")),
                        "<default>",
                        KEY + "-1")),
                "",
                "",
                "<default>"));

    final var response =
        gateway
            .client()
            .evaluateDecision(
                EvaluateDecisionRequest.newBuilder()
                    .setDecisionId("dish")
                    .setVariables("{\"season\":\"winter\"}")
                    .build());

    final var sent = (EvaluateDecision) gateway.fakes.decisions.on("evaluate").lastCall().get(1);
    assertThat(sent.decisionId()).isEqualTo("dish");
    assertThat(sent.decisionKey()).isNull();
    assertThat(sent.variables().toJson()).isEqualTo("{\"season\":\"winter\"}");
    assertThat(response.getDecisionEvaluationKey()).isEqualTo(KEY);
    assertThat(response.getDecisionInstanceKey()).isEqualTo(KEY);
    assertThat(response.getDecisionKey()).isEqualTo(KEY + 1);
    assertThat(response.getDecisionVersion()).isEqualTo(3);
    assertThat(response.getDecisionRequirementsKey()).isEqualTo(KEY + 2);
    assertThat(response.getDecisionOutput()).isEqualTo("\"soup\"");
    assertThat(response.getFailedDecisionId()).isEmpty();
    assertThat(response.getEvaluatedDecisionsList())
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.getDecisionType()).isEqualTo("DECISION_TABLE");
              assertThat(d.getDecisionEvaluationInstanceKey()).isEqualTo(KEY + "-1");
              assertThat(d.getEvaluatedInputs(0).getInputValue()).isEqualTo("\"winter\"");
              assertThat(d.getMatchedRules(0).getRuleIndex()).isEqualTo(1);
              assertThat(d.getMatchedRules(0).getEvaluatedOutputs(0).getOutputValue())
                  .isEqualTo("\"soup\"");
            });
  }

  @Test
  void aFailedEvaluationAnswersTheFailureInsteadOfAnOutput() {
    gateway
        .fakes
        .decisions
        .on("evaluate")
        .succeedWith(
            new DecisionEvaluationResult(
                KEY,
                KEY + 1,
                "dish",
                "Dish",
                3,
                "drg",
                KEY + 2,
                "null",
                List.of(),
                "dish",
                "no rule matched",
                "<default>"));

    final var response =
        gateway
            .client()
            .evaluateDecision(EvaluateDecisionRequest.newBuilder().setDecisionKey(KEY + 1).build());

    final var sent = (EvaluateDecision) gateway.fakes.decisions.on("evaluate").lastCall().get(1);
    assertThat(sent.decisionKey()).isEqualTo(KEY + 1);
    assertThat(response.getFailedDecisionId()).isEqualTo("dish");
    assertThat(response.getFailureMessage()).isEqualTo("no rule matched");
    assertThat(response.getDecisionOutput()).isEmpty();
  }

  @Test
  void resolveIncidentPassesKeyAndOperationReference() {
    gateway
        .client()
        .resolveIncident(
            ResolveIncidentRequest.newBuilder()
                .setIncidentKey(KEY)
                .setOperationReference(12)
                .build());

    final var call = gateway.fakes.incidents.on("resolve").lastCall();
    assertThat(call.get(1)).isEqualTo(KEY);
    assertThat(call.get(2)).isEqualTo(12L);
  }

  @Test
  void setVariablesPassesScopeDocumentAndLocalityAndAnswersTheKey() {
    gateway.fakes.variables.on("setVariables").succeedWith(KEY + 5);

    final var response =
        gateway
            .client()
            .setVariables(
                SetVariablesRequest.newBuilder()
                    .setElementInstanceKey(KEY)
                    .setVariables("{\"a\":1}")
                    .setLocal(true)
                    .build());

    assertThat(gateway.fakes.variables.on("setVariables").lastCall().get(1))
        .isEqualTo(new SetVariables(KEY, JsonDocument.ofJson("{\"a\":1}"), true, null));
    assertThat(response.getKey()).isEqualTo(KEY + 5);
  }

  @Test
  void updateJobRetriesAndTimeoutPassTheirValues() {
    gateway
        .client()
        .updateJobRetries(
            UpdateJobRetriesRequest.newBuilder()
                .setJobKey(KEY)
                .setRetries(4)
                .setOperationReference(3)
                .build());
    final var retries = gateway.fakes.jobs.updateRetries.lastCall();
    assertThat(retries.jobKey()).isEqualTo(KEY);
    assertThat(retries.retries()).isEqualTo(4);
    assertThat(retries.operationReference()).isEqualTo(3L);

    gateway
        .client()
        .updateJobTimeout(
            UpdateJobTimeoutRequest.newBuilder().setJobKey(KEY + 1).setTimeout(90_000).build());
    final var timeout = gateway.fakes.jobs.updateTimeout.lastCall();
    assertThat(timeout.jobKey()).isEqualTo(KEY + 1);
    assertThat(timeout.timeoutMillis()).isEqualTo(90_000L);
    assertThat(timeout.operationReference()).isNull();
  }

  @Test
  void modifyProcessInstancePassesEveryInstruction() {
    gateway
        .client()
        .modifyProcessInstance(
            ModifyProcessInstanceRequest.newBuilder()
                .setProcessInstanceKey(KEY)
                .addActivateInstructions(
                    ModifyProcessInstanceRequest.ActivateInstruction.newBuilder()
                        .setElementId("task")
                        .setAncestorElementInstanceKey(KEY + 1)
                        .addVariableInstructions(
                            ModifyProcessInstanceRequest.VariableInstruction.newBuilder()
                                .setVariables("{\"x\":1}")
                                .setScopeId("sub")))
                .addTerminateInstructions(
                    ModifyProcessInstanceRequest.TerminateInstruction.newBuilder()
                        .setElementInstanceKey(KEY + 2))
                .setOperationReference(7)
                .build());

    assertThat(gateway.fakes.processInstances.modify.lastCall())
        .isEqualTo(
            new ModifyProcessInstance(
                KEY,
                List.of(
                    new ModifyProcessInstance.ActivateInstruction(
                        "task",
                        KEY + 1,
                        List.of(
                            new ModifyProcessInstance.VariableInstruction(
                                JsonDocument.ofJson("{\"x\":1}"), "sub")))),
                List.of(KEY + 2),
                7L));
  }

  @Test
  void migrateProcessInstancePassesThePlan() {
    gateway
        .client()
        .migrateProcessInstance(
            MigrateProcessInstanceRequest.newBuilder()
                .setProcessInstanceKey(KEY)
                .setMigrationPlan(
                    MigrateProcessInstanceRequest.MigrationPlan.newBuilder()
                        .setTargetProcessDefinitionKey(KEY + 1)
                        .addMappingInstructions(
                            MigrateProcessInstanceRequest.MappingInstruction.newBuilder()
                                .setSourceElementId("a")
                                .setTargetElementId("b")))
                .build());

    assertThat(gateway.fakes.processInstances.migrate.lastCall())
        .isEqualTo(
            new MigrateProcessInstance(
                KEY,
                KEY + 1,
                List.of(new MigrateProcessInstance.MappingInstruction("a", "b")),
                null));
  }

  @Test
  void deleteResourcePassesTheKey() {
    gateway.client().deleteResource(DeleteResourceRequest.newBuilder().setResourceKey(KEY).build());

    final var call = gateway.fakes.resources.on("delete").lastCall();
    assertThat(call.get(1)).isEqualTo(KEY);
    assertThat(call.get(2)).isNull();
  }

  @Test
  void broadcastSignalPassesNameAndVariablesAndAnswersKeyAndTenant() {
    gateway.fakes.signals.on("broadcast").succeedWith(new SignalBroadcasted(KEY, "<default>"));

    final var response =
        gateway
            .client()
            .broadcastSignal(
                BroadcastSignalRequest.newBuilder()
                    .setSignalName("alarm")
                    .setVariables("{\"level\":3}")
                    .build());

    assertThat(gateway.fakes.signals.on("broadcast").lastCall().get(1))
        .isEqualTo(new BroadcastSignal("alarm", JsonDocument.ofJson("{\"level\":3}"), null));
    assertThat(response.getKey()).isEqualTo(KEY);
    assertThat(response.getTenantId()).isEqualTo("<default>");
  }
}

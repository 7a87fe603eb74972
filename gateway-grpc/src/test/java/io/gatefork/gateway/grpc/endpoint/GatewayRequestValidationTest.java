package io.gatefork.gateway.grpc.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.google.protobuf.ByteString;
import io.camunda.zeebe.gateway.protocol.GatewayGrpc.GatewayBlockingStub;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.BroadcastSignalRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CancelProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceWithResultRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeleteResourceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployProcessRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployResourceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluateDecisionRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.FailJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.JobResult;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.JobResultActivateElement;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.MigrateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ModifyProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ProcessInstanceCreationRuntimeInstruction;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ProcessInstanceCreationStartInstruction;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ProcessRequestObject;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.PublishMessageRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ResolveIncidentRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.Resource;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.SetVariablesRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.StreamActivatedJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TerminateProcessInstanceInstruction;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ThrowErrorRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobRetriesRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobTimeoutRequest;
import io.gatefork.gateway.grpc.support.TestGateway;
import io.gatefork.service.testing.FakeBrokerClient;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad input is answered before anything reaches the broker (tenants: {@link
 * TenantCheckedRpcsTest}), naming the offending field as the stock gateway does: what only gRPC can
 * get wrong at the edge, the field rules by the real services.
 */
class GatewayRequestValidationTest {
  private static final FakeBrokerClient broker = new FakeBrokerClient();
  private static TestGateway gateway;

  @BeforeAll
  static void start() {
    gateway = TestGateway.overBroker(broker);
  }

  @AfterAll
  static void stop() throws InterruptedException {
    gateway.close();
    broker.close();
  }

  static Stream<Arguments> invalidRequests() {
    final var validActivation =
        ActivateJobsRequest.newBuilder().setType("t").setTimeout(1000).setMaxJobsToActivate(1);
    final var validResource =
        Resource.newBuilder().setName("a.bpmn").setContent(ByteString.copyFromUtf8("<x/>"));
    return Stream.of(
        invalid(
            "deploy without resources",
            c -> c.deployResource(DeployResourceRequest.getDefaultInstance()),
            "'resources'"),
        invalid(
            "deploy a resource without name",
            c ->
                c.deployResource(
                    DeployResourceRequest.newBuilder()
                        .addResources(validResource)
                        .addResources(validResource.clone().setName(""))
                        .build()),
            "'resources[1].name'"),
        invalid(
            "deploy an empty resource",
            c ->
                c.deployResource(
                    DeployResourceRequest.newBuilder()
                        .addResources(validResource.clone().setContent(ByteString.EMPTY))
                        .build()),
            "'resources[0].content'"),
        invalid(
            "create an instance of no process",
            c -> c.createProcessInstance(CreateProcessInstanceRequest.getDefaultInstance()),
            "'processDefinitionKey' or 'bpmnProcessId'"),
        invalid(
            "create an instance with a blank start element",
            c ->
                c.createProcessInstance(
                    CreateProcessInstanceRequest.newBuilder()
                        .setBpmnProcessId("p")
                        .addStartInstructions(
                            ProcessInstanceCreationStartInstruction.newBuilder().setElementId(" "))
                        .build()),
            "'startInstructions[0].elementId'"),
        invalid(
            "create an instance with a tag that starts with a digit",
            c ->
                c.createProcessInstance(
                    CreateProcessInstanceRequest.newBuilder()
                        .setBpmnProcessId("p")
                        .addTags("ok")
                        .addTags("1-not-ok")
                        .build()),
            "tags[1]: must start with a letter"),
        invalid(
            "create an instance with duplicate tags",
            c ->
                c.createProcessInstance(
                    CreateProcessInstanceRequest.newBuilder()
                        .setBpmnProcessId("p")
                        .addTags("a")
                        .addTags("a")
                        .build()),
            "tags: must not contain duplicates"),
        invalid(
            "create an instance with result and a tag of forbidden characters",
            c ->
                c.createProcessInstanceWithResult(
                    CreateProcessInstanceWithResultRequest.newBuilder()
                        .setRequest(
                            CreateProcessInstanceRequest.newBuilder()
                                .setBpmnProcessId("p")
                                .addTags("a tag"))
                        .build()),
            "tags[0]: must contain only the characters A-Z a-z 0-9 _ - : ."),
        invalid(
            "create an instance with result of no process",
            c ->
                c.createProcessInstanceWithResult(
                    CreateProcessInstanceWithResultRequest.getDefaultInstance()),
            "CreateProcessInstanceWithResult with 'processDefinitionKey' or 'bpmnProcessId'"),
        invalid(
            "cancel without key",
            c -> c.cancelProcessInstance(CancelProcessInstanceRequest.getDefaultInstance()),
            "'processInstanceKey'"),
        invalid(
            "activate jobs without type",
            c -> c.activateJobs(validActivation.clone().setType(" ").build()).hasNext(),
            "'type'"),
        invalid(
            "activate jobs without timeout",
            c -> c.activateJobs(validActivation.clone().setTimeout(0).build()).hasNext(),
            "'timeout' greater than zero, but it was 0"),
        invalid(
            "activate no jobs",
            c -> c.activateJobs(validActivation.clone().setMaxJobsToActivate(0).build()).hasNext(),
            "'maxJobsToActivate' greater than zero, but it was 0"),
        invalid(
            "activate jobs of another tenant",
            c ->
                c.activateJobs(
                        validActivation.clone().addTenantIds("<default>").addTenantIds("a").build())
                    .hasNext(),
            "Expected to handle gRPC request ActivateJobs with tenant identifiers '[<default>, a]'"),
        invalid(
            "complete without job key",
            c -> c.completeJob(CompleteJobRequest.getDefaultInstance()),
            "'jobKey'"),
        invalid(
            "fail without job key",
            c -> c.failJob(FailJobRequest.getDefaultInstance()),
            "FailJob with a valid key in 'jobKey', but it was 0"),
        invalid(
            "fail with negative back-off",
            c -> c.failJob(FailJobRequest.newBuilder().setJobKey(1).setRetryBackOff(-1).build()),
            "'retryBackOff'"),
        invalid(
            "throw an error without job key",
            c -> c.throwError(ThrowErrorRequest.newBuilder().setErrorCode("E").build()),
            "'jobKey'"),
        invalid(
            "throw an error without code",
            c -> c.throwError(ThrowErrorRequest.newBuilder().setJobKey(1).build()),
            "'errorCode'"),
        invalid(
            "publish a message without name",
            c -> c.publishMessage(PublishMessageRequest.getDefaultInstance()),
            "'name'"),
        invalid(
            "publish a message with negative time to live",
            c ->
                c.publishMessage(
                    PublishMessageRequest.newBuilder().setName("m").setTimeToLive(-1).build()),
            "'timeToLive'"),
        invalid(
            "stream jobs without type",
            c ->
                c.streamActivatedJobs(
                        StreamActivatedJobsRequest.newBuilder().setTimeout(1000).build())
                    .hasNext(),
            "Expected to stream activated jobs with type to be present, but it was blank"),
        invalid(
            "stream jobs without timeout",
            c ->
                c.streamActivatedJobs(StreamActivatedJobsRequest.newBuilder().setType("t").build())
                    .hasNext(),
            "Expected to stream activated jobs with timeout to be greater than zero, but it was 0"),
        invalid(
            "evaluate no decision",
            c -> c.evaluateDecision(EvaluateDecisionRequest.getDefaultInstance()),
            "EvaluateDecision with 'decisionKey' or 'decisionId', but neither was set"),
        invalid(
            "deploy no process",
            c -> c.deployProcess(DeployProcessRequest.getDefaultInstance()),
            "at least one process in 'processes'"),
        invalid(
            "deploy a process without name",
            c ->
                c.deployProcess(
                    DeployProcessRequest.newBuilder()
                        .addProcesses(
                            ProcessRequestObject.newBuilder()
                                .setDefinition(ByteString.copyFromUtf8("<x/>")))
                        .build()),
            "'processes[0].name'"),
        invalid(
            "deploy an empty process",
            c ->
                c.deployProcess(
                    DeployProcessRequest.newBuilder()
                        .addProcesses(ProcessRequestObject.newBuilder().setName("a.bpmn"))
                        .build()),
            "'processes[0].definition'"),
        invalid(
            "resolve without incident key",
            c -> c.resolveIncident(ResolveIncidentRequest.getDefaultInstance()),
            "ResolveIncident with a valid key in 'incidentKey', but it was 0"),
        invalid(
            "set variables without scope",
            c -> c.setVariables(SetVariablesRequest.newBuilder().setVariables("{}").build()),
            "SetVariables with a valid key in 'elementInstanceKey', but it was 0"),
        invalid(
            "update retries without job key",
            c -> c.updateJobRetries(UpdateJobRetriesRequest.newBuilder().setRetries(1).build()),
            "UpdateJobRetries with a valid key in 'jobKey', but it was 0"),
        invalid(
            "update retries to zero",
            c -> c.updateJobRetries(UpdateJobRetriesRequest.newBuilder().setJobKey(1).build()),
            "UpdateJobRetries with 'retries' greater than zero, but it was 0"),
        invalid(
            "update the timeout without job key",
            c -> c.updateJobTimeout(UpdateJobTimeoutRequest.newBuilder().setTimeout(1).build()),
            "UpdateJobTimeout with a valid key in 'jobKey', but it was 0"),
        invalid(
            "modify without instance key",
            c -> c.modifyProcessInstance(ModifyProcessInstanceRequest.getDefaultInstance()),
            "ModifyProcessInstance with a valid key in 'processInstanceKey'"),
        invalid(
            "modify activating a blank element",
            c ->
                c.modifyProcessInstance(
                    ModifyProcessInstanceRequest.newBuilder()
                        .setProcessInstanceKey(1)
                        .addActivateInstructions(
                            ModifyProcessInstanceRequest.ActivateInstruction.newBuilder()
                                .setElementId(""))
                        .build()),
            "'activateInstructions[0].elementId'"),
        invalid(
            "modify terminating no element instance",
            c ->
                c.modifyProcessInstance(
                    ModifyProcessInstanceRequest.newBuilder()
                        .setProcessInstanceKey(1)
                        .addTerminateInstructions(
                            ModifyProcessInstanceRequest.TerminateInstruction.getDefaultInstance())
                        .build()),
            "'terminateInstructions[0].elementInstanceKey'"),
        invalid(
            "migrate without instance key",
            c -> c.migrateProcessInstance(MigrateProcessInstanceRequest.getDefaultInstance()),
            "MigrateProcessInstance with a valid key in 'processInstanceKey'"),
        invalid(
            "migrate without target",
            c ->
                c.migrateProcessInstance(
                    MigrateProcessInstanceRequest.newBuilder().setProcessInstanceKey(1).build()),
            "'migrationPlan.targetProcessDefinitionKey'"),
        invalid(
            "migrate with a blank mapping",
            c ->
                c.migrateProcessInstance(
                    MigrateProcessInstanceRequest.newBuilder()
                        .setProcessInstanceKey(1)
                        .setMigrationPlan(
                            MigrateProcessInstanceRequest.MigrationPlan.newBuilder()
                                .setTargetProcessDefinitionKey(2)
                                .addMappingInstructions(
                                    MigrateProcessInstanceRequest.MappingInstruction.newBuilder()
                                        .setSourceElementId("a")))
                        .build()),
            "'migrationPlan.mappingInstructions[0].targetElementId'"),
        invalid(
            "delete without resource key",
            c -> c.deleteResource(DeleteResourceRequest.getDefaultInstance()),
            "DeleteResource with a valid key in 'resourceKey', but it was 0"),
        invalid(
            "broadcast a signal without name",
            c -> c.broadcastSignal(BroadcastSignalRequest.getDefaultInstance()),
            "BroadcastSignal with non-blank 'signalName', but it was blank"),
        invalid(
            "runtime instruction without an instruction",
            c ->
                c.createProcessInstance(
                    CreateProcessInstanceRequest.newBuilder()
                        .setBpmnProcessId("p")
                        .addRuntimeInstructions(
                            ProcessInstanceCreationRuntimeInstruction.getDefaultInstance())
                        .build()),
            "'runtimeInstructions[0]', but none was set"),
        invalid(
            "terminate runtime instruction without an element",
            c ->
                c.createProcessInstance(
                    CreateProcessInstanceRequest.newBuilder()
                        .setBpmnProcessId("p")
                        .addRuntimeInstructions(
                            ProcessInstanceCreationRuntimeInstruction.newBuilder()
                                .setTerminate(
                                    TerminateProcessInstanceInstruction.newBuilder()
                                        .setAfterElementId(" ")))
                        .build()),
            "non-blank 'runtimeInstructions[0].terminate.afterElementId'"),
        invalid(
            "job result of an unknown type",
            c ->
                c.completeJob(
                    CompleteJobRequest.newBuilder()
                        .setJobKey(1)
                        .setResult(JobResult.newBuilder().setType("serviceTask"))
                        .build()),
            "'result.type' one of [userTask, adHocSubProcess], but it was 'serviceTask'"),
        invalid(
            "job result activating an element without id",
            c ->
                c.completeJob(
                    CompleteJobRequest.newBuilder()
                        .setJobKey(1)
                        .setResult(
                            JobResult.newBuilder()
                                .setType("adHocSubProcess")
                                .addActivateElements(
                                    JobResultActivateElement.newBuilder().setElementId("")))
                        .build()),
            "non-blank 'result.activateElements[0].elementId'"),
        // documents are checked where gRPC's JSON text becomes MessagePack, at every depth
        invalid(
            "create with variables that are an array",
            c ->
                c.createProcessInstance(
                    CreateProcessInstanceRequest.newBuilder()
                        .setBpmnProcessId("p")
                        .setVariables("[1,2]")
                        .build()),
            "variables: expected a JSON object, but got an array"),
        invalid(
            "publish with variables that are a string",
            c ->
                c.publishMessage(
                    PublishMessageRequest.newBuilder()
                        .setName("m")
                        .setVariables("\"just a string\"")
                        .build()),
            "variables: expected a JSON object, but got a scalar"),
        invalid(
            "set variables that are malformed",
            c ->
                c.setVariables(
                    SetVariablesRequest.newBuilder()
                        .setElementInstanceKey(2251799813685249L)
                        .setVariables("{\"a\":")
                        .build()),
            "variables: expected a JSON object, but it is not valid JSON"),
        invalid(
            "throw an error with variables that are an array",
            c ->
                c.throwError(
                    ThrowErrorRequest.newBuilder()
                        .setJobKey(2251799813685249L)
                        .setErrorCode("E")
                        .setVariables("[]")
                        .build()),
            "variables: expected a JSON object, but got an array"),
        invalid(
            "complete a job whose activated element's variables are an array",
            c ->
                c.completeJob(
                    CompleteJobRequest.newBuilder()
                        .setJobKey(2251799813685249L)
                        .setResult(
                            JobResult.newBuilder()
                                .setType("adHocSubProcess")
                                .addActivateElements(
                                    JobResultActivateElement.newBuilder()
                                        .setElementId("a")
                                        .setVariables("[1]")))
                        .build()),
            "result.activateElements[0].variables: expected a JSON object, but got an array"),
        invalid(
            "modify with a variable instruction that is an array",
            c ->
                c.modifyProcessInstance(
                    ModifyProcessInstanceRequest.newBuilder()
                        .setProcessInstanceKey(2251799813685249L)
                        .addActivateInstructions(
                            ModifyProcessInstanceRequest.ActivateInstruction.newBuilder()
                                .setElementId("task")
                                .addVariableInstructions(
                                    ModifyProcessInstanceRequest.VariableInstruction.newBuilder()
                                        .setVariables("[1]")))
                        .build()),
            "activateInstructions[0].variableInstructions[0].variables: expected a JSON object"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalidRequests")
  void invalidRequestIsRejectedBeforeTheService(
      final String name, final Consumer<GatewayBlockingStub> call, final String expectedMessage) {
    final int sentBefore = broker.sent().size();
    final var error =
        catchThrowableOfType(StatusRuntimeException.class, () -> call.accept(gateway.client()));

    assertThat(error).as("the call must fail").isNotNull();
    assertThat(error.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
    assertThat(error.getStatus().getDescription()).contains(expectedMessage);
    assertThat(broker.sent()).as("sent to the broker").hasSize(sentBefore);
  }

  private static Arguments invalid(
      final String name, final Consumer<GatewayBlockingStub> call, final String message) {
    return Arguments.of(name, call, message);
  }
}

package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.camunda.zeebe.gateway.protocol.GatewayGrpc.GatewayBlockingStub;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.BroadcastSignalRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CancelProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceWithResultRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeleteResourceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.FailJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.MigrateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ModifyProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ProcessInstanceCreationStartInstruction;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.PublishMessageRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ResolveIncidentRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.SetVariablesRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.StreamActivatedJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ThrowErrorRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobRetriesRequest;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One table of bad inputs, each sent over REST and over gRPC: both APIs refuse the same field (REST
 * a 400 ProblemDetail whose detail names it, gRPC INVALID_ARGUMENT whose description names it), and
 * neither lets the request reach the broker. The rules are the services' ({@code FieldRules}),
 * applied once for both; each API only words the refusal.
 */
class SameRefusalOverBothApisTest extends GatewayTestSupport {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ManagedChannel channel;
  private GatewayBlockingStub grpc;

  @BeforeEach
  void openChannel() {
    channel = ManagedChannelBuilder.forAddress("127.0.0.1", grpcPort).usePlaintext().build();
    grpc = GatewayGrpc.newBlockingStub(channel).withDeadlineAfter(20, TimeUnit.SECONDS);
  }

  @AfterEach
  void closeChannel() {
    channel.shutdownNow();
  }

  /** A bad input as each API says it, and the field both must name. */
  private record BadInput(
      String field, String method, String path, String json, Consumer<GatewayBlockingStub> grpc) {}

  static Stream<Arguments> badInputs() {
    return Stream.of(
        bad(
            "a tag that starts with a digit",
            new BadInput(
                "tags[1]",
                "POST",
                "/v2/process-instances",
                "{\"processDefinitionId\": \"p\", \"tags\": [\"ok\", \"1bad\"]}",
                g ->
                    g.createProcessInstance(
                        CreateProcessInstanceRequest.newBuilder()
                            .setBpmnProcessId("p")
                            .addTags("ok")
                            .addTags("1bad")
                            .build()))),
        bad(
            "duplicate tags",
            new BadInput(
                "tags",
                "POST",
                "/v2/process-instances",
                "{\"processDefinitionId\": \"p\", \"tags\": [\"a\", \"a\"]}",
                g ->
                    g.createProcessInstance(
                        CreateProcessInstanceRequest.newBuilder()
                            .setBpmnProcessId("p")
                            .addTags("a")
                            .addTags("a")
                            .build()))),
        bad(
            "a blank start element",
            new BadInput(
                "startInstructions[0].elementId",
                "POST",
                "/v2/process-instances",
                "{\"processDefinitionId\": \"p\", \"startInstructions\": [{\"elementId\": \" \"}]}",
                g ->
                    g.createProcessInstance(
                        CreateProcessInstanceRequest.newBuilder()
                            .setBpmnProcessId("p")
                            .addStartInstructions(
                                ProcessInstanceCreationStartInstruction.newBuilder()
                                    .setElementId(" "))
                            .build()))),
        bad(
            "create with result fetching a blank variable",
            new BadInput(
                "fetchVariables[0]",
                "POST",
                "/v2/process-instances",
                "{\"processDefinitionId\": \"p\", \"awaitCompletion\": true,"
                    + " \"fetchVariables\": [\" \"]}",
                g ->
                    g.createProcessInstanceWithResult(
                        CreateProcessInstanceWithResultRequest.newBuilder()
                            .setRequest(
                                CreateProcessInstanceRequest.newBuilder().setBpmnProcessId("p"))
                            .addFetchVariables(" ")
                            .build()))),
        bad(
            "cancel instance key 0",
            new BadInput(
                "processInstanceKey",
                "POST",
                "/v2/process-instances/0/cancellation",
                "{}",
                g -> g.cancelProcessInstance(CancelProcessInstanceRequest.getDefaultInstance()))),
        bad(
            "cancel with operation reference 0",
            new BadInput(
                "operationReference",
                "POST",
                "/v2/process-instances/1/cancellation",
                "{\"operationReference\": 0}",
                g ->
                    g.cancelProcessInstance(
                        CancelProcessInstanceRequest.newBuilder()
                            .setProcessInstanceKey(1)
                            .setOperationReference(0)
                            .build()))),
        bad(
            "modify activating a blank element",
            new BadInput(
                "activateInstructions[0].elementId",
                "POST",
                "/v2/process-instances/1/modification",
                "{\"activateInstructions\": [{\"elementId\": \" \"}]}",
                g ->
                    g.modifyProcessInstance(
                        ModifyProcessInstanceRequest.newBuilder()
                            .setProcessInstanceKey(1)
                            .addActivateInstructions(
                                ModifyProcessInstanceRequest.ActivateInstruction.newBuilder()
                                    .setElementId(" "))
                            .build()))),
        bad(
            "migrate to a blank target element",
            new BadInput(
                "mappingInstructions[0].targetElementId",
                "POST",
                "/v2/process-instances/1/migration",
                "{\"targetProcessDefinitionKey\": \"2\", \"mappingInstructions\":"
                    + " [{\"sourceElementId\": \"a\", \"targetElementId\": \" \"}]}",
                g ->
                    g.migrateProcessInstance(
                        MigrateProcessInstanceRequest.newBuilder()
                            .setProcessInstanceKey(1)
                            .setMigrationPlan(
                                MigrateProcessInstanceRequest.MigrationPlan.newBuilder()
                                    .setTargetProcessDefinitionKey(2)
                                    .addMappingInstructions(
                                        MigrateProcessInstanceRequest.MappingInstruction
                                            .newBuilder()
                                            .setSourceElementId("a")
                                            .setTargetElementId(" ")))
                            .build()))),
        bad(
            "activate jobs of a blank type",
            new BadInput(
                "type",
                "POST",
                "/v2/jobs/activation",
                "{\"type\": \" \", \"maxJobsToActivate\": 1, \"timeout\": 1000}",
                g ->
                    g.activateJobs(
                            ActivateJobsRequest.newBuilder()
                                .setType(" ")
                                .setMaxJobsToActivate(1)
                                .setTimeout(1000)
                                .build())
                        .hasNext())),
        bad(
            "activate no jobs",
            new BadInput(
                "maxJobsToActivate",
                "POST",
                "/v2/jobs/activation",
                "{\"type\": \"t\", \"maxJobsToActivate\": 0, \"timeout\": 1000}",
                g ->
                    g.activateJobs(
                            ActivateJobsRequest.newBuilder()
                                .setType("t")
                                .setMaxJobsToActivate(0)
                                .setTimeout(1000)
                                .build())
                        .hasNext())),
        bad(
            "complete job key 0",
            new BadInput(
                "jobKey",
                "POST",
                "/v2/jobs/0/completion",
                "{}",
                g -> g.completeJob(CompleteJobRequest.getDefaultInstance()))),
        bad(
            "fail with a negative back-off",
            new BadInput(
                "retryBackOff",
                "POST",
                "/v2/jobs/1/failure",
                "{\"retries\": 0, \"retryBackOff\": -1}",
                g ->
                    g.failJob(
                        FailJobRequest.newBuilder().setJobKey(1).setRetryBackOff(-1).build()))),
        bad(
            "throw a blank error code",
            new BadInput(
                "errorCode",
                "POST",
                "/v2/jobs/1/error",
                "{\"errorCode\": \" \"}",
                g ->
                    g.throwError(
                        ThrowErrorRequest.newBuilder().setJobKey(1).setErrorCode(" ").build()))),
        bad(
            "publish a message without name",
            new BadInput(
                "name",
                "POST",
                "/v2/messages/publication",
                "{\"name\": \" \", \"correlationKey\": \"k\"}",
                g ->
                    g.publishMessage(
                        PublishMessageRequest.newBuilder()
                            .setName(" ")
                            .setCorrelationKey("k")
                            .build()))),
        bad(
            "publish a message with a negative time to live",
            new BadInput(
                "timeToLive",
                "POST",
                "/v2/messages/publication",
                "{\"name\": \"m\", \"correlationKey\": \"k\", \"timeToLive\": -1}",
                g ->
                    g.publishMessage(
                        PublishMessageRequest.newBuilder()
                            .setName("m")
                            .setCorrelationKey("k")
                            .setTimeToLive(-1)
                            .build()))),
        bad(
            "broadcast a blank signal",
            new BadInput(
                "signalName",
                "POST",
                "/v2/signals/broadcast",
                "{\"signalName\": \" \"}",
                g ->
                    g.broadcastSignal(
                        BroadcastSignalRequest.newBuilder().setSignalName(" ").build()))),
        bad(
            "resolve incident key 0",
            new BadInput(
                "incidentKey",
                "POST",
                "/v2/incidents/0/resolution",
                "{}",
                g -> g.resolveIncident(ResolveIncidentRequest.getDefaultInstance()))),
        bad(
            "update job retries with operation reference 0",
            new BadInput(
                "operationReference",
                "PATCH",
                "/v2/jobs/1",
                "{\"changeset\": {\"retries\": 1}, \"operationReference\": 0}",
                g ->
                    g.updateJobRetries(
                        UpdateJobRetriesRequest.newBuilder()
                            .setJobKey(1)
                            .setRetries(1)
                            .setOperationReference(0)
                            .build()))),
        bad(
            "set variables of element instance 0",
            new BadInput(
                "elementInstanceKey",
                "PUT",
                "/v2/element-instances/0/variables",
                "{\"variables\": {}}",
                g -> g.setVariables(SetVariablesRequest.newBuilder().setVariables("{}").build()))),
        bad(
            "set variables with operation reference 0",
            new BadInput(
                "operationReference",
                "PUT",
                "/v2/element-instances/1/variables",
                "{\"variables\": {}, \"operationReference\": 0}",
                g ->
                    g.setVariables(
                        SetVariablesRequest.newBuilder()
                            .setElementInstanceKey(1)
                            .setVariables("{}")
                            .setOperationReference(0)
                            .build()))),
        bad(
            "delete resource key 0",
            new BadInput(
                "resourceKey",
                "POST",
                "/v2/resources/0/deletion",
                "{}",
                g -> g.deleteResource(DeleteResourceRequest.getDefaultInstance()))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badInputs")
  void bothApisRefuseTheSameFieldBeforeTheBroker(final String name, final BadInput input)
      throws Exception {
    final long before = broker.commands().total();

    final var rest = new RestCalls(baseUrl()).send(input.method(), input.path(), input.json());
    assertThat(rest.statusCode()).as("REST " + rest.body()).isEqualTo(400);
    final JsonNode problem = JSON.readTree(rest.body());
    assertThat(problem.path("title").asText()).isEqualTo("INVALID_ARGUMENT");
    assertThat(problem.path("detail").asText()).as("REST detail").contains(input.field());

    final var grpcError =
        catchThrowableOfType(StatusRuntimeException.class, () -> input.grpc().accept(grpc));
    assertThat(grpcError).as("gRPC must refuse").isNotNull();
    assertThat(grpcError.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
    assertThat(grpcError.getStatus().getDescription())
        .as("gRPC description")
        .contains(input.field());

    assertThat(broker.commands().total()).as("commands that reached the broker").isEqualTo(before);
  }

  @Test
  void aJobTypeLongerThanTheLimitIsRefusedOnEveryActivation() throws Exception {
    final long before = broker.commands().total();
    final String type = "t".repeat(32_769);
    final String problem = "type: must not be longer than 32768 characters";

    final var rest =
        new RestCalls(baseUrl())
            .send(
                "POST",
                "/v2/jobs/activation",
                "{\"type\": \"" + type + "\", \"maxJobsToActivate\": 1, \"timeout\": 1000}");
    assertThat(rest.statusCode()).as("REST " + rest.body()).isEqualTo(400);
    assertThat(JSON.readTree(rest.body()).path("detail").asText()).isEqualTo(problem);

    final var activation =
        catchThrowableOfType(
            StatusRuntimeException.class,
            () ->
                grpc.activateJobs(
                        ActivateJobsRequest.newBuilder()
                            .setType(type)
                            .setMaxJobsToActivate(1)
                            .setTimeout(1000)
                            .build())
                    .hasNext());
    final var stream =
        catchThrowableOfType(
            StatusRuntimeException.class,
            () ->
                grpc.streamActivatedJobs(
                        StreamActivatedJobsRequest.newBuilder()
                            .setType(type)
                            .setTimeout(1000)
                            .build())
                    .hasNext());
    for (final var refusal : new StatusRuntimeException[] {activation, stream}) {
      assertThat(refusal).as("gRPC must refuse").isNotNull();
      assertThat(refusal.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
      assertThat(refusal.getStatus().getDescription()).isEqualTo(problem);
    }
    assertThat(broker.commands().total()).isEqualTo(before);
  }

  private static Arguments bad(final String name, final BadInput input) {
    return Arguments.of(name, input);
  }
}

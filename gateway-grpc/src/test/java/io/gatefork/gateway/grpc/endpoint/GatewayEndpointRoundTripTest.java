package io.gatefork.gateway.grpc.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivatedJob.JobKind;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivatedJob.ListenerEventType;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CancelProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceWithResultRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployResourceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.Deployment.MetadataCase;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.FailJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.Partition.PartitionBrokerHealth;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.Partition.PartitionBrokerRole;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ProcessInstanceCreationStartInstruction;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.PublishMessageRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.Resource;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ThrowErrorRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TopologyRequest;
import io.gatefork.gateway.grpc.support.TestGateway;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.deployment.DeploymentResult;
import io.gatefork.service.job.ActivatedJob;
import io.gatefork.service.message.MessagePublished;
import io.gatefork.service.processinstance.ProcessInstanceCreated;
import io.gatefork.service.processinstance.ProcessInstanceResult;
import io.gatefork.service.topology.ClusterTopology;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Each served RPC over a real loopback server: request fields in, result fields out. */
class GatewayEndpointRoundTripTest {
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
  void topologyReportsBrokersPartitionsAndCluster() {
    gateway.fakes.topology.topology(
        new ClusterTopology(
            List.of(
                new ClusterTopology.Broker(
                    0,
                    "broker-0",
                    26501,
                    List.of(
                        new ClusterTopology.Partition(1, "LEADER", "HEALTHY"),
                        new ClusterTopology.Partition(2, "FOLLOWER", "UNHEALTHY"),
                        new ClusterTopology.Partition(3, "INACTIVE", "DEAD")),
                    "8.8.0")),
            3,
            3,
            1,
            "8.8.0-gatefork",
            null));

    final var response = gateway.client().topology(TopologyRequest.getDefaultInstance());

    assertThat(response.getClusterSize()).isEqualTo(3);
    assertThat(response.getPartitionsCount()).isEqualTo(3);
    assertThat(response.getReplicationFactor()).isEqualTo(1);
    assertThat(response.getGatewayVersion()).isEqualTo("8.8.0-gatefork");
    assertThat(response.getBrokersList()).hasSize(1);
    final var broker = response.getBrokers(0);
    assertThat(broker.getNodeId()).isZero();
    assertThat(broker.getHost()).isEqualTo("broker-0");
    assertThat(broker.getPort()).isEqualTo(26501);
    assertThat(broker.getVersion()).isEqualTo("8.8.0");
    assertThat(broker.getPartitionsList())
        .extracting(p -> p.getPartitionId() + ":" + p.getRole() + ":" + p.getHealth())
        .containsExactly(
            "1:" + PartitionBrokerRole.LEADER + ":" + PartitionBrokerHealth.HEALTHY,
            "2:" + PartitionBrokerRole.FOLLOWER + ":" + PartitionBrokerHealth.UNHEALTHY,
            "3:" + PartitionBrokerRole.INACTIVE + ":" + PartitionBrokerHealth.DEAD);
  }

  @Test
  void deployResourceSendsResourcesAndReturnsEveryKindOfMetadata() {
    gateway.fakes.deployment.deploy.succeedWith(
        new DeploymentResult(
            KEY,
            "<default>",
            List.of(
                new DeploymentResult.ProcessMetadata(
                    "order", 3, KEY + 1, "order.bpmn", "<default>")),
            List.of(
                new DeploymentResult.DecisionMetadata(
                    "approve", "Approve", 1, KEY + 2, "rules", KEY + 3, "<default>")),
            List.of(
                new DeploymentResult.DecisionRequirementsMetadata(
                    "rules", "Rules", 1, KEY + 3, "rules.dmn", "<default>")),
            List.of(new DeploymentResult.FormMetadata("form", 2, KEY + 4, "a.form", "<default>")),
            List.of()));

    final var response =
        gateway
            .client()
            .deployResource(
                DeployResourceRequest.newBuilder()
                    .addResources(
                        Resource.newBuilder()
                            .setName("order.bpmn")
                            .setContent(ByteString.copyFromUtf8("<definitions/>")))
                    .addResources(
                        Resource.newBuilder()
                            .setName("rules.dmn")
                            .setContent(ByteString.copyFromUtf8("<dmn/>")))
                    .build());

    final var sent = gateway.fakes.deployment.deploy.lastCall().command();
    assertThat(sent.tenantId()).isNull();
    assertThat(sent.resources())
        .extracting(r -> r.name())
        .containsExactly("order.bpmn", "rules.dmn");
    assertThat(new String(sent.resources().get(0).content(), StandardCharsets.UTF_8))
        .isEqualTo("<definitions/>");

    assertThat(response.getKey()).isEqualTo(KEY);
    assertThat(response.getTenantId()).isEqualTo("<default>");
    assertThat(response.getDeploymentsList())
        .extracting(d -> d.getMetadataCase())
        .containsExactly(
            MetadataCase.PROCESS,
            MetadataCase.DECISION,
            MetadataCase.DECISIONREQUIREMENTS,
            MetadataCase.FORM);
    final var process = response.getDeployments(0).getProcess();
    assertThat(process.getBpmnProcessId()).isEqualTo("order");
    assertThat(process.getVersion()).isEqualTo(3);
    assertThat(process.getProcessDefinitionKey()).isEqualTo(KEY + 1);
    assertThat(process.getResourceName()).isEqualTo("order.bpmn");
    final var decision = response.getDeployments(1).getDecision();
    assertThat(decision.getDmnDecisionId()).isEqualTo("approve");
    assertThat(decision.getDecisionKey()).isEqualTo(KEY + 2);
    assertThat(decision.getDecisionRequirementsKey()).isEqualTo(KEY + 3);
    assertThat(response.getDeployments(2).getDecisionRequirements().getResourceName())
        .isEqualTo("rules.dmn");
    assertThat(response.getDeployments(3).getForm().getFormKey()).isEqualTo(KEY + 4);
  }

  @Test
  void createProcessInstanceByIdSendsEveryFieldAndReturnsTheInstance() {
    gateway.fakes.processInstances.create.succeedWith(
        new ProcessInstanceCreated(KEY + 1, "order", 3, KEY, "<default>", List.of("vip")));

    final var response =
        gateway
            .client()
            .createProcessInstance(
                CreateProcessInstanceRequest.newBuilder()
                    .setBpmnProcessId("order")
                    .setVersion(-1)
                    .setVariables("{\"amount\":42}")
                    .setTenantId("<default>")
                    .setOperationReference(77)
                    .addStartInstructions(
                        ProcessInstanceCreationStartInstruction.newBuilder().setElementId("task"))
                    .addTags("vip")
                    .build());

    final var sent = gateway.fakes.processInstances.create.lastCall().command();
    assertThat(sent.processDefinitionKey()).isNull();
    assertThat(sent.bpmnProcessId()).isEqualTo("order");
    assertThat(sent.version()).isEqualTo(-1);
    assertThat(sent.variables().toJson()).isEqualTo("{\"amount\":42}");
    assertThat(sent.tenantId()).isEqualTo("<default>");
    assertThat(sent.operationReference()).isEqualTo(77L);
    assertThat(sent.startElementIds()).containsExactly("task");
    assertThat(sent.tags()).containsExactly("vip");

    assertThat(response.getProcessInstanceKey()).isEqualTo(KEY);
    assertThat(response.getProcessDefinitionKey()).isEqualTo(KEY + 1);
    assertThat(response.getBpmnProcessId()).isEqualTo("order");
    assertThat(response.getVersion()).isEqualTo(3);
    assertThat(response.getTenantId()).isEqualTo("<default>");
    assertThat(response.getTagsList()).containsExactly("vip");
  }

  @Test
  void createProcessInstanceByKeyLeavesAbsentFieldsNull() {
    gateway.fakes.processInstances.create.succeedWith(
        new ProcessInstanceCreated(KEY + 1, "order", 3, KEY, "<default>", null));

    final var response =
        gateway
            .client()
            .createProcessInstance(
                CreateProcessInstanceRequest.newBuilder()
                    .setProcessDefinitionKey(KEY + 1)
                    .setVariables("  ")
                    .build());

    final var sent = gateway.fakes.processInstances.create.lastCall().command();
    assertThat(sent.processDefinitionKey()).isEqualTo(KEY + 1);
    assertThat(sent.bpmnProcessId()).isNull();
    assertThat(sent.variables()).isNull();
    assertThat(sent.tenantId()).isNull();
    assertThat(sent.operationReference()).isNull();
    assertThat(sent.startElementIds()).isEmpty();
    assertThat(response.getTagsList()).isEmpty();
  }

  @Test
  void createProcessInstanceWithResultPassesTimeoutAndFetchVariables() {
    gateway.fakes.processInstances.createWithResult.succeedWith(
        new ProcessInstanceResult(
            KEY + 1,
            "order",
            3,
            KEY,
            "<default>",
            JsonDocument.ofJson("{\"approved\":true}"),
            List.of("vip")));

    final var response =
        gateway
            .client()
            .createProcessInstanceWithResult(
                CreateProcessInstanceWithResultRequest.newBuilder()
                    .setRequest(
                        CreateProcessInstanceRequest.newBuilder()
                            .setBpmnProcessId("order")
                            .setVersion(3))
                    .setRequestTimeout(20_000)
                    .addFetchVariables("approved")
                    .build());

    final var call = gateway.fakes.processInstances.createWithResult.lastCall();
    assertThat(call.command().bpmnProcessId()).isEqualTo("order");
    assertThat(call.command().version()).isEqualTo(3);
    assertThat(call.requestTimeout()).isEqualTo(Duration.ofSeconds(20));
    assertThat(call.fetchVariables()).containsExactly("approved");

    assertThat(response.getProcessInstanceKey()).isEqualTo(KEY);
    assertThat(response.getProcessDefinitionKey()).isEqualTo(KEY + 1);
    assertThat(response.getVariables()).isEqualTo("{\"approved\":true}");
    assertThat(response.getTagsList()).containsExactly("vip");
  }

  @Test
  void createProcessInstanceWithResultWithoutTimeoutUsesTheClusterDefault() {
    gateway.fakes.processInstances.createWithResult.succeedWith(
        new ProcessInstanceResult(
            KEY + 1, "order", 3, KEY, "<default>", JsonDocument.EMPTY, List.of()));

    final var response =
        gateway
            .client()
            .createProcessInstanceWithResult(
                CreateProcessInstanceWithResultRequest.newBuilder()
                    .setRequest(
                        CreateProcessInstanceRequest.newBuilder().setProcessDefinitionKey(KEY))
                    .build());

    assertThat(gateway.fakes.processInstances.createWithResult.lastCall().requestTimeout())
        .isNull();
    assertThat(response.getVariables()).isEqualTo("{}");
  }

  @Test
  void cancelProcessInstanceSendsKeyAndOperationReference() {
    gateway
        .client()
        .cancelProcessInstance(
            CancelProcessInstanceRequest.newBuilder()
                .setProcessInstanceKey(KEY)
                .setOperationReference(5)
                .build());

    final var call = gateway.fakes.processInstances.cancel.lastCall();
    assertThat(call.processInstanceKey()).isEqualTo(KEY);
    assertThat(call.operationReference()).isEqualTo(5L);
  }

  @Test
  void activateJobsSendsTheRequestAndStreamsEveryJobField() {
    gateway.fakes.jobs.activate.succeedWith(
        List.of(
            new ActivatedJob(
                KEY,
                "payment",
                KEY + 1,
                "order",
                3,
                KEY + 2,
                "pay",
                KEY + 3,
                JsonDocument.ofJson("{\"h\":\"v\"}"),
                "worker-1",
                2,
                1_700_000_000_000L,
                JsonDocument.ofJson("{\"amount\":42}"),
                "<default>",
                "TASK_LISTENER",
                "COMPLETING")));

    final List<ActivateJobsResponse> responses = new ArrayList<>();
    gateway
        .client()
        .activateJobs(
            ActivateJobsRequest.newBuilder()
                .setType("payment")
                .setWorker("worker-1")
                .setTimeout(30_000)
                .setMaxJobsToActivate(5)
                .addFetchVariable("amount")
                .setRequestTimeout(-1)
                .addTenantIds("<default>")
                .build())
        .forEachRemaining(responses::add);

    final var sent = gateway.fakes.jobs.activate.lastCall().command();
    assertThat(sent.type()).isEqualTo("payment");
    assertThat(sent.worker()).isEqualTo("worker-1");
    assertThat(sent.timeoutMillis()).isEqualTo(30_000);
    assertThat(sent.maxJobsToActivate()).isEqualTo(5);
    assertThat(sent.fetchVariables()).containsExactly("amount");
    assertThat(sent.tenantIds()).containsExactly("<default>");
    assertThat(sent.requestTimeout()).isEqualTo(Duration.ofMillis(-1));

    assertThat(responses).hasSize(1);
    assertThat(responses.get(0).getJobsList()).hasSize(1);
    final var job = responses.get(0).getJobs(0);
    assertThat(job.getKey()).isEqualTo(KEY);
    assertThat(job.getType()).isEqualTo("payment");
    assertThat(job.getProcessInstanceKey()).isEqualTo(KEY + 1);
    assertThat(job.getBpmnProcessId()).isEqualTo("order");
    assertThat(job.getProcessDefinitionVersion()).isEqualTo(3);
    assertThat(job.getProcessDefinitionKey()).isEqualTo(KEY + 2);
    assertThat(job.getElementId()).isEqualTo("pay");
    assertThat(job.getElementInstanceKey()).isEqualTo(KEY + 3);
    assertThat(job.getCustomHeaders()).isEqualTo("{\"h\":\"v\"}");
    assertThat(job.getWorker()).isEqualTo("worker-1");
    assertThat(job.getRetries()).isEqualTo(2);
    assertThat(job.getDeadline()).isEqualTo(1_700_000_000_000L);
    assertThat(job.getVariables()).isEqualTo("{\"amount\":42}");
    assertThat(job.getTenantId()).isEqualTo("<default>");
    assertThat(job.getKind()).isEqualTo(JobKind.TASK_LISTENER);
    assertThat(job.getListenerEventType()).isEqualTo(ListenerEventType.COMPLETING);
  }

  @Test
  void completeJobSendsKeyAndVariables() {
    gateway
        .client()
        .completeJob(
            CompleteJobRequest.newBuilder().setJobKey(KEY).setVariables("{\"done\":true}").build());

    final var call = gateway.fakes.jobs.complete.lastCall();
    assertThat(call.jobKey()).isEqualTo(KEY);
    assertThat(call.variables().toJson()).isEqualTo("{\"done\":true}");
  }

  @Test
  void completeJobWithoutVariablesSendsNone() {
    gateway.client().completeJob(CompleteJobRequest.newBuilder().setJobKey(KEY).build());

    assertThat(gateway.fakes.jobs.complete.lastCall().variables()).isNull();
  }

  @Test
  void failJobSendsRetriesMessageBackOffAndVariables() {
    gateway
        .client()
        .failJob(
            FailJobRequest.newBuilder()
                .setJobKey(KEY)
                .setRetries(2)
                .setErrorMessage("boom")
                .setRetryBackOff(1_000)
                .setVariables("{\"attempt\":1}")
                .build());

    final var call = gateway.fakes.jobs.fail.lastCall();
    assertThat(call.jobKey()).isEqualTo(KEY);
    assertThat(call.retries()).isEqualTo(2);
    assertThat(call.errorMessage()).isEqualTo("boom");
    assertThat(call.retryBackOffMillis()).isEqualTo(1_000);
    assertThat(call.variables().toJson()).isEqualTo("{\"attempt\":1}");
  }

  @Test
  void throwErrorSendsCodeMessageAndVariables() {
    gateway
        .client()
        .throwError(
            ThrowErrorRequest.newBuilder()
                .setJobKey(KEY)
                .setErrorCode("NO_STOCK")
                .setErrorMessage("out of stock")
                .setVariables("{\"sku\":\"a\"}")
                .build());

    final var call = gateway.fakes.jobs.throwError.lastCall().command();
    assertThat(call.jobKey()).isEqualTo(KEY);
    assertThat(call.errorCode()).isEqualTo("NO_STOCK");
    assertThat(call.errorMessage()).isEqualTo("out of stock");
    assertThat(call.variables().toJson()).isEqualTo("{\"sku\":\"a\"}");
  }

  @Test
  void publishMessageSendsEveryFieldAndReturnsKeyAndTenant() {
    gateway.fakes.messages.publish.succeedWith(new MessagePublished(KEY, "<default>"));

    final var response =
        gateway
            .client()
            .publishMessage(
                PublishMessageRequest.newBuilder()
                    .setName("paid")
                    .setCorrelationKey("order-1")
                    .setTimeToLive(60_000)
                    .setMessageId("m-1")
                    .setVariables("{\"paid\":true}")
                    .build());

    final var sent = gateway.fakes.messages.publish.lastCall().command();
    assertThat(sent.name()).isEqualTo("paid");
    assertThat(sent.correlationKey()).isEqualTo("order-1");
    assertThat(sent.timeToLiveMillis()).isEqualTo(60_000);
    assertThat(sent.messageId()).isEqualTo("m-1");
    assertThat(sent.variables().toJson()).isEqualTo("{\"paid\":true}");
    assertThat(sent.tenantId()).isNull();
    assertThat(response.getKey()).isEqualTo(KEY);
    assertThat(response.getTenantId()).isEqualTo("<default>");
  }

  @Test
  void publishMessageWithoutIdOrCorrelationKeyKeepsThemAbsent() {
    gateway.fakes.messages.publish.succeedWith(new MessagePublished(KEY, null));

    final var response =
        gateway.client().publishMessage(PublishMessageRequest.newBuilder().setName("tick").build());

    final var sent = gateway.fakes.messages.publish.lastCall().command();
    assertThat(sent.messageId()).isNull();
    assertThat(sent.correlationKey()).isEmpty();
    assertThat(sent.variables()).isNull();
    assertThat(response.getTenantId()).isEmpty();
  }
}

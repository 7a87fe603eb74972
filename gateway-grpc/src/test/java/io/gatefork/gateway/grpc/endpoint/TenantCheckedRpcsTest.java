package io.gatefork.gateway.grpc.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import io.camunda.zeebe.gateway.protocol.GatewayGrpc.GatewayBlockingStub;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.BroadcastSignalRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceWithResultRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployResourceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluateDecisionRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.PublishMessageRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.Resource;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.StreamActivatedJobsRequest;
import io.gatefork.gateway.grpc.support.TestGateway;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each RPC whose request names a tenant checks it at the edge ({@link GatewayRequestValidator}):
 * every such RPC of {@code gateway.proto} must be in {@link #NAMING_TENANT_A}, and each must refuse
 * a tenant while multi-tenancy is off (the test gateway's caller has no tenant checks) before the
 * service is called. A new RPC without its tenant check fails here.
 */
class TenantCheckedRpcsTest {
  private static final Set<String> TENANT_FIELDS = Set.of("tenantId", "tenantIds");

  /** A valid call of each tenant-naming RPC, naming {@code tenant-a}. */
  private static final Map<String, Consumer<GatewayBlockingStub>> NAMING_TENANT_A =
      Map.of(
          "DeployResource",
          c ->
              c.deployResource(
                  DeployResourceRequest.newBuilder()
                      .addResources(
                          Resource.newBuilder()
                              .setName("a.bpmn")
                              .setContent(ByteString.copyFromUtf8("<x/>")))
                      .setTenantId("tenant-a")
                      .build()),
          "CreateProcessInstance",
          c -> c.createProcessInstance(create()),
          "CreateProcessInstanceWithResult",
          c ->
              c.createProcessInstanceWithResult(
                  CreateProcessInstanceWithResultRequest.newBuilder().setRequest(create()).build()),
          "ActivateJobs",
          c ->
              c.activateJobs(
                      ActivateJobsRequest.newBuilder()
                          .setType("t")
                          .setTimeout(1000)
                          .setMaxJobsToActivate(1)
                          .addTenantIds("tenant-a")
                          .build())
                  .hasNext(),
          "StreamActivatedJobs",
          c ->
              c.streamActivatedJobs(
                      StreamActivatedJobsRequest.newBuilder()
                          .setType("t")
                          .setTimeout(1000)
                          .addTenantIds("tenant-a")
                          .build())
                  .hasNext(),
          "PublishMessage",
          c ->
              c.publishMessage(
                  PublishMessageRequest.newBuilder()
                      .setName("m")
                      .setCorrelationKey("k")
                      .setTenantId("tenant-a")
                      .build()),
          "EvaluateDecision",
          c ->
              c.evaluateDecision(
                  EvaluateDecisionRequest.newBuilder()
                      .setDecisionId("d")
                      .setTenantId("tenant-a")
                      .build()),
          "BroadcastSignal",
          c ->
              c.broadcastSignal(
                  BroadcastSignalRequest.newBuilder()
                      .setSignalName("s")
                      .setTenantId("tenant-a")
                      .build()));

  private static TestGateway gateway;

  @BeforeAll
  static void start() {
    gateway = new TestGateway();
  }

  @AfterAll
  static void stop() throws InterruptedException {
    gateway.close();
  }

  @BeforeEach
  void resetCalls() {
    gateway.resetFakes();
  }

  @Test
  void everyRpcWhoseRequestNamesATenantIsChecked() {
    final Set<String> namingATenant = new TreeSet<>();
    for (final var method :
        GatewayOuterClass.getDescriptor().findServiceByName("Gateway").getMethods()) {
      if (namesATenant(method.getInputType())) {
        namingATenant.add(method.getName());
      }
    }

    assertThat(namingATenant)
        .as("RPCs whose request names a tenant; add a new one to NAMING_TENANT_A")
        .isEqualTo(new TreeSet<>(NAMING_TENANT_A.keySet()));
  }

  static Stream<String> tenantNamingRpcs() {
    return NAMING_TENANT_A.keySet().stream().sorted();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("tenantNamingRpcs")
  void aTenantWithMultiTenancyOffIsRefusedBeforeTheService(final String rpc) {
    final var error =
        catchThrowableOfType(
            StatusRuntimeException.class, () -> NAMING_TENANT_A.get(rpc).accept(gateway.client()));

    assertThat(error).as("the call must fail").isNotNull();
    assertThat(error.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
    assertThat(error.getStatus().getDescription())
        .startsWith("Expected to handle gRPC request " + rpc + " with tenant identifier")
        .contains("tenant-a")
        .endsWith("but multi-tenancy is disabled");
    assertThat(gateway.fakes.calls()).isZero();
  }

  /** A tenant field of its own, or in a request it wraps (create with result). */
  private static boolean namesATenant(final Descriptor request) {
    for (final FieldDescriptor field : request.getFields()) {
      if (TENANT_FIELDS.contains(field.getName())) {
        return true;
      }
      if (field.getType() == FieldDescriptor.Type.MESSAGE
          && field.getMessageType().getName().endsWith("Request")
          && namesATenant(field.getMessageType())) {
        return true;
      }
    }
    return false;
  }

  private static CreateProcessInstanceRequest create() {
    return CreateProcessInstanceRequest.newBuilder()
        .setBpmnProcessId("p")
        .setTenantId("tenant-a")
        .build();
  }
}

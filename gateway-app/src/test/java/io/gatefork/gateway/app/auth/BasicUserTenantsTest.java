package io.gatefork.gateway.app.auth;

import static io.gatefork.gateway.app.auth.AuthTestCalls.postJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ByteString;
import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.camunda.zeebe.gateway.protocol.GatewayGrpc.GatewayBlockingStub;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployProcessRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployResourceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ProcessRequestObject;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.Resource;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.StreamActivatedJobsRequest;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.BatchOperationIntent;
import io.gatefork.broker.dev.JournalRecord;
import io.gatefork.gateway.app.GatewayTestSupport;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.MetadataUtils;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.test.context.TestPropertySource;

/**
 * Multi-tenancy checks with basic users: {@code a} of tenant {@code ta}, {@code nobody} of no
 * tenant. Batch operations, job activation and streams, and gRPC deployments follow the same tenant
 * rule as every other operation, and what is refused never reaches the broker.
 */
@TestPropertySource(
    properties = {
      "camunda.security.authentication.unprotected-api=false",
      "camunda.security.authentication.method=basic",
      "camunda.security.multi-tenancy.checks-enabled=true",
      "camunda.security.initialization.users[0].username=a",
      "camunda.security.initialization.users[0].password=a-secret",
      "camunda.security.initialization.users[0].tenants[0]=ta",
      "camunda.security.initialization.users[1].username=nobody",
      "camunda.security.initialization.users[1].password=nobody-secret",
    })
class BasicUserTenantsTest extends GatewayTestSupport {
  private static final String A = basic("a", "a-secret");
  private static final String NOBODY = basic("nobody", "nobody-secret");

  private static final ObjectMapper JSON = new ObjectMapper();

  private ManagedChannel channel;

  private static String basic(final String user, final String password) {
    return "Basic "
        + Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  @BeforeEach
  void openChannel() {
    channel = ManagedChannelBuilder.forAddress("127.0.0.1", grpcPort).usePlaintext().build();
  }

  @AfterEach
  void closeChannel() {
    channel.shutdownNow();
  }

  private GatewayBlockingStub grpc(final String authorization) {
    final var headers = new Metadata();
    headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), authorization);
    return GatewayGrpc.newBlockingStub(channel)
        .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
        .withDeadlineAfter(20, TimeUnit.SECONDS);
  }

  private long brokerCommands() {
    return broker.commands().total();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"cancellation", "incident-resolution", "migration", "modification"})
  void aBatchOperationOverAnotherTenantIsRefusedBeforeTheBroker(final String path) {
    final String plan =
        switch (path) {
          case "migration" ->
              ", \"migrationPlan\": {\"targetProcessDefinitionKey\": \"2251799813685252\","
                  + " \"mappingInstructions\": [{\"sourceElementId\": \"a\", \"targetElementId\":"
                  + " \"b\"}]}";
          case "modification" ->
              ", \"moveInstructions\": [{\"sourceElementId\": \"a\", \"targetElementId\": \"b\"}]";
          default -> "";
        };
    final long before = brokerCommands();

    for (final String filter :
        List.of(
            "{\"tenantId\": \"tb\"}",
            "{\"tenantId\": {\"$in\": [\"ta\", \"tb\"]}}",
            "{\"processDefinitionId\": \"p\", \"$or\": [{\"tenantId\": \"tb\"}, {\"state\":"
                + " \"ACTIVE\"}]}")) {
      final var response =
          postJson(
              baseUrl() + "/v2/process-instances/" + path,
              A,
              "{\"filter\": " + filter + plan + "}");

      assertThat(response.statusCode()).as(filter + ": " + response.body()).isEqualTo(403);
      assertThat(response.body())
          .contains("\"title\":\"FORBIDDEN\"")
          .contains(
              "with tenant identifier 'tb', but tenant is not authorized to perform this request");
    }
    assertThat(brokerCommands()).isEqualTo(before);
  }

  private JournalRecord createBatch(final String authorization, final String filter) {
    final var response =
        postJson(
            baseUrl() + "/v2/process-instances/cancellation",
            authorization,
            "{\"filter\": " + filter + "}");
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    final String key = response.body().replaceAll(".*\"batchOperationKey\":\"(\\d+)\".*", "$1");
    return awaitRecord(
        r ->
            r.key() == Long.parseLong(key)
                && r.is(
                    RecordType.EVENT,
                    ValueType.BATCH_OPERATION_CREATION,
                    BatchOperationIntent.CREATED));
  }

  /** A MessagePack field of the record's JSON (base64 there), as JSON. */
  private static String msgPackField(final JournalRecord record, final String field)
      throws Exception {
    final String base64 = JSON.readTree(record.valueJson()).path(field).asText();
    return MsgPackConverter.convertToJson(Base64.getDecoder().decode(base64));
  }

  @Test
  void aBatchOperationCarriesTheCallersAuthenticationAndTenants() throws Exception {
    final JournalRecord named =
        createBatch(A, "{\"processDefinitionId\": \"batch-named\", \"tenantId\": \"ta\"}");
    assertThat(msgPackField(named, "authentication"))
        .contains("\"authenticated_username\":\"a\"")
        .contains("\"authenticated_tenant_ids\":[\"ta\"]");

    // no tenant named: restricted to the caller's tenants
    final JournalRecord unnamed = createBatch(A, "{\"processDefinitionId\": \"batch-unnamed\"}");
    assertThat(msgPackField(unnamed, "authentication"))
        .contains("\"authenticated_username\":\"a\"")
        .contains("\"authenticated_tenant_ids\":[\"ta\"]");
    assertThat(msgPackField(unnamed, "entityFilter"))
        .contains("\"tenantIdOperations\":[{\"operator\":\"IN\",\"values\":[\"ta\"]}]");
  }

  @Test
  void aCallerWithoutTenantsIsRefusedABatchOperation() {
    final long before = brokerCommands();
    final var response =
        postJson(
            baseUrl() + "/v2/process-instances/cancellation",
            NOBODY,
            "{\"filter\": {\"processDefinitionId\": \"p\"}}");

    assertThat(response.statusCode()).as(response.body()).isEqualTo(403);
    assertThat(response.body()).contains("\"title\":\"FORBIDDEN\"");
    assertThat(brokerCommands()).isEqualTo(before);
  }

  @Test
  void restRefusesAJobActivationWithoutTenantsToACallerWithoutTenants() {
    final long before = brokerCommands();
    final var response =
        postJson(
            baseUrl() + "/v2/jobs/activation",
            NOBODY,
            "{\"type\":\"no-tenant\",\"timeout\":1000,\"maxJobsToActivate\":1,"
                + "\"requestTimeout\":-1}");

    assertThat(response.statusCode()).as(response.body()).isEqualTo(403);
    assertThat(response.body())
        .contains("\"title\":\"FORBIDDEN\"")
        .contains("but tenant is not authorized to perform this request");
    assertThat(brokerCommands()).isEqualTo(before);
  }

  @Test
  void grpcRefusesAJobActivationOrStreamWithoutTenantsToACallerWithoutTenants() {
    final long before = brokerCommands();
    assertThatThrownBy(
            () ->
                grpc(NOBODY)
                    .activateJobs(
                        ActivateJobsRequest.newBuilder()
                            .setType("no-tenant")
                            .setTimeout(1000)
                            .setMaxJobsToActivate(1)
                            .setRequestTimeout(-1)
                            .build())
                    .hasNext())
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> {
              assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.PERMISSION_DENIED);
              assertThat(e.getStatus().getDescription())
                  .startsWith("Expected to handle gRPC request ActivateJobs with tenant identifier")
                  .endsWith("but tenant is not authorized to perform this request");
            });
    assertThatThrownBy(
            () ->
                grpc(NOBODY)
                    .streamActivatedJobs(
                        StreamActivatedJobsRequest.newBuilder()
                            .setType("no-tenant")
                            .setTimeout(1000)
                            .build())
                    .hasNext())
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> {
              assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.PERMISSION_DENIED);
              assertThat(e.getStatus().getDescription())
                  .startsWith(
                      "Expected to handle gRPC request StreamActivatedJobs with tenant identifier")
                  .endsWith("but tenant is not authorized to perform this request");
            });
    assertThat(brokerCommands()).isEqualTo(before);
  }

  private static ByteString bpmn(final String processId) {
    return ByteString.copyFromUtf8(
        Bpmn.convertToString(
            Bpmn.createExecutableProcess(processId).startEvent().endEvent().done()));
  }

  @Test
  void grpcDeploymentsFollowTheTenantRule() {
    final long before = brokerCommands();
    final var otherTenant =
        DeployResourceRequest.newBuilder()
            .addResources(
                Resource.newBuilder().setName("tb.bpmn").setContent(bpmn("deploy-tb")).build())
            .setTenantId("tb")
            .build();
    assertThatThrownBy(() -> grpc(A).deployResource(otherTenant))
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.PERMISSION_DENIED));
    // DeployProcess names no tenant: with checks on it is refused as a deployment naming none
    final var legacy =
        DeployProcessRequest.newBuilder()
            .addProcesses(
                ProcessRequestObject.newBuilder()
                    .setName("legacy.bpmn")
                    .setDefinition(bpmn("deploy-legacy")))
            .build();
    assertThatThrownBy(() -> grpc(A).deployProcess(legacy))
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> {
              assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
              assertThat(e.getStatus().getDescription())
                  .isEqualTo(
                      "Expected to handle gRPC request DeployProcess with tenant identifier '',"
                          + " but no tenant identifier was provided.");
            });
    assertThat(brokerCommands()).isEqualTo(before);
  }
}

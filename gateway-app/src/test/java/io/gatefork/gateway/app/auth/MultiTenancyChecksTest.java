package io.gatefork.gateway.app.auth;

import static io.gatefork.gateway.app.auth.AuthTestCalls.PROCESS_ID;
import static io.gatefork.gateway.app.auth.AuthTestCalls.postJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.camunda.client.api.command.ClientStatusException;
import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.BatchOperationIntent;
import io.camunda.zeebe.protocol.record.intent.JobBatchIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceCreationIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.gatefork.gateway.app.GatewayTestSupport;
import io.grpc.Status;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/**
 * {@code camunda.security.multi-tenancy.checks-enabled=true} with OIDC: a caller whose token names
 * tenant A acts in A, gets the stock answers for B and for no tenant, and its authorized tenants
 * travel to the broker.
 */
@TestPropertySource(
    properties = {
      "camunda.security.authentication.unprotected-api=false",
      "camunda.security.authentication.method=oidc",
      "camunda.security.authentication.oidc.issuer-uri=" + TestTokens.ISSUER,
      "camunda.security.authentication.oidc.username-claim=preferred_username",
      "camunda.security.multi-tenancy.checks-enabled=true",
      "gatefork.security.tenants-claim=tenant_ids",
    })
class MultiTenancyChecksTest extends GatewayTestSupport {
  static final TestTokens TOKENS = new TestTokens();
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String TOKEN_A =
      TOKENS.token(
          Map.of("sub", "u-2", "preferred_username", "ann", "tenant_ids", List.of("tenant-a")));

  @DynamicPropertySource
  static void jwkSet(final DynamicPropertyRegistry registry) {
    registry.add("camunda.security.authentication.oidc.jwk-set-uri", TOKENS::jwkSetUri);
  }

  @AfterAll
  static void stopIdp() {
    TOKENS.close();
  }

  @ParameterizedTest(name = "rest={0}")
  @ValueSource(booleans = {true, false})
  void aCallerOfTenantACreatesInA(final boolean rest) {
    final String api = rest ? "rest" : "grpc";
    final String processId = "auth-" + api;
    try (var client = client(rest, TestTokens.bearer(TOKEN_A))) {
      AuthTestCalls.deployProcess(client, "tenant-a", processId);
      final var instance =
          client
              .newCreateInstanceCommand()
              .bpmnProcessId(processId)
              .latestVersion()
              .tenantId("tenant-a")
              .variables(Map.of("api", api))
              .send()
              .join();

      assertThat(instance.getTenantId()).isEqualTo("tenant-a");
      final var command =
          awaitRecord(
              r ->
                  r.is(
                          RecordType.COMMAND,
                          ValueType.PROCESS_INSTANCE_CREATION,
                          ProcessInstanceCreationIntent.CREATE)
                      && r.valueJson().contains("\"" + processId + "\""));
      assertThat(command.authorizations())
          .containsEntry("authorized_username", "ann")
          .containsEntry("authorized_tenants", List.of("tenant-a"));
      awaitRecord(
          r ->
              r.key() == instance.getProcessInstanceKey()
                  && r.is(
                      RecordType.EVENT,
                      ValueType.PROCESS_INSTANCE,
                      ProcessInstanceIntent.ELEMENT_ACTIVATED)
                  && r.valueJson().contains("\"tenantId\":\"tenant-a\""));
    }
  }

  @Test
  void restAnswersTheStockErrorsForAnotherTenantAndForNone() {
    final String url = baseUrl() + "/v2/process-instances";
    final String auth = "Bearer " + TOKEN_A;

    final var otherTenant =
        postJson(
            url,
            auth,
            "{\"processDefinitionId\":\"" + PROCESS_ID + "\",\"tenantId\":\"tenant-b\"}");
    assertThat(otherTenant.statusCode()).isEqualTo(403);
    assertThat(otherTenant.body())
        .contains(
            "\"title\":\"FORBIDDEN\"",
            "Expected to handle request Create Process Instance with tenant identifier 'tenant-b',"
                + " but tenant is not authorized to perform this request");

    final var noTenant = postJson(url, auth, "{\"processDefinitionId\":\"" + PROCESS_ID + "\"}");
    assertThat(noTenant.statusCode()).isEqualTo(400);
    assertThat(noTenant.body())
        .contains(
            "\"title\":\"INVALID_ARGUMENT\"",
            "Expected to handle request Create Process Instance with multi-tenancy enabled, but no"
                + " tenant identifier was provided.");
  }

  @Test
  void grpcAnswersTheStockErrorsForAnotherTenantAndForNone() {
    try (var client = client(false, TestTokens.bearer(TOKEN_A))) {
      assertThatThrownBy(
              () ->
                  client
                      .newCreateInstanceCommand()
                      .bpmnProcessId(PROCESS_ID)
                      .latestVersion()
                      .tenantId("tenant-b")
                      .send()
                      .join())
          .isInstanceOfSatisfying(
              ClientStatusException.class,
              e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.PERMISSION_DENIED))
          .hasMessageContaining(
              "Expected to handle gRPC request CreateProcessInstance with tenant"
                  + " identifier 'tenant-b', but tenant is not authorized to perform this request");
      assertThatThrownBy(
              () ->
                  client
                      .newCreateInstanceCommand()
                      .bpmnProcessId(PROCESS_ID)
                      .latestVersion()
                      .tenantId("")
                      .send()
                      .join())
          .isInstanceOfSatisfying(
              ClientStatusException.class,
              e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT))
          .hasMessageContaining(
              "Expected to handle gRPC request CreateProcessInstance with tenant"
                  + " identifier '', but no tenant identifier was provided.");
    }
  }

  /**
   * The gateway's side only: the embedded broker runs with its own tenant checks off, so its engine
   * only authorizes named users for the default tenant and rejects the activation itself.
   */
  @Test
  void jobActivationWithoutTenantsAsksForTheCallersTenants() {
    postJson(
        baseUrl() + "/v2/jobs/activation",
        "Bearer " + TOKEN_A,
        "{\"type\":\"mt-default\",\"timeout\":1000,\"maxJobsToActivate\":1,\"requestTimeout\":-1}");

    final var command =
        awaitRecord(
            r ->
                r.is(RecordType.COMMAND, ValueType.JOB_BATCH, JobBatchIntent.ACTIVATE)
                    && r.valueJson().contains("\"mt-default\""));
    assertThat(command.valueJson()).contains("\"tenantIds\":[\"tenant-a\"]");
  }

  /** The token's claims (numbers, lists) travel in the batch record's authentication too. */
  @Test
  void aBatchOperationCarriesTheTokensCallerAndClaims() throws Exception {
    final var response =
        postJson(
            baseUrl() + "/v2/process-instances/cancellation",
            "Bearer " + TOKEN_A,
            "{\"filter\":{\"processDefinitionId\":\"mt-batch\",\"tenantId\":\"tenant-a\"}}");
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    final long key =
        Long.parseLong(JSON.readTree(response.body()).path("batchOperationKey").asText());

    final var created =
        awaitRecord(
            r ->
                r.key() == key
                    && r.is(
                        RecordType.EVENT,
                        ValueType.BATCH_OPERATION_CREATION,
                        BatchOperationIntent.CREATED));
    final String authentication =
        MsgPackConverter.convertToJson(
            Base64.getDecoder()
                .decode(JSON.readTree(created.valueJson()).path("authentication").asText()));
    assertThat(authentication)
        .contains("\"authenticated_username\":\"ann\"")
        .contains("\"authenticated_tenant_ids\":[\"tenant-a\"]")
        .contains("\"sub\":\"u-2\"");
  }
}

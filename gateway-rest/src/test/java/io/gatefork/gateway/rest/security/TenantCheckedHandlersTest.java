package io.gatefork.gateway.rest.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.multipart;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.gatefork.gateway.rest.exchange.RestExchange;
import io.gatefork.gateway.rest.support.RestTestSupport;
import io.gatefork.service.auth.Caller;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockMultipartFile;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.multipart.MultipartHttpServletRequest;
import org.springframework.web.servlet.mvc.method.RequestMappingInfoHandlerMapping;

/**
 * Tenant access is checked by each handler whose request names a tenant (the multi-tenancy check
 * needs the tenant the request names, which only the handler reads). So that none forgets it, every
 * such handler must be in {@link #NAMING_TENANT_B} — found by its request: a JSON body with a
 * {@code tenantId} or {@code tenantIds} component, or a multipart form (whose {@code tenantId} is a
 * part) — and each must refuse a caller of tenant A who names tenant B, before the service.
 */
class TenantCheckedHandlersTest extends RestTestSupport {
  private static final Caller OF_TENANT_A =
      Caller.user("ann", null, null, null, List.of("tenant-a"), null, Map.of(), true);
  private static final Set<String> TENANT_COMPONENTS = Set.of("tenantId", "tenantIds");

  /** Requests whose tenant id names the tenant they manage, not one they act in. */
  private static final Set<String> MANAGING_TENANTS = Set.of("TenantController#createTenant");

  /** A valid request of each tenant-naming handler, naming tenant B. */
  private static final Map<String, Supplier<MockHttpServletRequestBuilder>> NAMING_TENANT_B =
      Map.of(
          "ProcessInstanceController#createProcessInstance",
          () -> json("/v2/process-instances", "{\"processDefinitionId\": \"p\", %s}"),
          "JobController#activateJobs",
          () ->
              json(
                  "/v2/jobs/activation",
                  "{\"type\": \"t\", \"maxJobsToActivate\": 1, \"timeout\": 1000,"
                      + " \"tenantIds\": [\"tenant-b\"]}"),
          "SignalController#broadcastSignal",
          () -> json("/v2/signals/broadcast", "{\"signalName\": \"s\", %s}"),
          "DecisionController#evaluateDecision",
          () ->
              json("/v2/decision-definitions/evaluation", "{\"decisionDefinitionId\": \"d\", %s}"),
          "MessageController#publishMessage",
          () ->
              json("/v2/messages/publication", "{\"name\": \"m\", \"correlationKey\": \"k\", %s}"),
          "MessageController#correlateMessage",
          () ->
              json("/v2/messages/correlation", "{\"name\": \"m\", \"correlationKey\": \"k\", %s}"),
          "DeploymentController#deploy",
          () ->
              multipart("/v2/deployments")
                  .file(
                      new MockMultipartFile(
                          "resources",
                          "a.bpmn",
                          MediaType.APPLICATION_OCTET_STREAM_VALUE,
                          "<definitions/>".getBytes(StandardCharsets.UTF_8)))
                  .param("tenantId", "tenant-b"));

  @Autowired private ApplicationContext context;

  @Test
  void everyHandlerWhoseRequestNamesATenantIsChecked() {
    final Set<String> namingATenant = new TreeSet<>();
    for (final var mapping :
        context.getBeansOfType(RequestMappingInfoHandlerMapping.class).values()) {
      for (final HandlerMethod handler : mapping.getHandlerMethods().values()) {
        final String name =
            handler.getBeanType().getSimpleName() + "#" + handler.getMethod().getName();
        if (namesATenant(handler) && !MANAGING_TENANTS.contains(name)) {
          namingATenant.add(name);
        }
      }
    }

    assertThat(namingATenant)
        .as("handlers whose request names a tenant; add a new one to NAMING_TENANT_B")
        .isEqualTo(new TreeSet<>(NAMING_TENANT_B.keySet()));
  }

  static Stream<String> tenantNamingHandlers() {
    return NAMING_TENANT_B.keySet().stream().sorted();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("tenantNamingHandlers")
  void aCallerOfTenantANamingTenantBIsForbiddenBeforeTheService(final String handler)
      throws Exception {
    performAsync(
            NAMING_TENANT_B
                .get(handler)
                .get()
                .with(
                    request -> {
                      RestExchange.of(request).caller(OF_TENANT_A);
                      return request;
                    }))
        .andExpect(status().isForbidden())
        .andExpect(
            jsonPath("$.detail")
                .value(Matchers.containsString("with tenant identifier 'tenant-b'")));

    assertThat(fakes.calls()).as("service calls").isZero();
  }

  private static boolean namesATenant(final HandlerMethod handler) {
    return Arrays.stream(handler.getMethodParameters())
        .anyMatch(
            parameter ->
                MultipartHttpServletRequest.class.isAssignableFrom(parameter.getParameterType())
                    || (parameter.hasParameterAnnotation(RequestBody.class)
                        && hasTenantComponent(parameter.getParameterType())));
  }

  private static boolean hasTenantComponent(final Class<?> body) {
    final RecordComponent[] components = body.getRecordComponents();
    return components != null
        && Arrays.stream(components).anyMatch(c -> TENANT_COMPONENTS.contains(c.getName()));
  }

  private static MockHttpServletRequestBuilder json(final String path, final String body) {
    return post(path)
        .contentType(MediaType.APPLICATION_JSON)
        .content(body.formatted("\"tenantId\": \"tenant-b\""));
  }
}

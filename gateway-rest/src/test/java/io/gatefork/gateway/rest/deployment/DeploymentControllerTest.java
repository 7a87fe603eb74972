package io.gatefork.gateway.rest.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.multipart;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import io.gatefork.gateway.rest.support.RestTestSupport;
import io.gatefork.service.deployment.DeploymentResult;
import io.gatefork.service.deployment.DeploymentResult.DecisionMetadata;
import io.gatefork.service.deployment.DeploymentResult.DecisionRequirementsMetadata;
import io.gatefork.service.deployment.DeploymentResult.FormMetadata;
import io.gatefork.service.deployment.DeploymentResult.ProcessMetadata;
import io.gatefork.service.deployment.DeploymentResult.ResourceMetadata;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockMultipartFile;

class DeploymentControllerTest extends RestTestSupport {
  private static final String PATH = "/v2/deployments";
  private static final byte[] BPMN =
      "<definitions>bpmn</definitions>".getBytes(StandardCharsets.UTF_8);
  private static final byte[] DMN =
      "<definitions>dmn</definitions>".getBytes(StandardCharsets.UTF_8);

  private static final DeploymentResult RESULT =
      new DeploymentResult(
          2251799813685400L,
          "<default>",
          List.of(
              new ProcessMetadata(
                  "order-process", 2, 2251799813685401L, "order.bpmn", "<default>")),
          List.of(
              new DecisionMetadata(
                  "discount",
                  "Discount",
                  1,
                  2251799813685403L,
                  "rules",
                  2251799813685402L,
                  "<default>")),
          List.of(
              new DecisionRequirementsMetadata(
                  "rules", "Rules", 1, 2251799813685402L, "rules.dmn", "<default>")),
          List.of(new FormMetadata("order-form", 4, 2251799813685404L, "order.form", "<default>")),
          List.of(new ResourceMetadata("script", 1, 2251799813685405L, "script.rpa", "<default>")));

  private static MockMultipartFile resource(final String name, final byte[] content) {
    return new MockMultipartFile(
        "resources", name, MediaType.APPLICATION_OCTET_STREAM_VALUE, content);
  }

  @Test
  void deploysTwoResourcesAndAnswersEveryKindOfItem() throws Exception {
    fakes.deployment.deploy.succeedWith(RESULT);

    final var result =
        performAsync(
            multipart(PATH)
                .file(resource("order.bpmn", BPMN))
                .file(resource("rules.dmn", DMN))
                .param("tenantId", "<default>"));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(200);
    final var body = json(result);
    assertThat(body.path("deploymentKey").isTextual()).isTrue();
    assertThat(body.path("deploymentKey").asText()).isEqualTo("2251799813685400");
    assertThat(body.path("tenantId").asText()).isEqualTo("<default>");
    final var items = body.path("deployments");
    assertThat(items.size()).isEqualTo(5);
    for (final var item : items) {
      assertThat(item.size()).as("exactly one kind per item: %s", item).isEqualTo(1);
    }

    final var process = items.get(0).path("processDefinition");
    assertThat(process.path("processDefinitionId").asText()).isEqualTo("order-process");
    assertThat(process.path("processDefinitionVersion").asInt()).isEqualTo(2);
    assertThat(process.path("resourceName").asText()).isEqualTo("order.bpmn");
    assertThat(process.path("tenantId").asText()).isEqualTo("<default>");
    assertThat(process.path("processDefinitionKey").isTextual()).isTrue();
    assertThat(process.path("processDefinitionKey").asText()).isEqualTo("2251799813685401");

    final var decision = items.get(1).path("decisionDefinition");
    assertThat(decision.path("decisionDefinitionId").asText()).isEqualTo("discount");
    assertThat(decision.path("name").asText()).isEqualTo("Discount");
    assertThat(decision.path("version").asInt()).isEqualTo(1);
    assertThat(decision.path("decisionRequirementsId").asText()).isEqualTo("rules");
    assertThat(decision.path("decisionDefinitionKey").asText()).isEqualTo("2251799813685403");
    assertThat(decision.path("decisionRequirementsKey").asText()).isEqualTo("2251799813685402");

    final var drg = items.get(2).path("decisionRequirements");
    assertThat(drg.path("decisionRequirementsId").asText()).isEqualTo("rules");
    assertThat(drg.path("decisionRequirementsName").asText()).isEqualTo("Rules");
    assertThat(drg.path("resourceName").asText()).isEqualTo("rules.dmn");
    assertThat(drg.path("decisionRequirementsKey").isTextual()).isTrue();

    final var form = items.get(3).path("form");
    assertThat(form.path("formId").asText()).isEqualTo("order-form");
    assertThat(form.path("version").asInt()).isEqualTo(4);
    assertThat(form.path("formKey").asText()).isEqualTo("2251799813685404");

    final var other = items.get(4).path("resource");
    assertThat(other.path("resourceId").asText()).isEqualTo("script");
    assertThat(other.path("resourceKey").asText()).isEqualTo("2251799813685405");

    final var command = fakes.deployment.deploy.lastCall().command();
    assertThat(command.tenantId()).isEqualTo("<default>");
    assertThat(command.resources()).hasSize(2);
    assertThat(command.resources().get(0).name()).isEqualTo("order.bpmn");
    assertThat(command.resources().get(0).content()).isEqualTo(BPMN);
    assertThat(command.resources().get(1).name()).isEqualTo("rules.dmn");
    assertThat(command.resources().get(1).content()).isEqualTo(DMN);
  }

  @Test
  void takesFilePartsUnderAnyNameAndNoTenant() throws Exception {
    fakes.deployment.deploy.succeedWith(RESULT);

    performAsync(
        multipart(PATH)
            .file(new MockMultipartFile("first", "a.bpmn", null, BPMN))
            .file(
                new MockMultipartFile(
                    "second", "b.form", null, "{}".getBytes(StandardCharsets.UTF_8))));

    final var command = fakes.deployment.deploy.lastCall().command();
    assertThat(command.resources())
        .extracting(r -> r.name())
        .containsExactlyInAnyOrder("a.bpmn", "b.form");
    assertThat(command.tenantId()).isNull();
  }

  @Test
  void rejectsADeploymentWithoutResources() throws Exception {
    final var result = performSync(multipart(PATH).param("tenantId", "tenant-a"));

    assertProblem(result, 400, "INVALID_ARGUMENT", "resources: must not be empty", PATH);
    assertThat(fakes.calls()).isZero();
  }

  @Test
  void rejectsAResourceWithoutFileName() throws Exception {
    final var result =
        performSync(multipart(PATH).file(new MockMultipartFile("resources", "", null, BPMN)));

    assertProblem(
        result, 400, "INVALID_ARGUMENT", "resources: every resource needs a file name", PATH);
    assertThat(fakes.calls()).isZero();
  }

  @Test
  void rejectsAnInvalidTenant() throws Exception {
    final var result =
        performSync(multipart(PATH).file(resource("a.bpmn", BPMN)).param("tenantId", "no spaces"));

    assertProblem(result, 400, "INVALID_ARGUMENT", "tenantId: must be", PATH);
    assertThat(fakes.calls()).isZero();
  }

  @Test
  void rejectsJsonInsteadOfMultipart() throws Exception {
    final var result =
        performSync(post(PATH).contentType(MediaType.APPLICATION_JSON).content("{}"));

    assertProblem(result, 415, "UNSUPPORTED_MEDIA_TYPE", "Content-Type", PATH);
    assertThat(fakes.calls()).isZero();
  }

  @Test
  void answersBackpressureAs503() throws Exception {
    fakes.deployment.deploy.failWith(
        new ServiceException(
            ServiceStatus.RESOURCE_EXHAUSTED,
            "Expected to handle request, but there was backpressure"));

    final var result = performAsync(multipart(PATH).file(resource("a.bpmn", BPMN)));

    assertProblem(result, 503, "RESOURCE_EXHAUSTED", "Expected to handle request", PATH);
  }
}

package io.gatefork.gateway.rest.deployment;

import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.service.RequestContext;
import io.gatefork.service.auth.TenantAccess;
import io.gatefork.service.deployment.DeployResources;
import io.gatefork.service.deployment.DeploymentServices;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.validation.FieldRules;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.multipart.MultipartHttpServletRequest;

/**
 * {@code POST /v2/deployments}: multipart/form-data with one or more file parts (the spec names
 * them {@code resources} but allows any part name, so every file part is a resource) and an
 * optional {@code tenantId} text part. Size limits are the servlet multipart limits ({@code
 * spring.servlet.multipart.*}); exceeding them answers 413 before this runs.
 */
@RestController
public class DeploymentController {
  static final String TENANT_ID_PART = "tenantId";

  private final DeploymentServices deploymentServices;

  public DeploymentController(final DeploymentServices deploymentServices) {
    this.deploymentServices = deploymentServices;
  }

  @GatewayOperation(Operation.DEPLOY_RESOURCES)
  @PostMapping(
      path = "/v2/deployments",
      consumes = MediaType.MULTIPART_FORM_DATA_VALUE,
      produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
  public CompletableFuture<ResponseEntity<Object>> deploy(
      final MultipartHttpServletRequest request, final RequestContext context) {
    final DeployResources command =
        new DeployResources(
            resources(request.getMultiFileMap()),
            TenantAccess.named(
                context.caller(), context.operation(), TENANT_ID_PART, tenantId(request)));
    return AsyncResponses.ok(
        deploymentServices.deploy(context, command), DeploymentResponseMapper::toResponse);
  }

  private static List<DeployResources.Resource> resources(
      final MultiValueMap<String, MultipartFile> parts) {
    final var resources = new ArrayList<DeployResources.Resource>();
    for (final Map.Entry<String, List<MultipartFile>> part : parts.entrySet()) {
      if (TENANT_ID_PART.equals(part.getKey())) {
        continue;
      }
      for (final MultipartFile file : part.getValue()) {
        final String name = file.getOriginalFilename();
        if (name == null || name.isBlank()) {
          throw FieldRules.invalid(part.getKey(), "every resource needs a file name");
        }
        resources.add(new DeployResources.Resource(name, bytes(file)));
      }
    }
    return FieldRules.requireNonEmpty("resources", resources);
  }

  /**
   * The tenant as a text part (a client that sends it as a file part is understood too). An empty
   * form field means no tenant, as HTML forms and {@code curl -F tenantId=} send it.
   */
  private static String tenantId(final MultipartHttpServletRequest request) {
    String tenantId = request.getParameter(TENANT_ID_PART);
    if (tenantId == null) {
      final MultipartFile asFile = request.getFile(TENANT_ID_PART);
      tenantId = asFile == null ? null : new String(bytes(asFile), StandardCharsets.UTF_8);
    }
    return tenantId == null || tenantId.isEmpty() ? null : tenantId;
  }

  private static byte[] bytes(final MultipartFile file) {
    try {
      return file.getBytes();
    } catch (final IOException e) {
      throw new UncheckedIOException("Failed to read multipart part " + file.getName(), e);
    }
  }
}

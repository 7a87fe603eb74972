package io.gatefork.gateway.rest.contract;

import io.gatefork.gateway.rest.operation.NotTimed;
import java.nio.charset.StandardCharsets;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The OpenAPI document of what this gateway serves (see {@link ServedOpenApiDocument}), as YAML and
 * as JSON; unprotected like {@code /v2/status}, so tools can read it before they log in.
 */
@RestController
@NotTimed("serves this gateway's contract document, not an API operation")
public class OpenApiController {
  public static final String YAML_PATH = "/v2/openapi.yaml";
  public static final String JSON_PATH = "/v2/openapi.json";
  // explicit charset: a String body is written as ISO-8859-1 otherwise
  static final MediaType APPLICATION_YAML =
      new MediaType("application", "yaml", StandardCharsets.UTF_8);
  static final MediaType APPLICATION_JSON =
      new MediaType("application", "json", StandardCharsets.UTF_8);

  private final ServedOpenApiDocument document;

  public OpenApiController(final ServedOpenApiDocument document) {
    this.document = document;
  }

  @GetMapping(YAML_PATH)
  public ResponseEntity<String> yaml() {
    return ResponseEntity.ok().contentType(APPLICATION_YAML).body(document.yaml());
  }

  @GetMapping(JSON_PATH)
  public ResponseEntity<String> json() {
    return ResponseEntity.ok().contentType(APPLICATION_JSON).body(document.json());
  }
}

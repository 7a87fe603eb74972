package io.gatefork.gateway.rest.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatefork.gateway.rest.support.RestTestSupport;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** The OpenAPI document gatefork serves: the stock spec cut down to the served operations. */
class ServedOpenApiDocumentTest extends RestTestSupport {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void yamlDocumentHasExactlyTheServedOperations() throws Exception {
    final var response =
        mvc.perform(MockMvcRequestBuilders.get(OpenApiController.YAML_PATH))
            .andReturn()
            .getResponse();
    assertThat(response.getStatus()).isEqualTo(200);
    assertThat(response.getContentType()).startsWith("application/yaml");
    final Map<String, Object> document =
        new Yaml(new SafeConstructor(new LoaderOptions())).load(response.getContentAsString());
    final JsonNode tree = JSON.valueToTree(document);

    final RestOperationCatalog catalog = RestOperationCatalog.load();
    final Set<String> served = new HashSet<>();
    catalog.withStatus(OperationStatus.SERVED).forEach(o -> served.add(o.operationId()));
    assertThat(operationIds(tree)).containsExactlyInAnyOrderElementsOf(served);
    final List<String> listedAsNotServed = new ArrayList<>();
    tree.path("x-gatefork-not-served")
        .forEach(entry -> listedAsNotServed.add(entry.path("operationId").asText()));
    assertThat(listedAsNotServed).hasSize(catalog.all().size() - served.size());
  }

  @Test
  void everyReferenceOfTheServedDocumentResolvesWithinIt() throws Exception {
    final String json =
        mvc.perform(MockMvcRequestBuilders.get(OpenApiController.JSON_PATH))
            .andReturn()
            .getResponse()
            .getContentAsString();
    final JsonNode tree = JSON.readTree(json);
    final List<String> refs = new ArrayList<>();
    collectRefs(tree, refs);

    assertThat(refs).isNotEmpty();
    for (final String ref : refs) {
      assertThat(tree.at(ref.substring(1)).isMissingNode()).as("%s resolves", ref).isFalse();
    }
    // pruned: the search request schemas of secondary-storage operations are gone
    assertThat(tree.at("/components/schemas/ProcessInstanceSearchQuery").isMissingNode()).isTrue();
  }

  @Test
  void documentIsServedWithoutAuthenticationAsJsonToo() throws Exception {
    final var response =
        mvc.perform(
                MockMvcRequestBuilders.get(OpenApiController.JSON_PATH)
                    .accept(MediaType.APPLICATION_JSON))
            .andReturn()
            .getResponse();

    assertThat(response.getStatus()).isEqualTo(200);
    assertThat(JSON.readTree(response.getContentAsString()).path("openapi").asText())
        .isEqualTo("3.0.3");
  }

  private static Set<String> operationIds(final JsonNode document) {
    final Set<String> ids = new HashSet<>();
    final Iterator<Map.Entry<String, JsonNode>> paths = document.path("paths").fields();
    while (paths.hasNext()) {
      paths
          .next()
          .getValue()
          .forEach(
              operation -> {
                if (operation.has("operationId")) {
                  ids.add(operation.path("operationId").asText());
                }
              });
    }
    return ids;
  }

  private static void collectRefs(final JsonNode node, final List<String> refs) {
    if (node.isObject()) {
      final JsonNode ref = node.get("$ref");
      if (ref != null && ref.isTextual()) {
        refs.add(ref.asText());
      }
      node.forEach(child -> collectRefs(child, refs));
    } else if (node.isArray()) {
      node.forEach(child -> collectRefs(child, refs));
    }
  }
}

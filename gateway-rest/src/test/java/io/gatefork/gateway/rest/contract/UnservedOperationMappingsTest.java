package io.gatefork.gateway.rest.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Method;
import org.junit.jupiter.api.Test;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

class UnservedOperationMappingsTest {
  private static final String CATALOG =
      """
      ## Job
      searchJobs  POST  /jobs/search  SECONDARY_STORAGE  search query
      failJob     POST  /jobs/{jobKey}/failure  SERVED
      createDocument  POST  /documents  NOT_SERVED_YET  documents live elsewhere
      """;

  @Test
  void everyOperationNotServedGetsItsAnswerOnTheControllersHandlerMapping() {
    final var handlerMapping = new RequestMappingHandlerMapping();

    new UnservedOperationMappings(RestOperationCatalog.parse(CATALOG), handlerMapping)
        .afterSingletonsInstantiated();

    assertThat(UnservedOperationMappings.mappedRoutes(handlerMapping))
        .containsExactlyInAnyOrder("POST /v2/jobs/search", "POST /v2/documents");
  }

  @Test
  void aControllerMappingAnOperationClassifiedAsNotServedFailsTheStart() throws Exception {
    final var handlerMapping = new RequestMappingHandlerMapping();
    final Method handler = Object.class.getMethod("toString");
    handlerMapping.registerMapping(
        RequestMappingInfo.paths("/v2/jobs/search").methods(RequestMethod.POST).build(),
        new Object(),
        handler);

    assertThatThrownBy(
            () ->
                new UnservedOperationMappings(RestOperationCatalog.parse(CATALOG), handlerMapping)
                    .afterSingletonsInstantiated())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("searchJobs is classified SECONDARY_STORAGE");
  }

  @Test
  void aSecondaryStorageAnswerExplainsWhyAndWhere() {
    final var operation = RestOperationCatalog.parse(CATALOG).get("searchJobs");

    assertThat(UnservedOperationHandler.detail(operation))
        .startsWith("This endpoint requires a secondary storage, but gatefork has none")
        .contains("searchJobs is a search query");
  }
}

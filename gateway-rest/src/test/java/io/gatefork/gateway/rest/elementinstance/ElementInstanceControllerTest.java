package io.gatefork.gateway.rest.elementinstance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;

import io.gatefork.gateway.rest.support.RestTestSupport;
import io.gatefork.service.adhocsubprocess.ActivateAdHocSubProcessActivities;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.variable.SetVariables;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

class ElementInstanceControllerTest extends RestTestSupport {
  private static final long KEY = 2251799813685249L;

  @Test
  void setVariablesPassesTheDocumentAndTheLocalFlag() throws Exception {
    fakes.variables.on("setVariables").succeedWith(KEY + 1);

    final var result =
        performAsync(
            put("/v2/element-instances/" + KEY + "/variables")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"variables\":{\"x\":[1,2]},\"local\":true}"));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(204);
    assertThat(fakes.variables.on("setVariables").lastCall().get(1))
        .isEqualTo(new SetVariables(KEY, JsonDocument.ofJson("{\"x\":[1,2]}"), true, null));
  }

  @Test
  void adHocActivationNamesEachElement() throws Exception {
    fakes.adHocSubProcesses.on("activateActivities").succeedWith(null);

    performAsync(
        post("/v2/element-instances/ad-hoc-activities/" + KEY + "/activation")
            .contentType(MediaType.APPLICATION_JSON)
            .content("{\"elements\":[{\"elementId\":\"a\",\"variables\":{\"y\":1}}]}"));

    assertThat(fakes.adHocSubProcesses.on("activateActivities").lastCall().get(1))
        .isEqualTo(
            new ActivateAdHocSubProcessActivities(
                KEY,
                List.of(
                    new ActivateAdHocSubProcessActivities.Element(
                        "a", JsonDocument.ofJson("{\"y\":1}"))),
                false));
  }

  @Test
  void anElementWithoutIdIsRejectedNamingItsPosition() throws Exception {
    final String path = "/v2/element-instances/ad-hoc-activities/" + KEY + "/activation";
    final var result =
        performSync(
            post(path)
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"elements\":[{\"elementId\":\"a\"},{}]}"));

    assertProblem(result, 400, "INVALID_ARGUMENT", "elements[1].elementId", path);
  }
}

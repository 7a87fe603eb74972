package io.gatefork.gateway.rest.processinstance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import io.gatefork.gateway.rest.support.RestTestSupport;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.processinstance.MigrateProcessInstance;
import io.gatefork.service.processinstance.ModifyProcessInstance;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

class ProcessInstanceModificationTest extends RestTestSupport {
  private static final long KEY = 2251799813685249L;
  private static final String INSTANCE = "/v2/process-instances/" + KEY;

  @Test
  void modificationMapsActivationsWithVariablesAndTerminations() throws Exception {
    fakes.processInstances.modify.succeedWith(null);

    final var result =
        performAsync(
            post(INSTANCE + "/modification")
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    """
                    {"activateInstructions": [
                       {"elementId": "review", "ancestorElementInstanceKey": "-1",
                        "variableInstructions": [{"variables": {"a": 1}, "scopeId": "sub"}]},
                       {"elementId": "ship", "ancestorElementInstanceKey": "2251799813685300"}],
                     "terminateInstructions": [{"elementInstanceKey": "2251799813685301"}],
                     "operationReference": 5}
                    """));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(204);
    assertThat(fakes.processInstances.modify.lastCall())
        .isEqualTo(
            new ModifyProcessInstance(
                KEY,
                List.of(
                    new ModifyProcessInstance.ActivateInstruction(
                        "review",
                        -1,
                        List.of(
                            new ModifyProcessInstance.VariableInstruction(
                                JsonDocument.ofJson("{\"a\":1}"), "sub"))),
                    new ModifyProcessInstance.ActivateInstruction(
                        "ship", 2251799813685300L, List.of())),
                List.of(2251799813685301L),
                5L));
  }

  @Test
  void aMalformedTerminationKeyIsRejectedNamingItsPosition() throws Exception {
    final var result =
        performSync(
            post(INSTANCE + "/modification")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"terminateInstructions\": [{\"elementInstanceKey\": \"x\"}]}"));

    assertProblem(
        result,
        400,
        "INVALID_ARGUMENT",
        "terminateInstructions[0].elementInstanceKey",
        INSTANCE + "/modification");
    assertThat(fakes.calls()).isZero();
  }

  @Test
  void migrationMapsTargetAndMappingInstructions() throws Exception {
    fakes.processInstances.migrate.succeedWith(null);

    performAsync(
        post(INSTANCE + "/migration")
            .contentType(MediaType.APPLICATION_JSON)
            .content(
                """
                {"targetProcessDefinitionKey": "2251799813685400",
                 "mappingInstructions": [{"sourceElementId": "a", "targetElementId": "b"}]}
                """));

    assertThat(fakes.processInstances.migrate.lastCall())
        .isEqualTo(
            new MigrateProcessInstance(
                KEY,
                2251799813685400L,
                List.of(new MigrateProcessInstance.MappingInstruction("a", "b")),
                null));
  }
}

package io.gatefork.gateway.rest.decision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import io.gatefork.gateway.rest.support.RestTestSupport;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.decision.DecisionEvaluationResult;
import io.gatefork.service.decision.EvaluateDecision;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

class DecisionControllerTest extends RestTestSupport {
  private static final String EVALUATION = "/v2/decision-definitions/evaluation";

  @Test
  void evaluationAnswersTheSpecShapeWithKeysAsStrings() throws Exception {
    fakes
        .decisions
        .on("evaluate")
        .succeedWith(
            new DecisionEvaluationResult(
                11L,
                22L,
                "dish",
                "Dish",
                2,
                "dinner",
                33L,
                "\"Stew\"",
                List.of(
                    new DecisionEvaluationResult.EvaluatedDecision(
                        22L,
                        "dish",
                        "Dish",
                        2,
                        "DECISION_TABLE",
                        "\"Stew\"",
                        List.of(
                            new DecisionEvaluationResult.MatchedRule(
                                "winter",
                                1,
                                List.of(
                                    new DecisionEvaluationResult.EvaluatedOutput(
                                        "out", "dish", "\"Stew\"")))),
                        List.of(
                            new DecisionEvaluationResult.EvaluatedInput("in", "Season", "\"W\"")),
                        "<default>",
                        "11-1")),
                "",
                "",
                "<default>"));

    final var result =
        performAsync(
            post(EVALUATION)
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"decisionDefinitionId\":\"dish\",\"variables\":{\"season\":\"W\"}}"));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(200);
    final var body = json(result);
    assertThat(body.path("decisionEvaluationKey").asText()).isEqualTo("11");
    assertThat(body.path("decisionInstanceKey").asText()).isEqualTo("11");
    assertThat(body.path("decisionDefinitionKey").asText()).isEqualTo("22");
    assertThat(body.path("output").asText()).isEqualTo("\"Stew\"");
    final var decision = body.path("evaluatedDecisions").get(0);
    assertThat(decision.path("decisionEvaluationInstanceKey").asText()).isEqualTo("11-1");
    assertThat(
            decision
                .path("matchedRules")
                .get(0)
                .path("evaluatedOutputs")
                .get(0)
                .path("outputValue")
                .asText())
        .isEqualTo("\"Stew\"");
    assertThat(fakes.decisions.on("evaluate").lastCall().get(1))
        .isEqualTo(
            new EvaluateDecision(null, "dish", JsonDocument.ofJson("{\"season\":\"W\"}"), null));
  }

  @Test
  void idAndKeyTogetherAreRejected() throws Exception {
    final var result =
        performSync(
            post(EVALUATION)
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"decisionDefinitionId\":\"dish\",\"decisionDefinitionKey\":\"1\"}"));

    assertProblem(
        result,
        400,
        "INVALID_ARGUMENT",
        "decisionDefinitionId, decisionDefinitionKey: give only one of them",
        EVALUATION);
  }
}

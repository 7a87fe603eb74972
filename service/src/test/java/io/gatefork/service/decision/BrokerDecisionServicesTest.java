package io.gatefork.service.decision;

import static io.gatefork.service.testing.ServiceAssertions.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.impl.record.value.decision.DecisionEvaluationRecord;
import io.camunda.zeebe.protocol.record.intent.DecisionEvaluationIntent;
import io.gatefork.broker.client.request.PartitionTarget;
import io.gatefork.service.RequestContext;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.decision.DecisionEvaluationResult.EvaluatedDecision;
import io.gatefork.service.decision.DecisionEvaluationResult.EvaluatedInput;
import io.gatefork.service.decision.DecisionEvaluationResult.EvaluatedOutput;
import io.gatefork.service.decision.DecisionEvaluationResult.MatchedRule;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.testing.FakeBrokerClient;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BrokerDecisionServicesTest {
  private final FakeBrokerClient broker = new FakeBrokerClient();
  private final BrokerDecisionServices services = new BrokerDecisionServices(broker, Runnable::run);

  @AfterEach
  void close() {
    broker.close();
  }

  @Test
  void evaluateSendsIdVariablesAndTenantAndReadsEveryEvaluatedDecision() throws Exception {
    broker.respondWith(
        sent ->
            FakeBrokerClient.<DecisionEvaluationRecord>accepted(
                sent,
                55L,
                r -> {
                  r.setDecisionKey(10L)
                      .setDecisionId("dish")
                      .setDecisionName("Dish")
                      .setDecisionVersion(2)
                      .setDecisionRequirementsId("drg")
                      .setDecisionRequirementsKey(11L)
                      .setDecisionOutput(msgPack("\"soup\""))
                      .setTenantId("<default>");
                  final var evaluated =
                      r.evaluatedDecisions()
                          .add()
                          .setDecisionKey(10L)
                          .setDecisionId("dish")
                          .setDecisionName("Dish")
                          .setDecisionVersion(2)
                          .setDecisionType("DECISION_TABLE")
                          .setDecisionEvaluationInstanceKey("55-1")
                          .setDecisionOutput(msgPack("\"soup\""))
                          .setTenantId("<default>");
                  evaluated
                      .evaluatedInputs()
                      .add()
                      .setInputId("in1")
                      .setInputName("season")
                      .setInputValue(msgPack("\"winter\""));
                  evaluated
                      .matchedRules()
                      .add()
                      .setRuleId("rule1")
                      .setRuleIndex(1)
                      .evaluatedOutputs()
                      .add()
                      .setOutputId("out1")
                      .setOutputName("dish")
                      .setOutputValue(msgPack("\"soup\""));
                }));

    final var result =
        services
            .evaluate(
                RequestContext.create(),
                new EvaluateDecision(
                    null, "dish", JsonDocument.ofJson("{\"season\":\"winter\"}"), null))
            .get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(DecisionEvaluationIntent.EVALUATE);
    assertThat(sent.request().target()).isEqualTo(PartitionTarget.ROUND_ROBIN);
    final var record = sent.valueAs(new DecisionEvaluationRecord());
    assertThat(record.getDecisionId()).isEqualTo("dish");
    assertThat(record.getVariables()).containsEntry("season", "winter");
    assertThat(record.getTenantId()).isEqualTo("<default>");

    assertThat(result.decisionEvaluationKey()).isEqualTo(55L);
    assertThat(result.failed()).isFalse();
    assertThat(result.decisionOutput()).isEqualTo("\"soup\"");
    assertThat(result.evaluatedDecisions())
        .containsExactly(
            new EvaluatedDecision(
                10L,
                "dish",
                "Dish",
                2,
                "DECISION_TABLE",
                "\"soup\"",
                List.of(
                    new MatchedRule(
                        "rule1", 1, List.of(new EvaluatedOutput("out1", "dish", "\"soup\"")))),
                List.of(new EvaluatedInput("in1", "season", "\"winter\"")),
                "<default>",
                "55-1"));
  }

  @Test
  void byKeySendsTheKey() throws Exception {
    services
        .evaluate(RequestContext.create(), new EvaluateDecision(10L, null, null, null))
        .get(5, TimeUnit.SECONDS);

    assertThat(broker.sent().getFirst().valueAs(new DecisionEvaluationRecord()).getDecisionKey())
        .isEqualTo(10L);
  }

  @Test
  void neitherKeyNorIdNeverReachesTheBroker() {
    assertFails(
        services.evaluate(RequestContext.create(), new EvaluateDecision(null, " ", null, null)),
        ServiceStatus.INVALID_ARGUMENT,
        "decisionKey");
    assertThat(broker.sent()).isEmpty();
  }

  private static DirectBuffer msgPack(final String json) {
    return new UnsafeBuffer(MsgPackConverter.convertToMsgPack(json));
  }
}

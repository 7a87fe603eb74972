package io.gatefork.service.decision;

import io.camunda.zeebe.protocol.impl.record.value.decision.DecisionEvaluationRecord;
import io.camunda.zeebe.protocol.record.value.EvaluatedDecisionValue;
import io.camunda.zeebe.protocol.record.value.EvaluatedInputValue;
import io.camunda.zeebe.protocol.record.value.EvaluatedOutputValue;
import io.camunda.zeebe.protocol.record.value.MatchedRuleValue;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.service.ApiServices;
import io.gatefork.service.RequestContext;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.decision.DecisionEvaluationResult.EvaluatedDecision;
import io.gatefork.service.decision.DecisionEvaluationResult.EvaluatedInput;
import io.gatefork.service.decision.DecisionEvaluationResult.EvaluatedOutput;
import io.gatefork.service.decision.DecisionEvaluationResult.MatchedRule;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.validation.FieldRules;
import io.gatefork.service.validation.TenantIdRules;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.agrona.DirectBuffer;

/** Evaluates decisions on any partition (round robin): every partition knows every decision. */
public final class BrokerDecisionServices extends ApiServices implements DecisionServices {

  public BrokerDecisionServices(final BrokerClient brokerClient, final Executor executor) {
    super(brokerClient, executor);
  }

  @Override
  public CompletableFuture<DecisionEvaluationResult> evaluate(
      final RequestContext context, final EvaluateDecision command) {
    final DecisionEvaluationRecord record;
    try {
      record = toRecord(command);
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, BrokerRequests.evaluateDecision(record), BrokerDecisionServices::toResult);
  }

  private static DecisionEvaluationRecord toRecord(final EvaluateDecision command) {
    final boolean hasKey = command != null && command.decisionKey() != null;
    final boolean hasId =
        command != null && command.decisionId() != null && !command.decisionId().isBlank();
    if (!hasKey && !hasId) {
      throw FieldRules.noneOf("decisionKey, decisionId");
    }
    final var record = new DecisionEvaluationRecord();
    if (hasKey) {
      record.setDecisionKey(FieldRules.requireKey("decisionKey", command.decisionKey()));
    }
    if (hasId) {
      record.setDecisionId(command.decisionId());
    }
    final DirectBuffer variables = JsonDocument.bufferOf(command.variables());
    if (variables != null) {
      record.setVariables(variables);
    }
    record.setTenantId(TenantIdRules.orDefault(command.tenantId()));
    return record;
  }

  private static DecisionEvaluationResult toResult(
      final BrokerResult.Accepted<DecisionEvaluationRecord> answer) {
    final DecisionEvaluationRecord record = answer.value();
    final List<EvaluatedDecisionValue> evaluated = record.getEvaluatedDecisions();
    final var decisions = new ArrayList<EvaluatedDecision>(evaluated.size());
    for (final EvaluatedDecisionValue decision : evaluated) {
      decisions.add(
          new EvaluatedDecision(
              decision.getDecisionKey(),
              decision.getDecisionId(),
              decision.getDecisionName(),
              decision.getDecisionVersion(),
              decision.getDecisionType(),
              decision.getDecisionOutput(),
              matchedRules(decision.getMatchedRules()),
              inputs(decision.getEvaluatedInputs()),
              decision.getTenantId(),
              decision.getDecisionEvaluationInstanceKey()));
    }
    return new DecisionEvaluationResult(
        answer.key(),
        record.getDecisionKey(),
        record.getDecisionId(),
        record.getDecisionName(),
        record.getDecisionVersion(),
        record.getDecisionRequirementsId(),
        record.getDecisionRequirementsKey(),
        record.getDecisionOutput(),
        List.copyOf(decisions),
        record.getFailedDecisionId(),
        record.getEvaluationFailureMessage(),
        record.getTenantId());
  }

  private static List<MatchedRule> matchedRules(final List<MatchedRuleValue> rules) {
    final var mapped = new ArrayList<MatchedRule>(rules.size());
    for (final MatchedRuleValue rule : rules) {
      final List<EvaluatedOutputValue> outputs = rule.getEvaluatedOutputs();
      final var mappedOutputs = new ArrayList<EvaluatedOutput>(outputs.size());
      for (final EvaluatedOutputValue output : outputs) {
        mappedOutputs.add(
            new EvaluatedOutput(
                output.getOutputId(), output.getOutputName(), output.getOutputValue()));
      }
      mapped.add(
          new MatchedRule(rule.getRuleId(), rule.getRuleIndex(), List.copyOf(mappedOutputs)));
    }
    return List.copyOf(mapped);
  }

  private static List<EvaluatedInput> inputs(final List<EvaluatedInputValue> inputs) {
    final var mapped = new ArrayList<EvaluatedInput>(inputs.size());
    for (final EvaluatedInputValue input : inputs) {
      mapped.add(
          new EvaluatedInput(input.getInputId(), input.getInputName(), input.getInputValue()));
    }
    return List.copyOf(mapped);
  }
}

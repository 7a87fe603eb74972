package io.gatefork.gateway.rest.decision;

import java.util.List;

/**
 * {@code EvaluateDecisionResult} of the 8.8 spec; keys as strings, outputs and values as JSON text.
 * {@code decisionInstanceKey} is the spec's deprecated alias of {@code decisionEvaluationKey}.
 */
public record DecisionEvaluationResponse(
    String decisionDefinitionId,
    String decisionDefinitionName,
    int decisionDefinitionVersion,
    String decisionRequirementsId,
    String output,
    String failedDecisionDefinitionId,
    String failureMessage,
    String tenantId,
    String decisionDefinitionKey,
    String decisionRequirementsKey,
    String decisionInstanceKey,
    String decisionEvaluationKey,
    List<EvaluatedDecision> evaluatedDecisions) {

  public record EvaluatedDecision(
      String decisionDefinitionId,
      String decisionDefinitionName,
      int decisionDefinitionVersion,
      String decisionDefinitionType,
      String output,
      String tenantId,
      List<MatchedRule> matchedRules,
      List<EvaluatedInput> evaluatedInputs,
      String decisionDefinitionKey,
      String decisionEvaluationInstanceKey) {}

  public record MatchedRule(String ruleId, int ruleIndex, List<EvaluatedOutput> evaluatedOutputs) {}

  public record EvaluatedInput(String inputId, String inputName, String inputValue) {}

  public record EvaluatedOutput(String outputId, String outputName, String outputValue) {}
}

package io.gatefork.service.decision;

import java.util.List;

/**
 * What a decision evaluation produced. A failed evaluation is a result too (the broker accepts the
 * command and writes {@code DECISION_EVALUATION.FAILED}): then {@code failedDecisionId} and {@code
 * failureMessage} are set and {@code decisionOutput} is not meaningful.
 *
 * @param decisionEvaluationKey the key of the evaluation
 * @param decisionOutput the output of the evaluated decision as JSON
 * @param evaluatedDecisions the called decision and every decision it required, in order
 * @param failedDecisionId empty unless the evaluation failed
 * @param failureMessage empty unless the evaluation failed
 */
public record DecisionEvaluationResult(
    long decisionEvaluationKey,
    long decisionKey,
    String decisionId,
    String decisionName,
    int decisionVersion,
    String decisionRequirementsId,
    long decisionRequirementsKey,
    String decisionOutput,
    List<EvaluatedDecision> evaluatedDecisions,
    String failedDecisionId,
    String failureMessage,
    String tenantId) {

  public boolean failed() {
    return failedDecisionId != null && !failedDecisionId.isEmpty();
  }

  /**
   * @param decisionOutput this decision's output as JSON
   * @param decisionEvaluationInstanceKey the key of this decision's evaluation instance
   */
  public record EvaluatedDecision(
      long decisionKey,
      String decisionId,
      String decisionName,
      int decisionVersion,
      String decisionType,
      String decisionOutput,
      List<MatchedRule> matchedRules,
      List<EvaluatedInput> evaluatedInputs,
      String tenantId,
      String decisionEvaluationInstanceKey) {}

  public record MatchedRule(String ruleId, int ruleIndex, List<EvaluatedOutput> evaluatedOutputs) {}

  /**
   * @param inputValue the value as JSON
   */
  public record EvaluatedInput(String inputId, String inputName, String inputValue) {}

  /**
   * @param outputValue the value as JSON
   */
  public record EvaluatedOutput(String outputId, String outputName, String outputValue) {}
}

package io.gatefork.service.decision;

import io.gatefork.service.RequestContext;
import java.util.concurrent.CompletableFuture;

public interface DecisionServices {

  /**
   * Evaluates a decision ({@code DECISION_EVALUATION.EVALUATE} on any partition; the broker answers
   * {@code EVALUATED}, or {@code FAILED} with the failure in the result).
   */
  CompletableFuture<DecisionEvaluationResult> evaluate(
      RequestContext context, EvaluateDecision command);
}

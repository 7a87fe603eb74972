package io.gatefork.service.decision;

/**
 * Either {@code decisionKey} or {@code decisionId} (the latest version) names the decision; when
 * both are given the id wins, as in the engine.
 *
 * @param decisionKey null when not given
 * @param decisionId null when not given
 * @param variablesJson the evaluation context, a JSON object; null for none
 * @param tenantId null for the default tenant
 */
public record EvaluateDecision(
    Long decisionKey, String decisionId, String variablesJson, String tenantId) {}

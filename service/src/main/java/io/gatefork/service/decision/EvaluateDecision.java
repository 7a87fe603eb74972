package io.gatefork.service.decision;

import io.gatefork.service.codec.JsonDocument;

/**
 * Either {@code decisionKey} or {@code decisionId} (the latest version) names the decision; when
 * both are given the id wins, as in the engine.
 *
 * @param decisionKey null when not given
 * @param decisionId null when not given
 * @param variables the evaluation context, a JSON object; null for none
 * @param tenantId null for the default tenant
 */
public record EvaluateDecision(
    Long decisionKey, String decisionId, JsonDocument variables, String tenantId) {}

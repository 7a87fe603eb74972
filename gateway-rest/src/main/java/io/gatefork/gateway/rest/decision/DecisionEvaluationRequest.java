package io.gatefork.gateway.rest.decision;

import io.gatefork.service.codec.JsonDocument;

/**
 * Body of {@code POST /v2/decision-definitions/evaluation}: the spec's oneOf of "by id" and "by
 * key" in one record; exactly one of them must be given.
 */
public record DecisionEvaluationRequest(
    String decisionDefinitionId,
    String decisionDefinitionKey,
    JsonDocument variables,
    String tenantId) {}

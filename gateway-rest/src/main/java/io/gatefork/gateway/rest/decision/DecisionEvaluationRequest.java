package io.gatefork.gateway.rest.decision;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.gatefork.gateway.rest.json.JsonObjectText;

/**
 * Body of {@code POST /v2/decision-definitions/evaluation}: the spec's oneOf of "by id" and "by
 * key" in one record; exactly one of them must be given.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record DecisionEvaluationRequest(
    String decisionDefinitionId,
    String decisionDefinitionKey,
    JsonObjectText variables,
    String tenantId) {}

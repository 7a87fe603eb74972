package io.gatefork.gateway.rest.validation;

import io.gatefork.service.validation.FieldRules;

/**
 * The optional body of commands that take nothing but an operation reference (incident resolution,
 * resource deletion, batch-operation life cycle).
 */
public record OperationReferenceRequest(Long operationReference) {

  /** The checked reference, or null without a body or reference. */
  public static Long of(final OperationReferenceRequest body) {
    return body == null
        ? null
        : FieldRules.operationReference("operationReference", body.operationReference());
  }
}

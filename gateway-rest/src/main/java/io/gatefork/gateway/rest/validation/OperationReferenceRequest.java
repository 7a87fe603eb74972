package io.gatefork.gateway.rest.validation;

/**
 * The optional body of commands that take nothing but an operation reference (incident resolution,
 * resource deletion, batch-operation life cycle).
 */
public record OperationReferenceRequest(Long operationReference) {

  /**
   * The reference, or null without a body or reference; the service checks it (it is the one place
   * both APIs pass).
   */
  public static Long of(final OperationReferenceRequest body) {
    return body == null ? null : body.operationReference();
  }
}

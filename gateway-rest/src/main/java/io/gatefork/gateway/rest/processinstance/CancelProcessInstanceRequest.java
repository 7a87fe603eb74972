package io.gatefork.gateway.rest.processinstance;

/** Optional body of {@code POST /v2/process-instances/{key}/cancellation}. */
public record CancelProcessInstanceRequest(Long operationReference) {}

package io.gatefork.gateway.rest.processinstance;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** Optional body of {@code POST /v2/process-instances/{key}/cancellation}. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CancelProcessInstanceRequest(Long operationReference) {}

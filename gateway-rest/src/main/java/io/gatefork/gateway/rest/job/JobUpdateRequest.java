package io.gatefork.gateway.rest.job;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** Body of {@code PATCH /v2/jobs/{jobKey}}; changeset is required, null fields stay unchanged. */
public record JobUpdateRequest(Changeset changeset, Long operationReference) {

  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Changeset(Integer retries, Long timeout) {}
}

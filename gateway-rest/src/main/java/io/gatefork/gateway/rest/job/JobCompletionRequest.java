package io.gatefork.gateway.rest.job;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.gatefork.gateway.rest.json.JsonObjectText;

/**
 * Optional body of {@code POST /v2/jobs/{jobKey}/completion}. {@code result} is only checked for
 * presence: the service API has no job results yet, see {@link JobRequestMapper}.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record JobCompletionRequest(JsonObjectText variables, Object result) {}

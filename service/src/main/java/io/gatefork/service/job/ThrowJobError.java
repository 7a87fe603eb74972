package io.gatefork.service.job;

import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.validation.FieldRules;

/**
 * A BPMN error thrown for a job. Its field rules hold once it exists: both front ends build it from
 * their request, so a missing or blank error code is refused there, once, before the service is
 * called. The key and the variables are the service's to check.
 *
 * @param errorMessage null or empty for none
 * @param variables a JSON object, or null
 */
public record ThrowJobError(
    long jobKey, String errorCode, String errorMessage, JsonDocument variables) {

  public ThrowJobError {
    FieldRules.requireText("errorCode", errorCode);
  }
}

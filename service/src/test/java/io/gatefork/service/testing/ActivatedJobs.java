package io.gatefork.service.testing;

import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.job.ActivatedJob;

/** Activated jobs for the front ends' tests: one fixed job, its variables as asked. */
public final class ActivatedJobs {
  /** A job's key as the brokers make them (partition 1). */
  public static final long KEY = 2251799813685249L;

  private ActivatedJobs() {}

  /** A job of type {@code t} with empty variables. */
  public static ActivatedJob job() {
    return withVariables("{}");
  }

  /** The same job with this variables document. */
  public static ActivatedJob withVariables(final String variablesJson) {
    return new ActivatedJob(
        KEY,
        "t",
        1,
        "p",
        1,
        2,
        "task",
        3,
        JsonDocument.EMPTY,
        "w",
        3,
        1_700_000_000_000L,
        JsonDocument.ofJson(variablesJson),
        "<default>",
        "BPMN_ELEMENT",
        "UNSPECIFIED");
  }
}

package io.gatefork.service.validation;

/**
 * A job type, as workers activate and stream jobs by it: required, not blank, and at most {@value
 * #MAX_LENGTH} characters. The type is the client's choice and a key of the gateway's long-polling
 * and job-stream state, so its length is bounded; the bound is the 8.9 engine's default limit of a
 * task's worker type (8.8's engine has none), so no type a stock cluster deploys is refused.
 */
public final class JobTypeRules {
  public static final int MAX_LENGTH = 32_768;

  private JobTypeRules() {}

  public static String check(final String field, final String type) {
    FieldRules.requireText(field, type);
    if (type.length() > MAX_LENGTH) {
      throw FieldRules.tooLong(field, MAX_LENGTH, "characters");
    }
    return type;
  }
}

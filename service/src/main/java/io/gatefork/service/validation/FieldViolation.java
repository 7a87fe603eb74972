package io.gatefork.service.validation;

import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;

/**
 * A request field that breaks one of the {@link FieldRules}: INVALID_ARGUMENT with the message
 * {@code "field: problem"}, which REST answers as it is. It also says which rule failed and the
 * number that failed it, so that gRPC can word the same refusal the way the stock gateway does.
 */
public final class FieldViolation extends ServiceException {

  /** The rules a front end may word its own way; {@link #OTHER} keeps the message. */
  public enum Rule {
    /** Absent (null, or blank where a text was required). */
    REQUIRED,
    /** A text that is only whitespace. */
    BLANK,
    /** Not a positive entity key. */
    KEY,
    /** Zero or less where a count or duration must be above zero. */
    POSITIVE,
    /** Below zero where zero or more is allowed. */
    NOT_NEGATIVE,
    OTHER
  }

  private final String field;
  private final Rule rule;
  private final long value;

  FieldViolation(final String field, final Rule rule, final String problem, final long value) {
    super(ServiceStatus.INVALID_ARGUMENT, field + ": " + problem);
    this.field = field;
    this.rule = rule;
    this.value = value;
  }

  /** The path of the field as REST names it, e.g. {@code startInstructions[0].elementId}. */
  public String field() {
    return field;
  }

  public Rule rule() {
    return rule;
  }

  /** The refused number for {@link Rule#KEY}, {@link Rule#POSITIVE}, {@link Rule#NOT_NEGATIVE}. */
  public long value() {
    return value;
  }
}

package io.gatefork.service.validation;

import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;

/**
 * A request field that breaks one of the {@link FieldRules}: INVALID_ARGUMENT with the message
 * {@code "field: problem"}, which REST answers as it is. It also says which rule failed and the
 * number that failed it, so that gRPC can word the same refusal the way the stock gateway does.
 */
public final class FieldViolation extends ServiceException {

  /** The rules a front end may word its own way; {@link #OTHER} is a one-off problem. */
  public enum Rule {
    /** Absent: null, or a null element of a list. */
    REQUIRED,
    /** A text that is empty or only whitespace. */
    BLANK,
    /** A list (or content) with no element where at least one is needed. */
    EMPTY,
    /** Neither (or both) of two alternative fields given. */
    ONE_OF,
    /** Not a positive entity key. */
    KEY,
    /** Zero or less where a count or duration must be above zero. */
    POSITIVE,
    /** Below zero where zero or more is allowed. */
    NOT_NEGATIVE,
    /** A number outside its bounds. */
    RANGE,
    /** A text or list longer than allowed. */
    LENGTH,
    /** A text that breaks its format: characters, numeric strings, date-times. */
    FORMAT,
    /** A value that is none of the allowed ones (an enum). */
    VALUE,
    /** A JSON value of the wrong type. */
    TYPE,
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

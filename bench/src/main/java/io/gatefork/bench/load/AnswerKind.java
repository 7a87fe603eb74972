package io.gatefork.bench.load;

/**
 * What a create call got, by kind, as the client saw it: an instance, the gateway's (or the
 * broker's) "too much" answer, no answer in time, or anything else.
 */
public enum AnswerKind {
  OK("ok"),
  EXHAUSTED("RESOURCE_EXHAUSTED / 503"),
  TIMEOUT("timeout"),
  OTHER("other error");

  private final String label;

  AnswerKind(final String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  /**
   * The kind of a failure named by {@link ErrorClassifier} (or {@link LoadRecorder#UNANSWERED}).
   */
  public static AnswerKind ofError(final String name) {
    if (name.startsWith("HTTP 503") || name.equals("gRPC RESOURCE_EXHAUSTED")) {
      return EXHAUSTED;
    }
    if (name.equals(ErrorClassifier.TIMEOUT)
        || name.equals("gRPC DEADLINE_EXCEEDED")
        || name.equals(LoadRecorder.UNANSWERED)) {
      return TIMEOUT;
    }
    return OTHER;
  }

  /** A job or instance the broker does not know (any more). */
  public static boolean notFound(final String name) {
    return name.startsWith("HTTP 404") || name.equals("gRPC NOT_FOUND");
  }
}

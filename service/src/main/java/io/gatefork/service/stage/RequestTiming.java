package io.gatefork.service.stage;

/**
 * Timestamps ({@link System#nanoTime()}) of one request's stage boundaries. The front end creates
 * it when the request is accepted and marks entry and commit; the service layer marks the broker
 * hand-off, the response, and the executor's start and end. Each mark is written by one thread and
 * read after the future chain has completed, which orders the accesses. A mark of 0 means the stage
 * did not happen (e.g. validation failed before dispatch).
 */
public final class RequestTiming {
  long accepted;
  long entered;
  long dispatched;
  long responseReceived;
  long handlingStarted;
  long resultReady;
  long committed;

  public static RequestTiming startingAt(final long acceptedNanos) {
    final var timing = new RequestTiming();
    timing.accepted = acceptedNanos;
    return timing;
  }

  public static RequestTiming startNow() {
    return startingAt(System.nanoTime());
  }

  public void entered() {
    entered = System.nanoTime();
  }

  /** Whether the request reached its handler (a refused, shed or unreadable one did not). */
  public boolean wasEntered() {
    return entered != 0;
  }

  public void dispatched() {
    dispatched = System.nanoTime();
  }

  public void responseReceived() {
    responseReceived = System.nanoTime();
  }

  public void handlingStarted() {
    handlingStarted = System.nanoTime();
  }

  public void resultReady() {
    resultReady = System.nanoTime();
  }

  public void committed() {
    committed = System.nanoTime();
  }

  /** Nanos spent in the stage, or -1 when one of its boundaries was not marked. */
  public long nanos(final Stage stage) {
    return switch (stage) {
      case FILTER -> between(accepted, entered);
      case DISPATCH -> between(entered, dispatched);
      case BROKER -> between(dispatched, responseReceived);
      case QUEUE -> between(responseReceived, handlingStarted);
      case MAPPING -> between(handlingStarted, resultReady);
      case WRITE -> between(resultReady, committed);
      case TOTAL -> between(accepted, committed);
    };
  }

  private static long between(final long from, final long to) {
    return from == 0 || to == 0 ? -1 : Math.max(0, to - from);
  }
}

package io.gatefork.service.stage;

/**
 * Timestamps ({@link System#nanoTime()}) of one request's stage boundaries. The front end creates
 * it when the request is accepted and marks entry and commit; the service layer marks the broker
 * hand-off, the response, and the executor's start and end. Each mark is written by one thread and
 * read after the future chain has completed, which orders the accesses. A mark of 0 means the stage
 * did not happen (e.g. validation failed before dispatch). A traced request carries its {@link
 * RequestSpan} here too, so that whatever has the timing can reach the span.
 */
public final class RequestTiming {
  long accepted;
  long entered;
  long dispatched;
  long responseReceived;
  long handlingStarted;
  long resultReady;
  long committed;
  private RequestSpan span;

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

  /** The request's span; null when tracing is off or the request is not traced. */
  public RequestSpan span() {
    return span;
  }

  public void traced(final RequestSpan span) {
    this.span = span;
  }

  /** The {@link System#nanoTime()} the request was accepted at. */
  public long acceptedNanos() {
    return accepted;
  }

  /** The {@link System#nanoTime()} the stage began at; 0 when not marked. */
  public long startOf(final Stage stage) {
    return switch (stage) {
      case FILTER, TOTAL -> accepted;
      case DISPATCH -> entered;
      case BROKER -> dispatched;
      case QUEUE -> responseReceived;
      case MAPPING -> handlingStarted;
      case WRITE -> resultReady;
    };
  }

  /** The {@link System#nanoTime()} the stage ended at; 0 when not marked. */
  public long endOf(final Stage stage) {
    return switch (stage) {
      case FILTER -> entered;
      case DISPATCH -> dispatched;
      case BROKER -> responseReceived;
      case QUEUE -> handlingStarted;
      case MAPPING -> resultReady;
      case WRITE, TOTAL -> committed;
    };
  }

  /** Nanos spent in the stage, or -1 when one of its boundaries was not marked. */
  public long nanos(final Stage stage) {
    return between(startOf(stage), endOf(stage));
  }

  private static long between(final long from, final long to) {
    return from == 0 || to == 0 ? -1 : Math.max(0, to - from);
  }
}

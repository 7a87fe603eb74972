package io.gatefork.bench.load;

import io.gatefork.bench.stats.LatencyRecorder;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the starter and the workers observed in one cell. Latencies and errors count for calls
 * started inside the measured window; throughput counts successes that arrived inside it. Running
 * totals (whole cell) feed the progress line.
 */
public final class LoadRecorder {
  private static final int CAPACITY = 2_000_000;
  public static final String UNANSWERED = "no answer by the end of the drain";

  private volatile long windowStart = Long.MAX_VALUE;
  private volatile long windowEnd = Long.MAX_VALUE;

  public final LatencyRecorder create = new LatencyRecorder(CAPACITY);
  public final LatencyRecorder complete = new LatencyRecorder(CAPACITY);
  public final LatencyRecorder endToEnd = new LatencyRecorder(CAPACITY);

  /** create calls started in the window */
  public final LongAdder createsSent = new LongAdder();

  /** successful create answers received in the window */
  public final LongAdder createdInWindow = new LongAdder();

  /** instances whose last job completion was acknowledged in the window */
  public final LongAdder completedInWindow = new LongAdder();

  /** complete calls started in the window */
  public final LongAdder completesSent = new LongAdder();

  /** creates due in the window but not sent: the client already had too many in flight */
  public final LongAdder skipped = new LongAdder();

  public final LongAdder sentTotal = new LongAdder();
  public final LongAdder createdTotal = new LongAdder();
  public final LongAdder completedTotal = new LongAdder();
  public final LongAdder errorsTotal = new LongAdder();
  public final AtomicInteger inFlight = new AtomicInteger();

  /** create calls started in the window and not answered yet */
  public final AtomicInteger windowInFlight = new AtomicInteger();

  private final Map<String, LongAdder> createErrors = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> completeErrors = new ConcurrentHashMap<>();

  public void openWindow(final long startNanos, final long endNanos) {
    windowEnd = endNanos;
    windowStart = startNanos;
  }

  public boolean inWindow(final long nanos) {
    return nanos >= windowStart && nanos < windowEnd;
  }

  public void createError(final long startedNanos, final Throwable failure) {
    errorsTotal.increment();
    if (inWindow(startedNanos)) {
      createErrors
          .computeIfAbsent(ErrorClassifier.classify(failure), k -> new LongAdder())
          .increment();
    }
  }

  public void completeError(final long startedNanos, final Throwable failure) {
    errorsTotal.increment();
    if (inWindow(startedNanos)) {
      completeErrors
          .computeIfAbsent(ErrorClassifier.classify(failure), k -> new LongAdder())
          .increment();
    }
  }

  /** After the drain: window creates still unanswered count as errors of their own kind. */
  public void closeWindow() {
    final int unanswered = windowInFlight.getAndSet(0);
    if (unanswered > 0) {
      createErrors.computeIfAbsent(UNANSWERED, k -> new LongAdder()).add(unanswered);
    }
  }

  public Map<String, Long> createErrors() {
    return snapshot(createErrors);
  }

  public Map<String, Long> completeErrors() {
    return snapshot(completeErrors);
  }

  private static Map<String, Long> snapshot(final Map<String, LongAdder> counts) {
    final Map<String, Long> copy = new TreeMap<>();
    counts.forEach((k, v) -> copy.put(k, v.sum()));
    return copy;
  }
}

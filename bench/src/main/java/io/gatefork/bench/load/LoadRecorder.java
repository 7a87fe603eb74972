package io.gatefork.bench.load;

import io.gatefork.bench.stats.LatencyRecorder;
import io.gatefork.bench.stats.LatencySummary;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the starter and the workers observed in one cell. Latencies and errors count for calls
 * started inside the measured window; throughput counts successes that arrived inside it. Running
 * totals (whole cell) feed the progress line. Over the whole cell it also keeps the process
 * instances whose creation the client saw acknowledged and those whose last job's completion it saw
 * acknowledged, so that an acknowledged instance that never completed shows ({@link #delivery}).
 */
public final class LoadRecorder {
  public static final String UNANSWERED = "no answer by the end of the drain";

  private volatile long windowStart = Long.MAX_VALUE;
  private volatile long windowEnd = Long.MAX_VALUE;

  public final LatencyRecorder create = new LatencyRecorder();
  public final LatencyRecorder complete = new LatencyRecorder();
  public final LatencyRecorder endToEnd = new LatencyRecorder();

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

  /** create calls started in the window that the client saw succeed */
  public final LongAdder createOkInWindow = new LongAdder();

  /** failed job completions retried that found the job gone: an earlier attempt had completed it */
  public final LongAdder completionsFoundGone = new LongAdder();

  /** how long the RESOURCE_EXHAUSTED / 503 answers to window calls took, ns */
  private final LatencyRecorder exhaustedAnswers = new LatencyRecorder();

  private final Set<Long> acknowledged = ConcurrentHashMap.newKeySet();
  private final Set<Long> completedInstances = ConcurrentHashMap.newKeySet();

  /** instances the harness created itself (the deployment check), not the starter */
  private final Set<Long> probes = ConcurrentHashMap.newKeySet();

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
    createError(startedNanos, -1, failure);
  }

  /** A failed create; {@code doneNanos} -1 when the failure came before any answer could. */
  public void createError(final long startedNanos, final long doneNanos, final Throwable failure) {
    errorsTotal.increment();
    if (inWindow(startedNanos)) {
      final String name = ErrorClassifier.classify(failure);
      createErrors.computeIfAbsent(name, k -> new LongAdder()).increment();
      if (doneNanos >= startedNanos && AnswerKind.ofError(name) == AnswerKind.EXHAUSTED) {
        exhaustedAnswers.record(doneNanos - startedNanos);
      }
    }
  }

  /** The client saw this instance's creation acknowledged. */
  public void acknowledged(final long processInstanceKey) {
    acknowledged.add(processInstanceKey);
  }

  /** The client saw the completion of this instance's last job acknowledged. */
  public void instanceCompleted(final long processInstanceKey) {
    completedInstances.add(processInstanceKey);
  }

  /** An instance the harness created for its own checks, outside the load. */
  public void probe(final long processInstanceKey) {
    probes.add(processInstanceKey);
  }

  /** Acknowledged instances not seen completed (yet). */
  public long notCompleted() {
    long missing = 0;
    for (final Long key : acknowledged) {
      if (!completedInstances.contains(key)) {
        missing++;
      }
    }
    return missing;
  }

  /**
   * Acknowledged against completed, over the whole cell so far.
   *
   * @param acknowledged instances whose creation the client saw acknowledged
   * @param completed of those, the ones whose last job's completion it saw acknowledged
   * @param notCompleted acknowledged and not completed: lost, if the drain is over
   * @param completedUnacknowledged completed instances whose creation the client saw fail or time
   *     out (the broker created them all the same)
   */
  public record Delivery(
      long acknowledged, long completed, long notCompleted, long completedUnacknowledged) {}

  public Delivery delivery() {
    final long missing = notCompleted();
    long unacknowledged = 0;
    for (final Long key : completedInstances) {
      if (!acknowledged.contains(key) && !probes.contains(key)) {
        unacknowledged++;
      }
    }
    final long total = acknowledged.size();
    return new Delivery(total, total - missing, missing, unacknowledged);
  }

  /** The p99 of the RESOURCE_EXHAUSTED / 503 answers to window calls, ms; -1 without any. */
  public double exhaustedAnswerP99Ms() {
    final LatencySummary summary = exhaustedAnswers.summary();
    return summary.count() == 0 ? -1 : summary.p99Ms();
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

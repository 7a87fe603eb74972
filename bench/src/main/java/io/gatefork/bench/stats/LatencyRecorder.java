package io.gatefork.bench.stats;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Collects latencies from many threads without a lock on their path: an HdrHistogram {@link
 * Recorder} (wait-free for the load threads), three significant digits. The reader folds what was
 * recorded since its last look into one total, so a summary covers everything recorded so far.
 */
public final class LatencyRecorder {
  static final int SIGNIFICANT_DIGITS = 3;

  private final Recorder recorder = new Recorder(SIGNIFICANT_DIGITS);
  private final Histogram total = new Histogram(SIGNIFICANT_DIGITS);
  private Histogram interval;

  public void record(final long nanos) {
    recorder.recordValue(nanos);
  }

  /** Everything recorded so far; call from one thread at a time (the cell's, after the window). */
  public synchronized LatencySummary summary() {
    interval = recorder.getIntervalHistogram(interval);
    total.add(interval);
    return LatencySummary.of(total);
  }
}

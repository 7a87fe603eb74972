package io.gatefork.bench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class LatencyRecorderTest {
  private static final long MS = 1_000_000L;

  @Test
  void percentilesAreNearestRankWithinTheHistogramsPrecision() {
    final var recorder = new LatencyRecorder();
    for (int i = 0; i < 100; i++) {
      recorder.record((100 - i) * MS); // 100 ms .. 1 ms, unsorted on purpose
    }
    final var summary = recorder.summary();
    assertThat(summary.count()).isEqualTo(100);
    assertThat(summary.p50Ms()).isCloseTo(50.0, withinPercentage(0.1));
    assertThat(summary.p95Ms()).isCloseTo(95.0, withinPercentage(0.1));
    assertThat(summary.p99Ms()).isCloseTo(99.0, withinPercentage(0.1));
    assertThat(summary.maxMs()).isCloseTo(100.0, withinPercentage(0.1));
    assertThat(summary.meanMs()).isCloseTo(50.5, withinPercentage(0.1));
  }

  @Test
  void aSingleValueIsEveryPercentile() {
    final var recorder = new LatencyRecorder();
    recorder.record(3 * MS);
    final var summary = recorder.summary();
    assertThat(summary.p50Ms()).isCloseTo(3.0, withinPercentage(0.1));
    assertThat(summary.p99Ms()).isEqualTo(summary.p50Ms());
    assertThat(summary.maxMs()).isEqualTo(summary.p50Ms());
  }

  @Test
  void theTailIsCountedOverOneTwoAndTenSeconds() {
    final var recorder = new LatencyRecorder();
    for (final long ms : new long[] {500, 1_000, 1_500, 3_000, 12_000}) {
      recorder.record(ms * MS);
    }
    final var summary = recorder.summary();
    assertThat(summary.over1s()).as("1.5, 3 and 12 s; 1 s itself is not over").isEqualTo(3);
    assertThat(summary.over2s()).isEqualTo(2);
    assertThat(summary.over10s()).isEqualTo(1);
  }

  @Test
  void noValuesGiveTheEmptySummary() {
    assertThat(new LatencyRecorder().summary()).isEqualTo(LatencySummary.EMPTY);
  }

  @Test
  void oneSlowCallInAHundredIsTheMaxButNotTheP99() {
    final var recorder = new LatencyRecorder();
    for (int i = 0; i < 100; i++) {
      recorder.record(i == 17 ? 900 * MS : 2 * MS);
    }
    final var summary = recorder.summary();
    assertThat(summary.p99Ms()).isCloseTo(2.0, withinPercentage(0.1));
    assertThat(summary.maxMs()).isCloseTo(900.0, withinPercentage(0.1));
  }

  @Test
  void aLaterSummaryStillCoversWhatAnEarlierOneSaw() {
    final var recorder = new LatencyRecorder();
    recorder.record(5 * MS);
    assertThat(recorder.summary().count()).isEqualTo(1);
    recorder.record(7 * MS);
    final var summary = recorder.summary();
    assertThat(summary.count()).isEqualTo(2);
    assertThat(summary.maxMs()).isCloseTo(7.0, withinPercentage(0.1));
    assertThat(summary.p50Ms()).isCloseTo(5.0, withinPercentage(0.1));
  }

  @Test
  void everyValueFromManyThreadsCounts() throws InterruptedException {
    final var recorder = new LatencyRecorder();
    final int threads = 4;
    final int each = 50_000;
    final var start = new CountDownLatch(1);
    final List<Thread> load = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      final long value = (t + 1) * MS;
      load.add(
          Thread.ofPlatform()
              .start(
                  () -> {
                    try {
                      start.await();
                    } catch (final InterruptedException e) {
                      Thread.currentThread().interrupt();
                    }
                    for (int i = 0; i < each; i++) {
                      recorder.record(value);
                    }
                  }));
    }
    start.countDown();
    for (final Thread thread : load) {
      thread.join();
    }
    final var summary = recorder.summary();
    assertThat(summary.count()).isEqualTo((long) threads * each);
    assertThat(summary.meanMs()).isCloseTo(2.5, withinPercentage(0.1));
  }
}

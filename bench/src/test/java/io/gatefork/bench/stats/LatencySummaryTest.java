package io.gatefork.bench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class LatencySummaryTest {
  private static final long MS = 1_000_000L;

  @Test
  void percentilesAreNearestRankOnTheSortedValues() {
    final long[] nanos = new long[100];
    for (int i = 0; i < 100; i++) {
      nanos[i] = (100 - i) * MS; // 100 ms .. 1 ms, unsorted on purpose
    }
    final var summary = LatencySummary.ofNanos(nanos);
    assertThat(summary.count()).isEqualTo(100);
    assertThat(summary.p50Ms()).isEqualTo(50.0);
    assertThat(summary.p95Ms()).isEqualTo(95.0);
    assertThat(summary.p99Ms()).isEqualTo(99.0);
    assertThat(summary.maxMs()).isEqualTo(100.0);
    assertThat(summary.meanMs()).isCloseTo(50.5, within(1e-9));
  }

  @Test
  void aSingleValueIsEveryPercentile() {
    final var summary = LatencySummary.ofNanos(new long[] {3 * MS});
    assertThat(summary.p50Ms()).isEqualTo(3.0);
    assertThat(summary.p99Ms()).isEqualTo(3.0);
    assertThat(summary.maxMs()).isEqualTo(3.0);
  }

  @Test
  void noValuesGiveTheEmptySummary() {
    assertThat(LatencySummary.ofNanos(new long[0])).isEqualTo(LatencySummary.EMPTY);
  }

  @Test
  void oneSlowCallInAHundredIsTheMaxButNotTheP99() {
    final long[] nanos = new long[100];
    java.util.Arrays.fill(nanos, 2 * MS);
    nanos[17] = 900 * MS;
    final var summary = LatencySummary.ofNanos(nanos);
    assertThat(summary.p99Ms()).isEqualTo(2.0);
    assertThat(summary.maxMs()).isEqualTo(900.0);
  }

  @Test
  void theRecorderStopsGrowingAtItsCapacityAndCountsWhatItDropped() {
    final var recorder = new LatencyRecorder(3000);
    for (int i = 0; i < 3500; i++) {
      recorder.record(i);
    }
    assertThat(recorder.snapshot()).hasSize(3000);
    assertThat(recorder.dropped()).isEqualTo(500);
    assertThat(recorder.summary().count()).isEqualTo(3000);
  }
}

package io.gatefork.bench.prometheus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BucketHistogramTest {
  private static final Map<String, String> CREATE_BROKER =
      Map.of("api", "rest", "operation", "create-process-instance", "stage", "broker");

  private static String scrape(
      final double b1, final double b2, final double b5, final double inf, final double sum) {
    return """
        # TYPE gatefork_request_stage_seconds histogram
        gatefork_request_stage_seconds_bucket{api="rest",operation="create-process-instance",stage="broker",le="0.001"} %s
        gatefork_request_stage_seconds_bucket{api="rest",operation="create-process-instance",stage="broker",le="0.002"} %s
        gatefork_request_stage_seconds_bucket{api="rest",operation="create-process-instance",stage="broker",le="0.005"} %s
        gatefork_request_stage_seconds_bucket{api="rest",operation="create-process-instance",stage="broker",le="+Inf"} %s
        gatefork_request_stage_seconds_count{api="rest",operation="create-process-instance",stage="broker"} %s
        gatefork_request_stage_seconds_sum{api="rest",operation="create-process-instance",stage="broker"} %s
        gatefork_request_stage_seconds_max{api="rest",operation="create-process-instance",stage="broker"} 0.004
        gatefork_request_stage_seconds_bucket{api="grpc",operation="create-process-instance",stage="broker",le="0.001"} 1000
        gatefork_request_stage_seconds_bucket{api="grpc",operation="create-process-instance",stage="broker",le="+Inf"} 1000
        """
        .formatted(b1, b2, b5, inf, inf, sum);
  }

  @Test
  void readsOneSeriesOutOfTheScrape() {
    final var h =
        MetricsSnapshot.parse(scrape(10, 30, 40, 40, 0.08))
            .histogram("gatefork_request_stage_seconds", CREATE_BROKER);
    assertThat(h.buckets())
        .extracting(BucketHistogram.Bucket::cumulative)
        .containsExactly(10.0, 30.0, 40.0, 40.0);
    assertThat(h.count()).isEqualTo(40);
    assertThat(h.mean()).isCloseTo(0.002, within(1e-12));
  }

  @Test
  void twoScrapesSubtractToTheWindow() {
    final var before =
        MetricsSnapshot.parse(scrape(10, 30, 40, 40, 0.08))
            .histogram("gatefork_request_stage_seconds", CREATE_BROKER);
    final var after =
        MetricsSnapshot.parse(scrape(110, 130, 240, 240, 0.68))
            .histogram("gatefork_request_stage_seconds", CREATE_BROKER);
    final var window = after.minus(before);
    assertThat(window.count()).isEqualTo(200);
    assertThat(window.sum()).isCloseTo(0.6, within(1e-12));
    assertThat(window.buckets())
        .extracting(BucketHistogram.Bucket::cumulative)
        .containsExactly(100.0, 100.0, 200.0, 200.0);
  }

  @Test
  void quantilesInterpolateLinearlyWithinTheBucketHoldingTheRank() {
    final var h =
        new BucketHistogram(
            List.of(
                new BucketHistogram.Bucket(0.001, 50),
                new BucketHistogram.Bucket(0.002, 100),
                new BucketHistogram.Bucket(0.005, 200),
                new BucketHistogram.Bucket(Double.POSITIVE_INFINITY, 200)),
            0.5,
            200);
    // rank 100 is the top of the second bucket
    assertThat(h.quantile(0.5)).isCloseTo(0.002, within(1e-12));
    // rank 25 is half-way through [0, 1 ms]
    assertThat(h.quantile(0.125)).isCloseTo(0.0005, within(1e-12));
    // rank 198 is 98 % through (2 ms, 5 ms]
    assertThat(h.quantile(0.99)).isCloseTo(0.002 + 0.003 * 0.98, within(1e-12));
  }

  @Test
  void aRankInTheInfBucketAnswersTheHighestFiniteBound() {
    final var h =
        new BucketHistogram(
            List.of(
                new BucketHistogram.Bucket(0.001, 10),
                new BucketHistogram.Bucket(0.002, 10),
                new BucketHistogram.Bucket(Double.POSITIVE_INFINITY, 20)),
            1,
            20);
    assertThat(h.quantile(0.99)).isEqualTo(0.002);
  }

  @Test
  void emptyBucketsBeforeTheRankAreSkipped() {
    final var h =
        new BucketHistogram(
            List.of(
                new BucketHistogram.Bucket(0.001, 0),
                new BucketHistogram.Bucket(0.002, 0),
                new BucketHistogram.Bucket(0.004, 10),
                new BucketHistogram.Bucket(Double.POSITIVE_INFINITY, 10)),
            0.03,
            10);
    assertThat(h.quantile(0.5)).isCloseTo(0.003, within(1e-12));
  }

  @Test
  void noObservationsHaveNoQuantileAndNoMean() {
    final var h =
        new BucketHistogram(
            List.of(
                new BucketHistogram.Bucket(0.001, 0),
                new BucketHistogram.Bucket(Double.POSITIVE_INFINITY, 0)),
            0,
            0);
    assertThat(h.quantile(0.5)).isNaN();
    assertThat(h.mean()).isNaN();
  }
}

package io.gatefork.bench.prometheus;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A Prometheus histogram: cumulative bucket counts by upper bound, sum and count. Two scrapes
 * subtract to the histogram of what happened in between; quantiles are estimated as Prometheus'
 * {@code histogram_quantile} does (linear within the bucket that holds the rank), so they are only
 * as fine as the buckets (Micrometer's timer histograms start at 1 ms).
 */
public record BucketHistogram(List<Bucket> buckets, double sum, double count) {

  /** Upper bound {@code le} (seconds for timers) and the cumulative count at or below it. */
  public record Bucket(double le, double cumulative) {}

  /** This histogram minus an earlier scrape of the same one (bounds missing before count 0). */
  public BucketHistogram minus(final BucketHistogram before) {
    final Map<Double, Double> earlier = new HashMap<>();
    before.buckets.forEach(b -> earlier.put(b.le(), b.cumulative()));
    final List<Bucket> diff = new ArrayList<>(buckets.size());
    for (final Bucket bucket : buckets) {
      diff.add(
          new Bucket(bucket.le(), bucket.cumulative() - earlier.getOrDefault(bucket.le(), 0.0)));
    }
    return new BucketHistogram(diff, sum - before.sum, count - before.count);
  }

  public double mean() {
    return count > 0 ? sum / count : Double.NaN;
  }

  /**
   * Estimated {@code q}-quantile. NaN without observations; the highest finite bound when the rank
   * falls into the {@code +Inf} bucket (the true value is at least that).
   */
  public double quantile(final double q) {
    if (buckets.isEmpty()) {
      return Double.NaN;
    }
    final double total = buckets.get(buckets.size() - 1).cumulative();
    if (total <= 0) {
      return Double.NaN;
    }
    final double rank = q * total;
    double lowerBound = 0;
    double lowerCount = 0;
    for (final Bucket bucket : buckets) {
      if (bucket.cumulative() >= rank && bucket.cumulative() > lowerCount) {
        if (Double.isInfinite(bucket.le())) {
          return lowerBound;
        }
        final double inBucket = bucket.cumulative() - lowerCount;
        return lowerBound + (bucket.le() - lowerBound) * (rank - lowerCount) / inBucket;
      }
      if (!Double.isInfinite(bucket.le())) {
        lowerBound = bucket.le();
      }
      lowerCount = bucket.cumulative();
    }
    return lowerBound;
  }
}

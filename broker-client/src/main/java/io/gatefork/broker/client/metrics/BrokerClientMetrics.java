package io.gatefork.broker.client.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;

/**
 * Broker-side request meters under the stock gateway's names, so existing dashboards work: {@code
 * zeebe.gateway.request.latency}, {@code zeebe.gateway.total.requests}, {@code
 * zeebe.gateway.failed.requests}. Meters are looked up once per (type, partition) and cached: the
 * registry's own lookup allocates tags on every call.
 */
public final class BrokerClientMetrics {
  /** Prometheus client's default buckets, as the stock gateway uses for this timer. */
  private static final Duration[] DEFAULT_BUCKETS = {
    Duration.ofMillis(5), Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50),
    Duration.ofMillis(75), Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500),
    Duration.ofMillis(750), Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5),
    Duration.ofMillis(7500), Duration.ofSeconds(10)
  };

  private final MeterRegistry registry;
  private final ConcurrentMap<String, PartitionMeters[]> meters = new ConcurrentHashMap<>();
  private final ConcurrentMap<String, Counter> failures = new ConcurrentHashMap<>();

  public BrokerClientMetrics(final MeterRegistry registry) {
    this.registry = registry;
  }

  public MeterRegistry registry() {
    return registry;
  }

  /** Counts one request sent to a partition (every attempt, retries included). */
  public void sent(final String requestType, final int partitionId) {
    meters(requestType, partitionId).total.increment();
  }

  /** Records the round trip of a request the broker processed (accepted or rejected). */
  public void processed(final String requestType, final int partitionId, final long nanos) {
    meters(requestType, partitionId).latency.record(nanos, TimeUnit.NANOSECONDS);
  }

  /** Counts a failed request; {@code error} is a broker error code or a client-side reason. */
  public void failed(final String requestType, final int partitionId, final String error) {
    final String id = requestType + '|' + partitionId + '|' + error;
    failures
        .computeIfAbsent(
            id,
            k ->
                Counter.builder("zeebe.gateway.failed.requests")
                    .description("Number of failed requests")
                    .tag("requestType", requestType)
                    .tag("partition", Integer.toString(partitionId))
                    .tag("error", error)
                    .register(registry))
        .increment();
  }

  private PartitionMeters meters(final String requestType, final int partitionId) {
    PartitionMeters[] byPartition = meters.get(requestType);
    if (byPartition == null || partitionId >= byPartition.length) {
      byPartition = grow(requestType, partitionId);
    }
    final PartitionMeters m = byPartition[partitionId];
    return m != null ? m : create(requestType, partitionId);
  }

  private synchronized PartitionMeters[] grow(final String requestType, final int partitionId) {
    final PartitionMeters[] current = meters.get(requestType);
    if (current != null && partitionId < current.length) {
      return current;
    }
    final var grown = new PartitionMeters[Math.max(partitionId + 1, 8)];
    if (current != null) {
      System.arraycopy(current, 0, grown, 0, current.length);
    }
    meters.put(requestType, grown);
    return grown;
  }

  private synchronized PartitionMeters create(final String requestType, final int partitionId) {
    final PartitionMeters[] byPartition = meters.get(requestType);
    if (byPartition[partitionId] == null) {
      final String partition = Integer.toString(partitionId);
      byPartition[partitionId] =
          new PartitionMeters(
              Timer.builder("zeebe.gateway.request.latency")
                  .description("Latency of round-trip from gateway to broker")
                  .tag("requestType", requestType)
                  .tag("partition", partition)
                  .serviceLevelObjectives(DEFAULT_BUCKETS)
                  .register(registry),
              Counter.builder("zeebe.gateway.total.requests")
                  .description("Number of requests")
                  .tag("requestType", requestType)
                  .tag("partition", partition)
                  .register(registry));
    }
    return byPartition[partitionId];
  }

  private record PartitionMeters(Timer latency, Counter total) {}
}

package io.gatefork.broker.client.metrics;

import io.camunda.zeebe.transport.stream.api.ClientStreamMetrics;
import io.camunda.zeebe.transport.stream.impl.messages.ErrorCode;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The stock gateway's job stream meters ({@code zeebe.gateway.job.stream.*}), fed by
 * zeebe-transport's client stream service: known brokers, client streams, aggregated streams,
 * clients per aggregated stream, pushes by outcome and failed push attempts by error code.
 */
public final class JobStreamMetrics implements ClientStreamMetrics {
  static final String PREFIX = "zeebe.gateway.job.stream.";

  /** Prometheus' default histogram buckets, as the stock gateway declares them. */
  private static final double[] AGGREGATED_CLIENT_BUCKETS = {
    .005, .01, .025, .05, .075, .1, .25, .5, .75, 1, 2.5, 5, 7.5, 10
  };

  private final AtomicInteger servers = new AtomicInteger();
  private final AtomicInteger clients = new AtomicInteger();
  private final AtomicInteger streams = new AtomicInteger();
  private final DistributionSummary aggregatedClients;
  private final Counter pushSucceeded;
  private final Counter pushFailed;
  private final Map<ErrorCode, Counter> pushTriesFailed = new EnumMap<>(ErrorCode.class);

  public JobStreamMetrics(final MeterRegistry registry) {
    gauge(registry, "servers", "The count of known job stream servers/brokers", servers);
    gauge(registry, "clients", "The count of known job stream clients", clients);
    gauge(registry, "streams", "Total count of aggregated streams", streams);
    aggregatedClients =
        DistributionSummary.builder(PREFIX + "aggregated.stream.clients")
            .description("Distribution of client count per aggregated stream")
            .serviceLevelObjectives(AGGREGATED_CLIENT_BUCKETS)
            .register(registry);
    pushSucceeded = pushCounter(registry, "success");
    pushFailed = pushCounter(registry, "failure");
    // registered up front so every code is scraped (as 0) before the first failure
    for (final ErrorCode code : ErrorCode.values()) {
      pushTriesFailed.put(
          code,
          Counter.builder(PREFIX + "push.fail.try")
              .description(
                  "Total number of failed attempts when pushing jobs to the clients, grouped by code")
              .tag("code", code.name())
              .register(registry));
    }
  }

  private static void gauge(
      final MeterRegistry registry,
      final String name,
      final String description,
      final AtomicInteger value) {
    Gauge.builder(PREFIX + name, value, AtomicInteger::get)
        .description(description)
        .strongReference(true)
        .register(registry);
  }

  private static Counter pushCounter(final MeterRegistry registry, final String status) {
    return Counter.builder(PREFIX + "push")
        .description("Count of pushed payloads, tagged by result status (success, failure)")
        .tag("status", status)
        .register(registry);
  }

  @Override
  public void serverCount(final int count) {
    servers.set(count);
  }

  @Override
  public void clientCount(final int count) {
    clients.set(count);
  }

  @Override
  public void aggregatedStreamCount(final int count) {
    streams.set(count);
  }

  @Override
  public void observeAggregatedClientCount(final int count) {
    aggregatedClients.record(count);
  }

  @Override
  public void pushSucceeded() {
    pushSucceeded.increment();
  }

  @Override
  public void pushFailed() {
    pushFailed.increment();
  }

  @Override
  public void pushTryFailed(final ErrorCode code) {
    final Counter counter = pushTriesFailed.get(code);
    if (counter != null) {
      counter.increment();
    }
  }
}

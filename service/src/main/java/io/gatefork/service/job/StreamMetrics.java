package io.gatefork.service.job;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** The meters of REST activations in stream mode, counted by the stream's parts. */
final class StreamMetrics {
  static final String PREFIX = "gatefork.jobs.rest.stream.";

  private final AtomicInteger parked = new AtomicInteger();
  private final Counter served;
  private final Counter handedBack;
  private final Counter held;
  private final Counter walksSkipped;

  /**
   * @param streams the open streams, counted by a gauge
   */
  StreamMetrics(final MeterRegistry registry, final Map<?, ?> streams) {
    served =
        counter(registry, "activations", "Pushed jobs REST job activations were answered with");
    handedBack =
        counter(
            registry,
            "handed.back",
            "Jobs pushed for REST activations that went back to the broker: nobody was waiting or"
                + " came within the hold timeout, or the caller had gone");
    held =
        counter(
            registry, "held", "Jobs pushed while no REST activation waited, held for the next one");
    walksSkipped =
        counter(
            registry,
            "walks.skipped",
            "REST activations that waited for a push without asking the partitions first");
    Gauge.builder(PREFIX + "parked", parked, AtomicInteger::get)
        .description("REST job activations waiting for a pushed job")
        .strongReference(true)
        .register(registry);
    Gauge.builder(PREFIX + "streams", streams, Map::size)
        .description("Job streams the gateway holds for REST job activations")
        .strongReference(true)
        .register(registry);
  }

  private static Counter counter(
      final MeterRegistry registry, final String name, final String description) {
    return Counter.builder(PREFIX + name).description(description).register(registry);
  }

  void parked(final int delta) {
    parked.addAndGet(delta);
  }

  /** Requests waiting on a stream now. */
  int parked() {
    return parked.get();
  }

  void served(final int jobs) {
    served.increment(jobs);
  }

  void handedBack(final int jobs) {
    handedBack.increment(jobs);
  }

  void held() {
    held.increment();
  }

  void walkSkipped() {
    walksSkipped.increment();
  }
}

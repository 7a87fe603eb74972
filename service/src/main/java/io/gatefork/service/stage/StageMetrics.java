package io.gatefork.service.stage;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;

/**
 * Records a finished request's {@link RequestTiming} on the timer {@code gatefork.request.stage}
 * (tags {@code api}, {@code operation}, {@code stage}), with percentile histograms so that
 * Prometheus can aggregate across gateways. Timers are resolved once per (api, operation).
 */
public final class StageMetrics {
  public static final String METER = "gatefork.request.stage";
  public static final String REST = "rest";
  public static final String GRPC = "grpc";

  private final MeterRegistry registry;
  private final ConcurrentMap<String, Map<Stage, Timer>> timers = new ConcurrentHashMap<>();

  public StageMetrics(final MeterRegistry registry) {
    this.registry = registry;
  }

  /** Records every stage whose boundaries were marked; call once, after the response is out. */
  public void record(final String api, final String operation, final RequestTiming timing) {
    final Map<Stage, Timer> byStage = timers(api, operation);
    for (final Stage stage : Stage.values()) {
      final long nanos = timing.nanos(stage);
      if (nanos >= 0) {
        byStage.get(stage).record(nanos, TimeUnit.NANOSECONDS);
      }
    }
  }

  private Map<Stage, Timer> timers(final String api, final String operation) {
    final String id = api + ':' + operation;
    final Map<Stage, Timer> cached = timers.get(id);
    return cached != null ? cached : timers.computeIfAbsent(id, k -> create(api, operation));
  }

  private Map<Stage, Timer> create(final String api, final String operation) {
    final var byStage = new EnumMap<Stage, Timer>(Stage.class);
    for (final Stage stage : Stage.values()) {
      byStage.put(
          stage,
          Timer.builder(METER)
              .description("Latency of one stage of an API request")
              .tag("api", api)
              .tag("operation", operation)
              .tag("stage", stage.tag())
              .publishPercentileHistogram()
              .register(registry));
    }
    return byStage;
  }
}

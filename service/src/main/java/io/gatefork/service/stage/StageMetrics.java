package io.gatefork.service.stage;

import io.gatefork.service.operation.Api;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.operation.OperationMeters;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Records a finished request's {@link RequestTiming} on the timer {@code gatefork.request.stage}
 * (tags {@code api}, {@code operation}, {@code stage}), with percentile histograms so that
 * Prometheus can aggregate across gateways. Timers are resolved once per (api, operation).
 */
public final class StageMetrics {
  public static final String METER = "gatefork.request.stage";
  private static final Stage[] STAGES = Stage.values(); // values() copies on every call

  private final MeterRegistry registry;
  private final OperationMeters<Map<Stage, Timer>> timers = new OperationMeters<>(this::create);

  public StageMetrics(final MeterRegistry registry) {
    this.registry = registry;
  }

  /** Records every stage whose boundaries were marked; call once, after the response is out. */
  public void record(final Api api, final Operation operation, final RequestTiming timing) {
    final Map<Stage, Timer> byStage = timers.get(api, operation);
    for (final Stage stage : STAGES) {
      final long nanos = timing.nanos(stage);
      if (nanos >= 0) {
        byStage.get(stage).record(nanos, TimeUnit.NANOSECONDS);
      }
    }
  }

  private Map<Stage, Timer> create(final Api api, final Operation operation) {
    final var byStage = new EnumMap<Stage, Timer>(Stage.class);
    for (final Stage stage : Stage.values()) {
      byStage.put(
          stage,
          Timer.builder(METER)
              .description("Latency of one stage of an API request")
              .tag("api", api.tag())
              .tag("operation", operation.tag())
              .tag("stage", stage.tag())
              .publishPercentileHistogram()
              .register(registry));
    }
    return byStage;
  }
}

package io.gatefork.service.overload;

import com.netflix.concurrency.limits.Limit;
import com.netflix.concurrency.limits.Limiter;
import com.netflix.concurrency.limits.limit.AIMDLimit;
import com.netflix.concurrency.limits.limit.FixedLimit;
import com.netflix.concurrency.limits.limit.Gradient2Limit;
import com.netflix.concurrency.limits.limit.VegasLimit;
import com.netflix.concurrency.limits.limit.WindowedLimit;
import io.gatefork.service.operation.AdmissionPolicy;
import io.gatefork.service.operation.Api;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.operation.OperationMeters;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

/**
 * Admission at the gateway's edge ({@code gatefork.overload.limit=adaptive}), built from Netflix
 * concurrency-limits' parts and shared among callers by a {@link CallerFairLimiter}. With {@link
 * LimitAlgorithm#AGE} (the default) nothing is learned: a request is admitted while what is in
 * flight is young enough on average and the request itself did not wait too long before it asked.
 * With a learned algorithm the limit follows admitted requests' whole time — each answer is a
 * sample, or with a window ({@code gatefork.overload.window}) the average of a window's answers is
 * one ({@link WindowedLimit}), so a burst of slow answers (a cold JIT, a GC pause) moves the limit
 * once per window. Operations are admitted by their {@link Operation#admission() policy}.
 *
 * <p>Meters: {@value #LIMIT_METER} (the current limit), {@value #IN_FLIGHT_METER} (requests counted
 * in flight), {@value #AGE_METER} (their average time in flight), {@value #CALLERS_METER} (callers
 * sharing the limit), {@value #CPU_METER} (the share of the CPU quota used; NaN without a quota or
 * with {@code cpu-target} 0) and {@value #SHED_METER} (tags {@code api}, {@code operation}).
 */
public final class AdaptiveAdmission implements Admission {
  public static final String LIMIT_METER = "gatefork.overload.limit";
  public static final String IN_FLIGHT_METER = "gatefork.overload.inflight";
  public static final String AGE_METER = "gatefork.overload.age";
  public static final String CALLERS_METER = "gatefork.overload.callers";
  public static final String SHED_METER = "gatefork.overload.shed";
  public static final String CPU_METER = "gatefork.overload.cpu";

  /** concurrency-limits' default longest window. */
  private static final long MAX_WINDOW_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final CallerFairLimiter limiter;
  private final boolean byCaller;
  private final boolean byVerifiedCaller;
  private final MeterRegistry registry;
  private final OperationMeters<Counter> shed = new OperationMeters<>(this::shedCounter);

  public AdaptiveAdmission(final OverloadConfig config, final MeterRegistry registry) {
    this(config, registry, System::nanoTime);
  }

  AdaptiveAdmission(
      final OverloadConfig config, final MeterRegistry registry, final LongSupplier nanoClock) {
    this.registry = registry;
    final CallerFairLimiter.Builder builder =
        CallerFairLimiter.newBuilder().named("gatefork").nanoClock(nanoClock);
    if (config.algorithm() == LimitAlgorithm.AGE) {
      builder
          .limit(FixedLimit.of(config.maxLimit()))
          .maxAge(config.latencyThreshold(), config.minLimit())
          .maxWait(config.waitThreshold());
    } else {
      builder.limit(sampled(config, limit(config)));
    }
    if (config.cpuTarget() > 0) {
      builder.cpuHeadroom(
          CpuHeadroom.ofThisProcess(
              config.cpuTarget(), config.minLimit(), config.maxLimit(), nanoClock.getAsLong()));
    }
    limiter = builder.build();
    byCaller = config.partitionBy() != CallerPartition.NONE;
    byVerifiedCaller = config.partitionBy() == CallerPartition.VERIFIED_CALLER;
    Gauge.builder(LIMIT_METER, limiter, CallerFairLimiter::effectiveLimit)
        .description(
            "Requests the gateway admits in flight at once (learned from their latency, or kept"
                + " within the CPU quota)")
        .register(registry);
    Gauge.builder(CPU_METER, limiter, CallerFairLimiter::cpuUsed)
        .description("Share of the CPU quota the gateway used in the last sample (NaN: no quota)")
        .register(registry);
    Gauge.builder(IN_FLIGHT_METER, limiter, CallerFairLimiter::getInflight)
        .description("Requests admitted and not yet answered")
        .register(registry);
    Gauge.builder(AGE_METER, limiter, CallerFairLimiter::averageAgeSeconds)
        .description(
            "How long the requests in flight have been in flight, on average (algorithm age)")
        .baseUnit("seconds")
        .register(registry);
    Gauge.builder(CALLERS_METER, limiter, CallerFairLimiter::activeCallers)
        .description("Callers (remote addresses) that share the limit, active in the last second")
        .register(registry);
  }

  private static Limit sampled(final OverloadConfig config, final Limit algorithm) {
    if (config.window().isZero()) {
      return algorithm;
    }
    final long window = config.window().toNanos();
    return WindowedLimit.newBuilder()
        .minWindowTime(window, TimeUnit.NANOSECONDS)
        .maxWindowTime(Math.max(window, MAX_WINDOW_NANOS), TimeUnit.NANOSECONDS)
        .build(algorithm);
  }

  private static Limit limit(final OverloadConfig config) {
    return switch (config.algorithm()) {
      case AGE -> throw new IllegalArgumentException("AGE learns no limit");
      case AIMD ->
          AIMDLimit.newBuilder()
              .initialLimit(config.initialLimit())
              .minLimit(config.minLimit())
              .maxLimit(config.maxLimit())
              .timeout(config.latencyThreshold().toNanos(), TimeUnit.NANOSECONDS)
              .build();
      case GRADIENT2 ->
          Gradient2Limit.newBuilder()
              .initialLimit(config.initialLimit())
              .minLimit(config.minLimit())
              .maxConcurrency(config.maxLimit())
              .build();
      case VEGAS ->
          VegasLimit.newBuilder()
              .initialLimit(config.initialLimit())
              .maxConcurrency(config.maxLimit())
              .build();
    };
  }

  @Override
  public Permit admit(
      final Api api, final Operation operation, final String caller, final long waitedNanos) {
    final AdmissionPolicy policy = operation.admission();
    if (policy == AdmissionPolicy.BYPASS) {
      return Permit.NONE;
    }
    final Optional<Limiter.Listener> listener =
        limiter.acquire(byCaller ? caller : null, waitedNanos);
    if (listener.isEmpty()) {
      shed.get(api, operation).increment();
      return null;
    }
    if (policy == AdmissionPolicy.CHECKED) {
      listener.get().onIgnore();
      return Permit.NONE;
    }
    return new LimiterPermit(listener.get());
  }

  @Override
  public boolean sharesByCaller() {
    return byCaller;
  }

  @Override
  public boolean namesVerifiedCallers() {
    return byVerifiedCaller;
  }

  /** The current limit. */
  public int limit() {
    return limiter.effectiveLimit();
  }

  /** Requests counted in flight now. */
  public int inFlight() {
    return limiter.getInflight();
  }

  private Counter shedCounter(final Api api, final Operation operation) {
    return Counter.builder(SHED_METER)
        .description("Requests answered RESOURCE_EXHAUSTED by the admission limit")
        .tag("api", api.tag())
        .tag("operation", operation.tag())
        .register(registry);
  }

  /** One limiter listener, told once: a permit may be given back from several places. */
  private static final class LimiterPermit extends AtomicBoolean implements Permit {
    private final transient Limiter.Listener listener;

    LimiterPermit(final Limiter.Listener listener) {
      this.listener = listener;
    }

    @Override
    public void answered() {
      if (compareAndSet(false, true)) {
        listener.onSuccess();
      }
    }

    @Override
    public void overloaded() {
      if (compareAndSet(false, true)) {
        listener.onDropped();
      }
    }

    @Override
    public void ignored() {
      if (compareAndSet(false, true)) {
        listener.onIgnore();
      }
    }
  }
}

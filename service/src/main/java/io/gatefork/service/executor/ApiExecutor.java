package io.gatefork.service.executor;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

/**
 * The executor broker responses are handled on, chosen by {@link ApiExecutorStrategy}. The service
 * layer hops onto it exactly once per broker response.
 *
 * <ul>
 *   <li>{@code DEDICATED}: a {@link ThreadPoolExecutor} with core = cpus x core multiplier, max =
 *       cpus x max multiplier, a bounded queue, caller-runs backpressure (counted), idle core
 *       threads time out, daemon threads {@code api-service-thread-N}. "cpus" is what the JVM
 *       reports at construction: inside a CPU-limited container that is the quota.
 *   <li>{@code COMMON_POOL}: whatever {@code CompletableFuture.handleAsync} without an executor
 *       uses (the stock behaviour): the common {@link ForkJoinPool} on current JDKs. JDK 21 uses a
 *       new thread per task instead when the common pool's parallelism is 1 (i.e. on 2 CPUs).
 *   <li>{@code DIRECT}: runs the handling on the thread that completed the response.
 * </ul>
 */
public final class ApiExecutor implements Executor, AutoCloseable {
  public static final String THREAD_NAME_PREFIX = "api-service-thread-";
  public static final String METER_PREFIX = "gatefork.api.executor.";

  private final ApiExecutorStrategy strategy;
  private final Executor executor;
  private final ThreadPoolExecutor pool;
  private final CountingCallerRunsPolicy callerRunsPolicy = new CountingCallerRunsPolicy();
  private final int queueCapacity;
  private final MeterRegistry registry;
  private final List<Meter> meters = new ArrayList<>();

  /** Sizes the pool from {@link Runtime#availableProcessors()} as read now. */
  public ApiExecutor(final ApiExecutorConfig config, final MeterRegistry registry) {
    this(config, registry, Runtime.getRuntime().availableProcessors());
  }

  /** Sizes the pool from the given processor count (tests simulate CPU quotas with it). */
  public ApiExecutor(
      final ApiExecutorConfig config, final MeterRegistry registry, final int availableProcessors) {
    Objects.requireNonNull(config, "config");
    this.registry = Objects.requireNonNull(registry, "registry");
    if (availableProcessors < 1) {
      throw new IllegalArgumentException(
          "availableProcessors must be >= 1, but was " + availableProcessors);
    }
    strategy = config.strategy();
    switch (strategy) {
      case DEDICATED -> {
        queueCapacity = Math.max(1, config.queueCapacity());
        pool = newPool(config, availableProcessors, queueCapacity, callerRunsPolicy);
        executor = pool;
        registerPoolMeters(pool);
      }
      case COMMON_POOL -> {
        queueCapacity = -1;
        pool = null;
        // exactly the executor CompletableFuture.handleAsync(fn) picks when given none
        executor = new CompletableFuture<Void>().defaultExecutor();
        if (executor instanceof ForkJoinPool forkJoinPool) {
          registerForkJoinMeters(forkJoinPool);
        }
      }
      case DIRECT -> {
        queueCapacity = 0;
        pool = null;
        executor = Runnable::run;
      }
      default -> throw new IllegalStateException("Unknown strategy " + strategy);
    }
    meters.add(
        FunctionCounter.builder(
                METER_PREFIX + "caller.runs",
                callerRunsPolicy,
                CountingCallerRunsPolicy::callerRuns)
            .description(
                "Responses handled on the submitting thread because the API executor "
                    + "was saturated (backpressure)")
            .register(registry));
  }

  private static ThreadPoolExecutor newPool(
      final ApiExecutorConfig config,
      final int processors,
      final int queueCapacity,
      final CountingCallerRunsPolicy rejection) {
    final int core = processors * config.corePoolSizeMultiplier();
    final int max = processors * config.maxPoolSizeMultiplier();
    final var pool =
        new ThreadPoolExecutor(
            core,
            max,
            config.keepAlive().toNanos(),
            TimeUnit.NANOSECONDS,
            new ArrayBlockingQueue<>(queueCapacity),
            // daemon platform threads api-service-thread-N, N counting from 1
            Thread.ofPlatform().name(THREAD_NAME_PREFIX, 1).daemon().factory(),
            rejection);
    // idle core threads go too: a quiet gateway should not keep cores x N threads around
    pool.allowCoreThreadTimeOut(true);
    return pool;
  }

  @Override
  public void execute(final Runnable task) {
    executor.execute(task);
  }

  public ApiExecutorStrategy strategy() {
    return strategy;
  }

  /** The executor itself (the pool, the common pool, or a direct executor). */
  public Executor executor() {
    return executor;
  }

  /** Core threads of the dedicated pool; 0 for the other strategies. */
  public int corePoolSize() {
    return pool == null ? 0 : pool.getCorePoolSize();
  }

  /** Maximum threads of the dedicated pool, the common pool's parallelism, or 0 for direct. */
  public int maxPoolSize() {
    if (pool != null) {
      return pool.getMaximumPoolSize();
    }
    return executor instanceof ForkJoinPool fj ? fj.getParallelism() : 0;
  }

  /** Capacity of the dedicated pool's queue; -1 when unbounded (common pool), 0 for direct. */
  public int queueCapacity() {
    return queueCapacity;
  }

  /** How often the submitting thread ran a task because the pool was saturated. */
  public long callerRuns() {
    return callerRunsPolicy.callerRuns();
  }

  /** Stops the dedicated pool after the queued tasks; the common pool is left alone. */
  @Override
  public void close() {
    meters.forEach(registry::remove);
    meters.clear();
    if (pool != null) {
      pool.shutdown();
      try {
        if (!pool.awaitTermination(5, TimeUnit.SECONDS)) {
          pool.shutdownNow();
        }
      } catch (final InterruptedException e) {
        pool.shutdownNow();
        Thread.currentThread().interrupt();
      }
    }
  }

  /** True once a dedicated pool has terminated; always false for the other strategies. */
  public boolean isTerminated() {
    return pool != null && pool.isTerminated();
  }

  private void registerPoolMeters(final ThreadPoolExecutor pool) {
    gauge("pool.size", "Threads in the API executor", pool, ThreadPoolExecutor::getPoolSize);
    gauge(
        "active",
        "Threads of the API executor handling a response",
        pool,
        ThreadPoolExecutor::getActiveCount);
    gauge(
        "queue.size",
        "Responses waiting for an API executor thread",
        pool,
        p -> p.getQueue().size());
    gauge(
        "completed",
        "Responses the API executor has handled",
        pool,
        ThreadPoolExecutor::getCompletedTaskCount);
    gauge(
        "max.pool.size",
        "Maximum threads of the API executor",
        pool,
        ThreadPoolExecutor::getMaximumPoolSize);
    gauge(
        "queue.capacity",
        "Capacity of the API executor's queue",
        pool,
        p -> p.getQueue().size() + p.getQueue().remainingCapacity());
  }

  private void registerForkJoinMeters(final ForkJoinPool pool) {
    gauge("pool.size", "Threads in the API executor", pool, ForkJoinPool::getPoolSize);
    gauge(
        "active",
        "Threads of the API executor handling a response",
        pool,
        ForkJoinPool::getActiveThreadCount);
    gauge(
        "queue.size",
        "Responses waiting for an API executor thread",
        pool,
        p -> p.getQueuedSubmissionCount() + p.getQueuedTaskCount());
    gauge(
        "max.pool.size", "Maximum threads of the API executor", pool, ForkJoinPool::getParallelism);
  }

  private <T> void gauge(
      final String name,
      final String description,
      final T target,
      final ToDoubleFunction<T> value) {
    meters.add(
        Gauge.builder(METER_PREFIX + name, target, value)
            .description(description)
            .register(registry));
  }
}

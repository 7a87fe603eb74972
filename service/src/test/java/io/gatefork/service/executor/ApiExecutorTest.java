package io.gatefork.service.executor;

import static io.gatefork.service.executor.ApiExecutorStrategy.DEDICATED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.gatefork.service.testing.TestSettings;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ApiExecutorTest {
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private ApiExecutor executor;

  @AfterEach
  void close() {
    if (executor != null) {
      executor.close();
    }
  }

  @Test
  void sizesTheDedicatedPoolFromTheProcessorCount() {
    executor = new ApiExecutor(TestSettings.executor(DEDICATED), registry, 2);

    assertThat(executor.corePoolSize()).isEqualTo(2);
    assertThat(executor.maxPoolSize()).isEqualTo(16);
    assertThat(executor.queueCapacity()).isEqualTo(64);
  }

  @Test
  void scalesWithTheProcessorCountAndMultipliers() {
    executor = new ApiExecutor(TestSettings.dedicatedExecutor(0, 3, 5), registry, 4);

    assertThat(executor.corePoolSize()).isZero();
    assertThat(executor.maxPoolSize()).isEqualTo(12);
    assertThat(executor.queueCapacity()).isEqualTo(5);
  }

  @Test
  void rejectsAProcessorCountBelowOne() {
    assertThatThrownBy(() -> new ApiExecutor(TestSettings.executor(DEDICATED), registry, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("availableProcessors must be >= 1");
  }

  @Test
  void burstBeyondThreadsAndQueueIsNeverRejectedButRunByTheCaller() throws Exception {
    executor = new ApiExecutor(TestSettings.executor(DEDICATED), registry, 2);
    final var release = new CountDownLatch(1);
    final var done = new AtomicInteger();
    final var onCaller = new AtomicInteger();
    final Thread submitter = Thread.currentThread();

    for (int i = 0; i < 200; i++) {
      executor.execute(
          () -> {
            if (Thread.currentThread() == submitter) {
              onCaller.incrementAndGet(); // must not block the submitting thread
            } else {
              awaitRelease(release);
            }
            done.incrementAndGet();
          });
    }

    // 16 threads busy + 64 queued; the other 120 ran on the submitting thread
    assertThat(executor.callerRuns()).isEqualTo(120);
    assertThat(onCaller).hasValue(120);
    assertThat(registry.get("gatefork.api.executor.caller.runs").functionCounter().count())
        .isEqualTo(120.0);
    assertThat(registry.get("gatefork.api.executor.pool.size").gauge().value()).isEqualTo(16.0);
    assertThat(registry.get("gatefork.api.executor.queue.size").gauge().value()).isEqualTo(64.0);

    release.countDown();
    await().atMost(Duration.ofSeconds(10)).until(() -> done.get() == 200);
  }

  @Test
  void registersPoolMeters() {
    executor = new ApiExecutor(TestSettings.executor(DEDICATED), registry, 2);

    assertThat(registry.get("gatefork.api.executor.max.pool.size").gauge().value()).isEqualTo(16.0);
    assertThat(registry.get("gatefork.api.executor.queue.capacity").gauge().value())
        .isEqualTo(64.0);
    assertThat(registry.get("gatefork.api.executor.active").gauge().value()).isZero();
    assertThat(registry.get("gatefork.api.executor.completed").gauge().value()).isZero();
  }

  @Test
  void dedicatedThreadsAreNamedDaemons() throws Exception {
    executor = new ApiExecutor(TestSettings.executor(DEDICATED), registry, 2);
    final var name = new java.util.concurrent.CompletableFuture<String>();
    final var daemon = new java.util.concurrent.CompletableFuture<Boolean>();

    executor.execute(
        () -> {
          daemon.complete(Thread.currentThread().isDaemon());
          name.complete(Thread.currentThread().getName());
        });

    assertThat(name.get(5, TimeUnit.SECONDS)).startsWith("api-service-thread-");
    assertThat(daemon.get(5, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void closeShutsTheDedicatedPoolDownAndRemovesItsMeters() {
    executor = new ApiExecutor(TestSettings.executor(DEDICATED), registry, 2);
    executor.execute(() -> {});

    executor.close();

    assertThat(executor.isTerminated()).isTrue();
    assertThat(registry.find("gatefork.api.executor.pool.size").gauge()).isNull();
  }

  @Test
  void commonPoolStrategyUsesTheExecutorOfHandleAsyncWithoutExecutor() {
    executor = new ApiExecutor(TestSettings.executor(ApiExecutorStrategy.COMMON_POOL), registry, 2);

    assertThat(executor.executor())
        .isSameAs(new java.util.concurrent.CompletableFuture<Void>().defaultExecutor());
    assertThat(executor.corePoolSize()).isZero();
    executor.close();
    assertThat(ForkJoinPool.commonPool().isShutdown()).isFalse();
  }

  @Test
  void directStrategyRunsOnTheCallingThread() {
    executor = new ApiExecutor(TestSettings.executor(ApiExecutorStrategy.DIRECT), registry, 2);
    final var ranOn = new java.util.concurrent.atomic.AtomicReference<Thread>();

    executor.execute(() -> ranOn.set(Thread.currentThread()));

    assertThat(ranOn.get()).isSameAs(Thread.currentThread());
  }

  private static void awaitRelease(final CountDownLatch latch) {
    try {
      latch.await(30, TimeUnit.SECONDS);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

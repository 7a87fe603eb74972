package io.gatefork.service.executor;

import static io.gatefork.service.executor.ApiExecutorStrategy.DEDICATED;
import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.service.testing.TestSettings;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

/**
 * Runs in a JVM started with {@code -XX:ActiveProcessorCount=2} (see this module's pom): what a
 * 2-CPU container shows the JVM. The pool must follow the quota, not a constant.
 */
class ApiExecutorUnderCpuQuotaTest {

  @Test
  void aTwoCpuJvmGetsSixteenThreadsAndAQueueOf64() {
    assertThat(Runtime.getRuntime().availableProcessors()).isEqualTo(2);

    final var executor =
        new ApiExecutor(TestSettings.executor(DEDICATED), new SimpleMeterRegistry());
    try {
      assertThat(executor.corePoolSize()).isEqualTo(2);
      assertThat(executor.maxPoolSize()).isEqualTo(16);
      assertThat(executor.queueCapacity()).isEqualTo(64);
    } finally {
      executor.close();
    }
  }
}

package io.gatefork.service.executor;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The shipped values are bound and tested in dist, where they live; here only the checks. */
class ApiExecutorConfigTest {
  private static final Duration KEEP_ALIVE = Duration.ofSeconds(60);
  private static final ApiExecutorStrategy DEDICATED = ApiExecutorStrategy.DEDICATED;

  @Test
  void refusesMissingKeepAliveOrStrategy() {
    assertThatThrownBy(() -> new ApiExecutorConfig(0, 2, null, 10, DEDICATED))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("keepAlive");
    assertThatThrownBy(() -> new ApiExecutorConfig(0, 2, KEEP_ALIVE, 10, null))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("strategy");
  }

  @Test
  void rejectsNegativeCoreMultiplier() {
    assertThatThrownBy(() -> new ApiExecutorConfig(-1, 8, KEEP_ALIVE, 64, DEDICATED))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("corePoolSizeMultiplier must be >= 0, but was -1");
  }

  @Test
  void rejectsMaxMultiplierBelowOne() {
    assertThatThrownBy(() -> new ApiExecutorConfig(0, 0, KEEP_ALIVE, 64, DEDICATED))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maxPoolSizeMultiplier must be > 0, but was 0");
  }

  @Test
  void rejectsCoreMultiplierAboveMax() {
    assertThatThrownBy(() -> new ApiExecutorConfig(4, 2, KEEP_ALIVE, 64, DEDICATED))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must not exceed maxPoolSizeMultiplier");
  }

  @Test
  void rejectsNonPositiveKeepAlive() {
    assertThatThrownBy(() -> new ApiExecutorConfig(1, 8, Duration.ZERO, 64, DEDICATED))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("keepAlive must be > 0");
  }

  @Test
  void rejectsNonPositiveQueueCapacity() {
    assertThatThrownBy(() -> new ApiExecutorConfig(1, 8, KEEP_ALIVE, 0, DEDICATED))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("queueCapacity must be > 0, but was 0");
  }
}

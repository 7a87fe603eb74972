package io.gatefork.service.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ApiExecutorConfigTest {

  @Test
  void defaultsAreTheUpstreamSweetSpot() {
    final var config = ApiExecutorConfig.defaults();

    assertThat(config.corePoolSizeMultiplier()).isEqualTo(1);
    assertThat(config.maxPoolSizeMultiplier()).isEqualTo(8);
    assertThat(config.keepAlive()).isEqualTo(Duration.ofSeconds(60));
    assertThat(config.queueCapacity()).isEqualTo(64);
    assertThat(config.strategy()).isEqualTo(ApiExecutorStrategy.DEDICATED);
  }

  @Test
  void nullKeepAliveAndStrategyMeanTheDefaults() {
    final var config = new ApiExecutorConfig(0, 2, null, 10, null);

    assertThat(config.keepAlive()).isEqualTo(Duration.ofSeconds(60));
    assertThat(config.strategy()).isEqualTo(ApiExecutorStrategy.DEDICATED);
  }

  @Test
  void rejectsNegativeCoreMultiplier() {
    assertThatThrownBy(() -> new ApiExecutorConfig(-1, 8, null, 64, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("corePoolSizeMultiplier must be >= 0, but was -1");
  }

  @Test
  void rejectsMaxMultiplierBelowOne() {
    assertThatThrownBy(() -> new ApiExecutorConfig(0, 0, null, 64, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maxPoolSizeMultiplier must be > 0, but was 0");
  }

  @Test
  void rejectsCoreMultiplierAboveMax() {
    assertThatThrownBy(() -> new ApiExecutorConfig(4, 2, null, 64, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must not exceed maxPoolSizeMultiplier");
  }

  @Test
  void rejectsNonPositiveKeepAlive() {
    assertThatThrownBy(() -> new ApiExecutorConfig(1, 8, Duration.ZERO, 64, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("keepAlive must be > 0");
  }

  @Test
  void rejectsNonPositiveQueueCapacity() {
    assertThatThrownBy(() -> new ApiExecutorConfig(1, 8, null, 0, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("queueCapacity must be > 0, but was 0");
  }

  @Test
  void parsesStrategyPropertyValues() {
    assertThat(ApiExecutorStrategy.fromProperty("dedicated"))
        .isEqualTo(ApiExecutorStrategy.DEDICATED);
    assertThat(ApiExecutorStrategy.fromProperty("common-pool"))
        .isEqualTo(ApiExecutorStrategy.COMMON_POOL);
    assertThat(ApiExecutorStrategy.fromProperty("COMMON_POOL"))
        .isEqualTo(ApiExecutorStrategy.COMMON_POOL);
    assertThat(ApiExecutorStrategy.fromProperty(" direct "))
        .isEqualTo(ApiExecutorStrategy.DIRECT);
    assertThat(ApiExecutorStrategy.fromProperty(null)).isEqualTo(ApiExecutorStrategy.DEDICATED);
    assertThatThrownBy(() -> ApiExecutorStrategy.fromProperty("virtual"))
        .hasMessageContaining("Unknown API executor strategy 'virtual'");
  }
}

package io.gatefork.broker.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class BrokerClientConfigTest {

  @Test
  void aSettingTheGatewayBindsHasNoDefault() {
    final var complete = BrokerClientConfig.testDefaults();
    assertThat(complete.build().port()).isEqualTo(26502);

    assertThatThrownBy(() -> BrokerClientConfig.builder().build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("clusterName");
    assertThatThrownBy(() -> BrokerClientConfig.testDefaults().port(0).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("port");
    assertThatThrownBy(() -> BrokerClientConfig.testDefaults().memberId(" ").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("memberId");
    assertThatThrownBy(() -> BrokerClientConfig.testDefaults().requestTimeout(null).build())
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("requestTimeout");
    assertThatThrownBy(() -> BrokerClientConfig.testDefaults().membership(null).build())
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("membership");
    assertThatThrownBy(() -> BrokerClientConfig.testDefaults().resourceExhaustedRetry(null).build())
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("resourceExhaustedRetry");
  }

  @Test
  void theAdvertisedAddressFollowsTheBindAddressUnlessSet() {
    final var config = BrokerClientConfig.testDefaults().port(26600).advertisedHost(" ").build();

    assertThat(config.advertisedHost()).isNull();
    assertThat(config.effectiveAdvertisedHost()).isEqualTo("127.0.0.1");
    assertThat(config.advertisedPort()).isEqualTo(26600);
    // derived configs keep following: a new bind port is advertised too
    assertThat(config.toBuilder().port(26700).build().advertisedPort()).isEqualTo(26700);

    final var advertised =
        config.toBuilder().advertisedHost("gw-0.example").advertisedPort(36600).build();
    assertThat(advertised.effectiveAdvertisedHost()).isEqualTo("gw-0.example");
    assertThat(advertised.toBuilder().port(26700).build().advertisedPort()).isEqualTo(36600);
  }

  @Test
  void toBuilderKeepsEverySetting() {
    final var membership =
        BrokerClientConfig.testDefaults()
            .build()
            .membership()
            .withFailureTimeout(Duration.ofSeconds(2));
    final var original =
        BrokerClientConfig.builder()
            .clusterName("blue")
            .memberId("gw-1")
            .host("10.0.0.5")
            .port(26602)
            .advertisedHost("gw-1.blue")
            .advertisedPort(36602)
            .initialContactPoints(List.of("a:26502", "b:26502"))
            .requestTimeout(Duration.ofSeconds(30))
            .membership(membership)
            .resourceExhaustedRetry(ResourceExhaustedRetry.NEXT_PARTITION)
            .security(BrokerClientConfig.Security.pem(Path.of("chain.pem"), Path.of("key.pem")))
            .build();

    final var copy = original.toBuilder().build();

    assertThat(copy).usingRecursiveComparison().isEqualTo(original);
    assertThat(copy.membership().failureTimeout()).isEqualTo(Duration.ofSeconds(2));
    assertThat(copy.membership().gossipInterval()).isEqualTo(Duration.ofMillis(250));
    assertThat(copy.security().enabled()).isTrue();
    assertThat(BrokerClientConfig.testDefaults().build().security().enabled()).isFalse();
  }
}

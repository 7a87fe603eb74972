package io.gatefork.gateway.rest.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** {@code gatefork.rest.max-connections-per-address}: 0 resolves to half the connector's. */
class ConnectionsPerAddressSettingTest {

  @Test
  void theDefaultIsHalfTheConnectorsConnections() {
    final var properties = bind(Map.of());

    assertThat(properties.maxConnectionsPerAddress()).isZero();
    assertThat(properties.connectionsPerAddress(8_192)).isEqualTo(4_096);
    assertThat(properties.connectionsPerAddress(1)).isEqualTo(1);
    assertThat(properties.connectionsPerAddress(-1)).as("an unlimited connector").isZero();
  }

  @Test
  void aGivenLimitIsKeptAndANegativeOneMeansNone() {
    assertThat(bind(Map.of("max-connections-per-address", "5")).connectionsPerAddress(8_192))
        .isEqualTo(5);
    assertThat(bind(Map.of("max-connections-per-address", "-1")).connectionsPerAddress(8_192))
        .isZero();
  }

  private static RestFrontEndProperties bind(final Map<String, String> values) {
    final var source = new MapConfigurationPropertySource();
    values.forEach((key, value) -> source.put("gatefork.rest." + key, value));
    return new Binder(source)
        .bindOrCreate("gatefork.rest", Bindable.of(RestFrontEndProperties.class));
  }
}

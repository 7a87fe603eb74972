package io.gatefork.broker.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EmbeddedBrokerConfigTest {

  @Test
  void hasTheDocumentedDefaults() {
    final var config = EmbeddedBrokerConfig.defaults();

    assertThat(config.nodeId()).isZero();
    assertThat(config.clusterName()).isEqualTo("zeebe-cluster");
    assertThat(config.host()).isEqualTo("127.0.0.1");
    assertThat(config.port()).isEqualTo(26501);
    assertThat(config.advertisedHost()).isEqualTo("127.0.0.1");
    assertThat(config.initialContactPoints()).isEmpty();
    assertThat(config.partitionCount()).isEqualTo(3);
    assertThat(config.hostedPartitions()).containsExactly(1, 2, 3);
    assertThat(config.clusterSize()).isEqualTo(1);
    assertThat(config.requestLimit()).isZero();
    assertThat(config.refuseUserCommands()).isFalse();
    assertThat(config.dataDirectory()).isNull();
    assertThat(config.version()).isEqualTo("8.8.0");
    assertThat(config.recordJournal()).isFalse();
  }

  @Test
  void defaultedValuesFollowWhatTheyDefaultTo() {
    final var config = EmbeddedBrokerConfig.defaults().withHost("0.0.0.0").withPartitionCount(5);

    assertThat(config.advertisedHost()).isEqualTo("0.0.0.0");
    assertThat(config.hostedPartitions()).containsExactly(1, 2, 3, 4, 5);
  }

  @Test
  void explicitValuesStay() {
    final var config =
        EmbeddedBrokerConfig.defaults()
            .withAdvertisedHost("broker-0")
            .withHost("0.0.0.0")
            .withPartitionCount(4)
            .withHostedPartitions(List.of(4, 2))
            .withPartitionCount(5);

    assertThat(config.advertisedHost()).isEqualTo("broker-0");
    assertThat(config.hostedPartitions()).containsExactly(2, 4);
    assertThat(config.hostsAllPartitions()).isFalse();
  }

  @Test
  void rejectsInvalidSettings() {
    final var defaults = EmbeddedBrokerConfig.defaults();

    assertThatThrownBy(() -> defaults.withPort(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> defaults.withPartitionCount(0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> defaults.withHostedPartitions(Set.of(4)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> defaults.withRequestLimit(-1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> defaults.withRequestLimit(5).withRefuseUserCommands(true))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> defaults.withInitialContactPoints(List.of("no-port")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> defaults.withClusterName(" "))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void readsFlagsOverEnvironment() {
    final var config =
        BrokerSettings.parse(
            new String[] {
              "--node-id", "2",
              "--port=26601",
              "--contact-points", "a:1, b:2",
              "--partitions", "4",
              "--hosted-partitions", "1,3",
              "--record-journal"
            },
            Map.of(
                "GATEFORK_BROKER_PORT", "27000",
                "GATEFORK_BROKER_HOST", "0.0.0.0",
                "GATEFORK_BROKER_ADVERTISED_HOST", "broker-2",
                "GATEFORK_BROKER_CLUSTER_SIZE", "2",
                "GATEFORK_BROKER_REQUEST_LIMIT", "50",
                "GATEFORK_BROKER_DATA_DIR", "/tmp/b2",
                "GATEFORK_BROKER_CLUSTER_NAME", "qa"));

    assertThat(config.nodeId()).isEqualTo(2);
    assertThat(config.port()).isEqualTo(26601);
    assertThat(config.host()).isEqualTo("0.0.0.0");
    assertThat(config.advertisedHost()).isEqualTo("broker-2");
    assertThat(config.initialContactPoints()).containsExactly("a:1", "b:2");
    assertThat(config.partitionCount()).isEqualTo(4);
    assertThat(config.hostedPartitions()).containsExactly(1, 3);
    assertThat(config.clusterSize()).isEqualTo(2);
    assertThat(config.requestLimit()).isEqualTo(50);
    assertThat(config.dataDirectory()).isEqualTo(Path.of("/tmp/b2"));
    assertThat(config.clusterName()).isEqualTo("qa");
    assertThat(config.recordJournal()).isTrue();
  }

  @Test
  void readsRefuseUserCommands() {
    assertThat(
            BrokerSettings.parse(new String[] {"--refuse-user-commands"}, Map.of())
                .refuseUserCommands())
        .isTrue();
    assertThat(
            BrokerSettings.parse(
                    new String[] {"--refuse-user-commands", "false"},
                    Map.of("GATEFORK_BROKER_REFUSE_USER_COMMANDS", "true"))
                .refuseUserCommands())
        .isFalse();
    assertThat(
            BrokerSettings.parse(new String[0], Map.of("GATEFORK_BROKER_REFUSE_USER_COMMANDS", "1"))
                .refuseUserCommands())
        .isTrue();
  }

  @Test
  void refusesUnknownOrIncompleteFlags() {
    assertThatThrownBy(() -> BrokerSettings.parse(new String[] {"--nodes", "1"}, Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--nodes");
    assertThatThrownBy(() -> BrokerSettings.parse(new String[] {"--port"}, Map.of()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> BrokerSettings.parse(new String[] {"--port", "x"}, Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("port");
  }
}

package io.gatefork.broker.dev;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.zeebe.util.VersionUtil;
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
    assertThat(config.term()).isEqualTo(1);
    assertThat(config.requestLimit()).isZero();
    assertThat(config.refuseUserCommands()).isFalse();
    assertThat(config.dataDirectory()).isNull();
    assertThat(config.version()).isEqualTo(VersionUtil.getVersion()).startsWith("8.8.");
    if (System.getProperty("camunda.version") != null) { // under Maven: the build's patch
      assertThat(config.version()).isEqualTo(System.getProperty("camunda.version"));
    }
    assertThat(config.recordJournal()).isFalse();
  }

  @Test
  void defaultedValuesFollowWhatTheyDefaultTo() {
    final var config = EmbeddedBrokerConfig.builder().host("0.0.0.0").partitionCount(5).build();

    assertThat(config.advertisedHost()).isEqualTo("0.0.0.0");
    assertThat(config.hostedPartitions()).containsExactly(1, 2, 3, 4, 5);
  }

  @Test
  void explicitValuesStay() {
    final var config =
        EmbeddedBrokerConfig.builder()
            .advertisedHost("broker-0")
            .host("0.0.0.0")
            .partitionCount(4)
            .hostedPartitions(List.of(4, 2))
            .partitionCount(5)
            .build();

    assertThat(config.advertisedHost()).isEqualTo("broker-0");
    assertThat(config.hostedPartitions()).containsExactly(2, 4);
    assertThat(config.hostsAllPartitions()).isFalse();
  }

  @Test
  void toBuilderKeepsExplicitValuesAndLetsDefaultedOnesFollow() {
    final var explicit =
        EmbeddedBrokerConfig.builder()
            .advertisedHost("broker-0")
            .partitionCount(4)
            .hostedPartitions(List.of(4, 2))
            .requestLimit(7)
            .build()
            .toBuilder()
            .host("0.0.0.0")
            .partitionCount(5)
            .build();
    final var defaulted =
        EmbeddedBrokerConfig.defaults().toBuilder().host("0.0.0.0").partitionCount(5).build();

    assertThat(explicit.advertisedHost()).isEqualTo("broker-0");
    assertThat(explicit.hostedPartitions()).containsExactly(2, 4);
    assertThat(explicit.requestLimit()).isEqualTo(7);
    assertThat(defaulted.advertisedHost()).isEqualTo("0.0.0.0");
    assertThat(defaulted.hostedPartitions()).containsExactly(1, 2, 3, 4, 5);
    assertThat(EmbeddedBrokerConfig.defaults().toBuilder().build())
        .isEqualTo(EmbeddedBrokerConfig.defaults());
  }

  @Test
  void rejectsInvalidSettings() {
    assertThatThrownBy(() -> EmbeddedBrokerConfig.builder().port(0).build())
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> EmbeddedBrokerConfig.builder().partitionCount(0).build())
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> EmbeddedBrokerConfig.builder().hostedPartitions(Set.of(4)).build())
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> EmbeddedBrokerConfig.builder().term(0).build())
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> EmbeddedBrokerConfig.builder().term(EmbeddedBrokerConfig.MAX_TERM + 1).build())
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> EmbeddedBrokerConfig.builder().requestLimit(-1).build())
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> EmbeddedBrokerConfig.builder().requestLimit(5).refuseUserCommands(true).build())
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> EmbeddedBrokerConfig.builder().initialContactPoints(List.of("no-port")).build())
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> EmbeddedBrokerConfig.builder().clusterName(" ").build())
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void readsFlagsOverEnvironment() {
    final var config =
        BrokerSettings.parse(
            new String[] {
              "--node-id",
              "2",
              "--port=26601",
              "--contact-points",
              "a:1, b:2",
              "--partitions",
              "4",
              "--hosted-partitions",
              "1,3",
              "--record-journal",
              "--term",
              "3"
            },
            Map.of(
                "GATEFORK_BROKER_PORT", "27000",
                "GATEFORK_BROKER_HOST", "0.0.0.0",
                "GATEFORK_BROKER_ADVERTISED_HOST", "broker-2",
                "GATEFORK_BROKER_CLUSTER_SIZE", "2",
                "GATEFORK_BROKER_TERM", "2",
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
    assertThat(config.term()).isEqualTo(3);
    assertThat(config.requestLimit()).isEqualTo(50);
    assertThat(config.dataDirectory()).isEqualTo(Path.of("/tmp/b2"));
    assertThat(config.clusterName()).isEqualTo("qa");
    assertThat(config.recordJournal()).isTrue();
  }

  @Test
  void readsTheTermFromTheEnvironment() {
    assertThat(BrokerSettings.parse(new String[0], Map.of("GATEFORK_BROKER_TERM", "2")).term())
        .isEqualTo(2);
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

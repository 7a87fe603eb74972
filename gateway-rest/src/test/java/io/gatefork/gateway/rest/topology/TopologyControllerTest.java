package io.gatefork.gateway.rest.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import io.gatefork.gateway.rest.support.RestTestSupport;
import io.gatefork.service.topology.ClusterTopology;
import io.gatefork.service.topology.ClusterTopology.Broker;
import io.gatefork.service.topology.ClusterTopology.Partition;
import java.util.List;
import org.junit.jupiter.api.Test;

class TopologyControllerTest extends RestTestSupport {

  @Test
  void answersTheTopologyWithLowerCaseRolesAndHealth() throws Exception {
    fakes.topology.topology(
        new ClusterTopology(
            List.of(
                new Broker(
                    0,
                    "broker-0",
                    26501,
                    List.of(
                        new Partition(1, "LEADER", "HEALTHY"),
                        new Partition(2, "FOLLOWER", "UNHEALTHY"),
                        new Partition(3, "INACTIVE", "DEAD")),
                    "8.8.0")),
            1,
            3,
            1,
            "8.8.0-gatefork",
            "7"));

    final var result = performSync(get("/v2/topology"));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(200);
    final var body = json(result);
    assertThat(body.path("clusterSize").asInt()).isEqualTo(1);
    assertThat(body.path("partitionsCount").asInt()).isEqualTo(3);
    assertThat(body.path("replicationFactor").asInt()).isEqualTo(1);
    assertThat(body.path("gatewayVersion").asText()).isEqualTo("8.8.0-gatefork");
    assertThat(body.path("lastCompletedChangeId").asText()).isEqualTo("7");
    final var broker = body.path("brokers").get(0);
    assertThat(broker.path("nodeId").asInt()).isZero();
    assertThat(broker.path("host").asText()).isEqualTo("broker-0");
    assertThat(broker.path("port").asInt()).isEqualTo(26501);
    assertThat(broker.path("version").asText()).isEqualTo("8.8.0");
    final var partitions = broker.path("partitions");
    assertThat(partitions.get(0).path("partitionId").asInt()).isEqualTo(1);
    assertThat(partitions.get(0).path("role").asText()).isEqualTo("leader");
    assertThat(partitions.get(0).path("health").asText()).isEqualTo("healthy");
    assertThat(partitions.get(1).path("role").asText()).isEqualTo("follower");
    assertThat(partitions.get(1).path("health").asText()).isEqualTo("unhealthy");
    assertThat(partitions.get(2).path("role").asText()).isEqualTo("inactive");
    assertThat(partitions.get(2).path("health").asText()).isEqualTo("dead");
  }

  @Test
  void answersAnEmptyClusterWithEveryRequiredField() throws Exception {
    final var body = json(performSync(get("/v2/topology")));

    assertThat(body.path("brokers").isArray()).isTrue();
    assertThat(body.fieldNames())
        .toIterable()
        .contains(
            "brokers",
            "clusterSize",
            "partitionsCount",
            "replicationFactor",
            "gatewayVersion",
            "lastCompletedChangeId");
  }

  @Test
  void statusIsNoContentWhenTheClusterIsReachable() throws Exception {
    fakes.topology.reachable(true);

    final var response = performSync(get("/v2/status")).andReturn().getResponse();

    assertThat(response.getStatus()).isEqualTo(204);
    assertThat(response.getContentAsByteArray()).isEmpty();
  }

  @Test
  void statusIsUnavailableWithoutBodyWhenNoPartitionHasALeader() throws Exception {
    fakes.topology.reachable(false);

    final var response = performSync(get("/v2/status")).andReturn().getResponse();

    assertThat(response.getStatus()).isEqualTo(503);
    assertThat(response.getContentAsByteArray()).isEmpty();
  }
}

package io.gatefork.qa;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.model.AccessMode;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Volume;
import io.camunda.client.api.response.BrokerInfo;
import io.camunda.client.api.response.PartitionInfo;
import io.gatefork.qa.support.BrokerContainer;
import io.gatefork.qa.support.ContainerTest;
import io.gatefork.qa.support.GatewayContainer;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The image deployed the way the 8.7 Helm chart deploys its standalone gateway: the chart's
 * ConfigMap mounted at /usr/local/zeebe/config/application.yaml, the chart's environment variables
 * (ZEEBE_STANDALONE_GATEWAY, member id = pod name, contact point, pod IP, JAVA_TOOL_OPTIONS,
 * ZEEBE_LOG_LEVEL, the document-store variables), and the chart's security context (uid 1001,
 * read-only root file system with an empty /tmp) and memory limit. It boots, listens where the file
 * says (REST, gRPC, management, cluster), and joins the broker: the cluster name it needs comes
 * only from the file.
 */
@ContainerTest
class HelmChartConfigTest {
  private static final String CLUSTER_NAME = "camunda-zeebe";
  private static final long CHART_MEMORY_LIMIT = 800L * 1024 * 1024;
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void gatewayWithTheHelmChartsConfigMapAndEnvironmentBootsAndJoinsTheCluster() throws Exception {
    try (var broker = new BrokerContainer("helm-broker").withClusterName(CLUSTER_NAME);
        var gateway = new GatewayContainer("helm-gateway")) {
      broker.start();
      final Path configMap = renderConfigMap(gateway);

      // a plain bind mount: Testcontainers' withFileSystemBind would first probe file mounting
      // with an alpine container, which needs a registry
      gateway
          .withEnv(chartEnvironment(broker))
          .withTmpFs(Map.of("/tmp", "rw"))
          .withCreateContainerCmdModifier(
              cmd ->
                  cmd.getHostConfig()
                      .withBinds(
                          new Bind(
                              configMap.toString(),
                              new Volume("/usr/local/zeebe/config/application.yaml"),
                              AccessMode.ro))
                      .withReadonlyRootfs(true)
                      .withMemory(CHART_MEMORY_LIMIT));
      // ready = the management server answers on the port from the file, with a leader known
      gateway.start();

      // REST on the file's server.port
      final JsonNode topology = JSON.readTree(get(gateway.restAddress().resolve("/v2/topology")));
      assertThat(topology.path("brokers")).hasSize(1);
      assertThat(topology.path("brokers").get(0).path("port").asInt()).isEqualTo(broker.port());
      assertThat(topology.path("brokers").get(0).path("partitions"))
          .hasSize(3)
          .allSatisfy(p -> assertThat(p.path("role").asText()).isEqualTo("leader"));

      // gRPC on the file's network.port
      try (var client = gateway.client(false)) {
        final var grpcTopology = client.newTopologyRequest().send().join();
        assertThat(grpcTopology.getBrokers())
            .singleElement()
            .satisfies(
                (BrokerInfo b) ->
                    assertThat(b.getPartitions()).hasSize(3).allMatch(PartitionInfo::isLeader));
      }

      assertThat(inspectUser(gateway)).isEqualTo("1001:0");
      // the JVM honoured JAVA_TOOL_OPTIONS, and ZEEBE_LOG_LEVEL=warn silenced gatefork's info
      // line while Spring's own info lines still show
      assertThat(gateway.output())
          .contains("Picked up JAVA_TOOL_OPTIONS: -XX:+ExitOnOutOfMemoryError")
          .contains("Tomcat started on port " + gateway.restPort())
          .doesNotContain("gatefork ready");
    }
  }

  /**
   * The chart's ConfigMap with its four ports moved to the container's free loopback ports and its
   * 0.0.0.0 listeners to loopback; every other line exactly as the chart renders it.
   */
  private static Path renderConfigMap(final GatewayContainer gateway) throws IOException {
    String yaml;
    try (InputStream in =
        HelmChartConfigTest.class.getResourceAsStream("/helm-8.7-gateway-configmap.yaml")) {
      yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    final Map<String, String> moves = new LinkedHashMap<>();
    moves.put("port: \"8080\"", "port: \"" + gateway.restPort() + "\"");
    moves.put("port: \"9600\"", "port: \"" + gateway.managementPort() + "\"");
    moves.put("port: \"26500\"", "port: \"" + gateway.grpcPort() + "\"");
    moves.put("port: \"26502\"", "port: \"" + gateway.clusterPort() + "\"");
    moves.put("address: \"0.0.0.0\"", "address: \"127.0.0.1\"");
    for (final var move : moves.entrySet()) {
      assertThat(yaml).as("the chart's ConfigMap").containsOnlyOnce(move.getKey());
      yaml = yaml.replace(move.getKey(), move.getValue());
    }
    assertThat(yaml).contains("host: 0.0.0.0");
    yaml = yaml.replace("host: 0.0.0.0", "host: 127.0.0.1");

    final Path file = Path.of("target", "helm-configmap", "application.yaml").toAbsolutePath();
    Files.createDirectories(file.getParent());
    Files.writeString(file, yaml);
    return file;
  }

  /** templates/zeebe-gateway/deployment.yaml's env with chart defaults (logLevel: warn). */
  private static Map<String, String> chartEnvironment(final BrokerContainer broker) {
    final Map<String, String> env = new LinkedHashMap<>();
    env.put("CAMUNDA_LICENSE_KEY", "");
    env.put("ZEEBE_STANDALONE_GATEWAY", "true");
    env.put("ZEEBE_GATEWAY_CLUSTER_MEMBERID", "camunda-zeebe-gateway-5d8f7c6b9d-x7k2p");
    env.put("ZEEBE_LOG_LEVEL", "warn");
    env.put("JAVA_TOOL_OPTIONS", "-XX:+ExitOnOutOfMemoryError");
    // chart: <global.zeebeClusterName>:<internalPort>, here the broker container's address
    env.put("ZEEBE_GATEWAY_CLUSTER_INITIALCONTACTPOINTS", broker.contactPoint());
    // chart: the pod IP
    env.put("ZEEBE_GATEWAY_CLUSTER_HOST", "127.0.0.1");
    // envFrom: the <release>-documentstore-env-vars ConfigMap with the default in-memory store
    env.put("DOCUMENT_DEFAULT_STORE_ID", "inmemory");
    env.put(
        "DOCUMENT_STORE_INMEMORY_CLASS",
        "io.camunda.document.store.inmemory.InMemoryDocumentStoreProvider");
    return env;
  }

  private static String inspectUser(final GatewayContainer gateway) {
    return gateway
        .getDockerClient()
        .inspectContainerCmd(gateway.getContainerId())
        .exec()
        .getConfig()
        .getUser();
  }

  private static String get(final URI uri) throws IOException, InterruptedException {
    final var response =
        HttpClient.newHttpClient()
            .send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(uri + ": " + response.body()).isEqualTo(200);
    return response.body();
  }
}

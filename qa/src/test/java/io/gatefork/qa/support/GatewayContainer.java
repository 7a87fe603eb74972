package io.gatefork.qa.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.camunda.client.CamundaClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.testcontainers.containers.GenericContainer;

/**
 * The gatefork gateway image in a container limited to 2 CPUs (NanoCPUs = 2e9, as {@code --cpus
 * 2}), on the host network, every port free and bound to loopback, configured through the stock
 * environment variables. Ready once {@code /actuator/health/readiness} answers 200.
 */
public final class GatewayContainer extends GenericContainer<GatewayContainer> {
  public static final long TWO_CPUS = 2_000_000_000L;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private final int restPort = Ports.freeLoopbackPort();
  private final int grpcPort = Ports.freeLoopbackPort();
  private final int managementPort = Ports.freeLoopbackPort();
  private final int clusterPort = Ports.freeLoopbackPort();
  private final String memberId = "qa-gateway-" + UUID.randomUUID();
  private final ContainerLogs logs;
  private long nanoCpus = TWO_CPUS;
  private long memoryBytes;

  public GatewayContainer(final String name) {
    super(GateforkImage.get());
    logs = new ContainerLogs(name);
    withNetworkMode("host");
    withLogConsumer(logs);
    withCreateContainerCmdModifier(
        cmd -> {
          cmd.getHostConfig().withNanoCPUs(nanoCpus);
          if (memoryBytes > 0) {
            // swap equal to the limit: none, so going over it is an OOM kill, not slow paging
            cmd.getHostConfig().withMemory(memoryBytes).withMemorySwap(memoryBytes);
          }
        });
    waitingFor(
        new HttpReadinessWaitStrategy(managementPort).withStartupTimeout(Duration.ofSeconds(120)));
    withEnv(extraEnvironment());
  }

  /**
   * Variables every gateway of the run starts with (a test's own settings of the same variables
   * win), from the system property {@code qa.gateway.env} ({@code NAME=value,NAME=value}): to run a
   * test with switches it does not set itself, e.g. a stock switch for a comparison. None by
   * default.
   */
  private static Map<String, String> extraEnvironment() {
    final String spec = System.getProperty("qa.gateway.env", "").strip();
    final Map<String, String> variables = new LinkedHashMap<>();
    if (!spec.isEmpty()) {
      for (final String pair : spec.split(",")) {
        final int equals = pair.indexOf('=');
        if (equals <= 0) {
          throw new IllegalArgumentException("qa.gateway.env: expected NAME=value, got " + pair);
        }
        variables.put(pair.substring(0, equals).strip(), pair.substring(equals + 1).strip());
      }
    }
    return variables;
  }

  /**
   * The usual setup: joins the cluster at {@code contactPoint}, every listener on loopback. A
   * unique member id, so a second gateway never takes over the identity of a stopped one. The
   * admission limit is the default's: a cold container's slow first answers must not make it shed
   * the suite's bursts (they did while every answer cut the limit, issue #22).
   */
  public GatewayContainer joining(final String contactPoint) {
    return withEnv("ZEEBE_GATEWAY_CLUSTER_INITIALCONTACTPOINTS", contactPoint)
        .withEnv("ZEEBE_GATEWAY_CLUSTER_MEMBERID", memberId)
        .withEnv("ZEEBE_GATEWAY_CLUSTER_HOST", "127.0.0.1")
        .withEnv("ZEEBE_GATEWAY_CLUSTER_PORT", Integer.toString(clusterPort))
        .withEnv("ZEEBE_GATEWAY_NETWORK_HOST", "127.0.0.1")
        .withEnv("ZEEBE_GATEWAY_NETWORK_PORT", Integer.toString(grpcPort))
        .withEnv("SERVER_ADDRESS", "127.0.0.1")
        .withEnv("SERVER_PORT", Integer.toString(restPort))
        .withEnv("MANAGEMENT_SERVER_ADDRESS", "127.0.0.1")
        .withEnv("MANAGEMENT_SERVER_PORT", Integer.toString(managementPort));
  }

  /**
   * How long a client connection may live before the gateway ends it (gRPC {@code GOAWAY} with
   * {@code grace} for the calls running on it, zero: until they end; REST {@code Connection:
   * close}); an age of zero: never (stock).
   */
  public GatewayContainer withMaxConnectionAge(final Duration age, final Duration grace) {
    return withEnv("GATEFORK_GRPC_MAXCONNECTIONAGE", age.toMillis() + "ms")
        .withEnv("GATEFORK_GRPC_MAXCONNECTIONAGEGRACE", grace.toMillis() + "ms")
        .withEnv("GATEFORK_REST_MAXCONNECTIONAGE", age.toMillis() + "ms");
  }

  /** CPU limit in nano CPUs (default 2 CPUs); applies when the container is created. */
  public GatewayContainer withNanoCpus(final long nanoCpus) {
    this.nanoCpus = nanoCpus;
    return this;
  }

  /**
   * Memory limit in bytes, as {@code --memory} (no swap); applies when the container is created.
   */
  public GatewayContainer withMemoryLimit(final long bytes) {
    this.memoryBytes = bytes;
    return this;
  }

  public int restPort() {
    return restPort;
  }

  public int grpcPort() {
    return grpcPort;
  }

  public int managementPort() {
    return managementPort;
  }

  /** Its id in the cluster's membership, set by {@link #joining}. */
  public String memberId() {
    return memberId;
  }

  public int clusterPort() {
    return clusterPort;
  }

  public URI restAddress() {
    return URI.create("http://127.0.0.1:" + restPort);
  }

  public URI grpcAddress() {
    return URI.create("http://127.0.0.1:" + grpcPort);
  }

  /** The official client, over REST ({@code rest}) or gRPC, plaintext. */
  public CamundaClient client(final boolean rest) {
    return CamundaClient.newClientBuilder()
        .restAddress(restAddress())
        .grpcAddress(grpcAddress())
        .preferRestOverGrpc(rest)
        .defaultRequestTimeout(Duration.ofSeconds(30))
        .defaultJobPollInterval(Duration.ofMillis(100))
        .build();
  }

  /** GET on the management port, e.g. {@code /actuator/health/readiness}. */
  public HttpResponse<String> management(final String path) {
    final var request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + managementPort + path))
            .timeout(Duration.ofSeconds(10))
            .build();
    try {
      return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The single value of an actuator metric ({@code /actuator/metrics/<name>}). */
  public double metric(final String name) {
    final var response = management("/actuator/metrics/" + name);
    if (response.statusCode() != 200) {
      throw new AssertionError(
          "metric " + name + ": " + response.statusCode() + " " + response.body());
    }
    return metricValue(response.body(), "VALUE");
  }

  /** One statistic (e.g. VALUE, COUNT, ACTIVE_TASKS) of an actuator metric answer. */
  private static double metricValue(final String metricJson, final String statistic) {
    try {
      for (final JsonNode measurement : JSON.readTree(metricJson).path("measurements")) {
        if (statistic.equals(measurement.path("statistic").asText())) {
          return measurement.path("value").asDouble();
        }
      }
      throw new AssertionError("no " + statistic + " in " + metricJson);
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The sum of a Prometheus metric's samples whose labels contain every one of {@code labels}. */
  public double prometheusSum(final String metric, final String... labels) {
    final var response = management("/actuator/prometheus");
    if (response.statusCode() != 200) {
      throw new AssertionError("/actuator/prometheus: " + response.statusCode());
    }
    return response
        .body()
        .lines()
        .filter(line -> line.startsWith(metric + "{"))
        .filter(line -> Arrays.stream(labels).allMatch(line::contains))
        .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
        .sum();
  }

  /** Starts the stopped container again (same ports and settings) and waits until it is ready. */
  public void startAgain() {
    getDockerClient().startContainerCmd(getContainerId()).exec();
    new HttpReadinessWaitStrategy(managementPort)
        .withStartupTimeout(Duration.ofSeconds(120))
        .waitUntilReady(this);
  }

  /** SIGTERM to the gateway process, as Kubernetes does before it stops a pod. */
  public void sendSigterm() {
    getDockerClient().killContainerCmd(getContainerId()).withSignal("SIGTERM").exec();
  }

  public String output() {
    return logs.text();
  }
}

package io.gatefork.gateway.app;

import static org.awaitility.Awaitility.await;

import io.camunda.client.CamundaClient;
import io.camunda.client.CamundaClientBuilder;
import io.camunda.client.CredentialsProvider;
import io.camunda.client.api.response.DeploymentEvent;
import io.camunda.zeebe.model.bpmn.BpmnModelInstance;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.DeploymentIntent;
import io.camunda.zeebe.protocol.record.intent.Intent;
import io.camunda.zeebe.protocol.record.intent.JobBatchIntent;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.jobs.JobStreamInfo;
import io.gatefork.broker.dev.EmbeddedBroker;
import io.gatefork.broker.dev.JournalRecord;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The gatefork application as users run it with the {@code dev} profile: gateway plus an embedded
 * broker (real engine, 3 partitions) in this JVM, every port free and on loopback. Tests drive it
 * with the official client over REST and over gRPC and look at the broker's record journal.
 */
@AutoConfigureObservability
@SpringBootTest(
    classes = GateforkApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("dev")
public abstract class GatewayTestSupport {
  @LocalServerPort protected int restPort;

  @Value("${zeebe.gateway.network.port}")
  protected int grpcPort;

  @Value("${management.server.port}")
  protected int managementPort;

  @Autowired protected EmbeddedBroker broker;

  @DynamicPropertySource
  static void ports(final DynamicPropertyRegistry registry) {
    // fresh ports for every application context: contexts with other settings run side by side
    final int brokerPort = freePort();
    final int clusterPort = freePort();
    final int grpcPort = freePort();
    final int managementPort = freePort();
    registry.add("gatefork.embedded-broker.port", () -> brokerPort);
    registry.add("gatefork.embedded-broker.record-journal", () -> true);
    registry.add("zeebe.gateway.cluster.initialContactPoints", () -> "127.0.0.1:" + brokerPort);
    registry.add("zeebe.gateway.cluster.port", () -> clusterPort);
    registry.add("zeebe.gateway.network.host", () -> "127.0.0.1");
    registry.add("zeebe.gateway.network.port", () -> grpcPort);
    registry.add("management.server.port", () -> managementPort);
    registry.add("server.address", () -> "127.0.0.1");
  }

  @Autowired protected BrokerClient brokerClient;

  /** The context is up before the gateway has heard from the broker: wait for all leaders. */
  @BeforeEach
  void awaitTopology() {
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> brokerClient.topology().partitionsWithLeader().length == 3);
  }

  /**
   * The gateway's job stream for the type is known to the broker: a job created from now on is
   * pushed. One created before is only announced to long polls, never pushed (brokers push a job
   * when it becomes activatable, to the streams registered then).
   */
  protected void awaitStreamAtTheBroker(final String type) {
    final String member = brokerClient.topology().brokers().iterator().next().memberId();
    await("the broker acknowledged the " + type + " stream")
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                brokerClient.jobStreams().streams().join().stream()
                    .filter(s -> s.jobType().equals(type))
                    .map(JobStreamInfo::connectedBrokers)
                    .anyMatch(brokers -> brokers.contains(member)));
  }

  protected CamundaClient client(final boolean rest) {
    return client(rest, null);
  }

  /** A client that sends credentials (null: none). */
  protected CamundaClient client(final boolean rest, final CredentialsProvider credentials) {
    final var builder = clientBuilder(rest);
    if (credentials != null) {
      builder.credentialsProvider(credentials);
    }
    return builder.build();
  }

  /** The settings of {@link #client}, for a test that changes some. */
  protected CamundaClientBuilder clientBuilder(final boolean rest) {
    return CamundaClient.newClientBuilder()
        .restAddress(URI.create("http://127.0.0.1:" + restPort))
        .grpcAddress(URI.create("http://127.0.0.1:" + grpcPort))
        .preferRestOverGrpc(rest)
        .defaultRequestTimeout(Duration.ofSeconds(20))
        .defaultJobPollInterval(Duration.ofMillis(100));
  }

  protected String baseUrl() {
    return "http://127.0.0.1:" + restPort;
  }

  /** The management port's Prometheus scrape; fails unless it answers 200. */
  protected String prometheusScrape() {
    final HttpResponse<String> response;
    try {
      response =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(
                          URI.create("http://127.0.0.1:" + managementPort + "/actuator/prometheus"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    if (response.statusCode() != 200) {
      throw new AssertionError("/actuator/prometheus answered " + response.statusCode());
    }
    return response.body();
  }

  /**
   * A deployment reaches the other partitions after it is answered; an instance created on one of
   * them before that is rejected NOT_FOUND. Waits until every partition has written it.
   */
  protected <T extends DeploymentEvent> T distributed(final T deployment) {
    for (int partition = 1; partition <= 3; partition++) {
      final int p = partition;
      awaitRecord(
          r ->
              r.partitionId() == p
                  && r.key() == deployment.getKey()
                  && r.is(RecordType.EVENT, ValueType.DEPLOYMENT, DeploymentIntent.CREATED));
    }
    return deployment;
  }

  /** Deploys one BPMN and waits until every partition has it; returns its definition key. */
  protected long deployProcess(
      final CamundaClient client, final BpmnModelInstance model, final String name) {
    return distributed(client.newDeployResourceCommand().addProcessModel(model, name).send().join())
        .getProcesses()
        .getFirst()
        .getProcessDefinitionKey();
  }

  /** The event with this key, value type and intent. */
  protected JournalRecord awaitEvent(
      final long key, final ValueType valueType, final Intent intent) {
    return awaitRecord(r -> r.key() == key && r.is(RecordType.EVENT, valueType, intent));
  }

  /** Which of these process instances the broker has completed. */
  protected Set<Long> completedInstances(final Set<Long> instanceKeys) {
    return broker
        .records()
        .find(
            r ->
                r.is(
                        RecordType.EVENT,
                        ValueType.PROCESS_INSTANCE,
                        ProcessInstanceIntent.ELEMENT_COMPLETED)
                    && instanceKeys.contains(r.key()))
        .stream()
        .map(JournalRecord::key)
        .collect(Collectors.toSet());
  }

  /**
   * The job activation commands for this type the broker has received (one per partition asked).
   */
  protected int activateCommands(final String jobType) {
    return broker
        .records()
        .find(
            r ->
                r.is(RecordType.COMMAND, ValueType.JOB_BATCH, JobBatchIntent.ACTIVATE)
                    && r.valueJson().contains("\"type\":\"" + jobType + "\""))
        .size();
  }

  /** Writes a job activation request with this JSON body to a raw HTTP/1.1 connection. */
  protected static void sendActivation(final Socket socket, final String json) throws IOException {
    final byte[] body = json.getBytes(StandardCharsets.UTF_8);
    socket
        .getOutputStream()
        .write(
            ("POST /v2/jobs/activation HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Content-Type: application/json\r\nContent-Length: "
                    + body.length
                    + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
    socket.getOutputStream().write(body);
    socket.getOutputStream().flush();
  }

  /** The job events with this intent of the jobs of this type. */
  protected List<JournalRecord> jobEvents(final JobIntent intent, final String jobType) {
    return broker
        .records()
        .find(
            r ->
                r.is(RecordType.EVENT, ValueType.JOB, intent)
                    && r.valueJson().contains("\"type\":\"" + jobType + "\""));
  }

  /** The jobs the gateway has pushed on gRPC job streams (StreamActivatedJobs messages sent). */
  protected static double streamedJobs(final MeterRegistry registry) {
    final Counter counter =
        registry.find("grpc.server.msg.sent").tag("grpc_method", "StreamActivatedJobs").counter();
    return counter == null ? 0 : counter.count();
  }

  protected JournalRecord awaitRecord(final Predicate<JournalRecord> predicate) {
    return broker
        .records()
        .awaitRecord(predicate, Duration.ofSeconds(20))
        .orElseThrow(() -> new AssertionError("no such record reached the broker's log"));
  }

  public static int freePort() {
    // below the kernel's ephemeral range (32768 and up here): a port the kernel handed out would
    // be free now but could be taken by any outgoing connection before the context binds it
    for (int attempt = 0; attempt < 1_000; attempt++) {
      final int port = NEXT_PORT.getAndIncrement();
      try (var socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
        return socket.getLocalPort();
      } catch (final IOException taken) {
        // in use: try the next one
      }
    }
    throw new UncheckedIOException(new IOException("no free port from " + NEXT_PORT.get()));
  }

  /** Each JVM starts at its own offset so that concurrent test JVMs rarely meet. */
  private static final java.util.concurrent.atomic.AtomicInteger NEXT_PORT =
      new java.util.concurrent.atomic.AtomicInteger(
          20_000 + java.util.concurrent.ThreadLocalRandom.current().nextInt(10_000));
}

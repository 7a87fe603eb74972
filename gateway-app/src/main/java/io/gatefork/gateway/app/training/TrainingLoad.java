package io.gatefork.gateway.app.training;

import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.camunda.zeebe.gateway.protocol.GatewayGrpc.GatewayBlockingStub;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TopologyRequest;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The training workload for the gateway's start-up cache (bin/train-cache): run in its own JVM
 * against a gateway started with GATEFORK_AOT_CACHE=train, it drives the request paths a pod serves
 * from its first minute — REST and gRPC creates, topology, job activation and a rejected request —
 * so the JVM records the classes they load and (JDK 25) their method profiles. The gateway writes
 * the cache when it exits; this process only sends requests.
 *
 * <p>Arguments: REST base URL, gRPC host:port, rounds (one round = one request of each kind).
 */
public final class TrainingLoad {
  static final String PROCESS_ID = "gatefork-training";
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(180);
  // start → end: a create the broker answers at once, without job workers
  private static final String BPMN =
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
          id="training" targetNamespace="http://gatefork.io/training">
        <bpmn:process id="%s" isExecutable="true">
          <bpmn:startEvent id="start"><bpmn:outgoing>flow</bpmn:outgoing></bpmn:startEvent>
          <bpmn:sequenceFlow id="flow" sourceRef="start" targetRef="end"/>
          <bpmn:endEvent id="end"><bpmn:incoming>flow</bpmn:incoming></bpmn:endEvent>
        </bpmn:process>
      </bpmn:definitions>
      """
          .formatted(PROCESS_ID);

  // HTTP/1.1 as the clients a gateway serves; the default would try an h2c upgrade on every call
  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private final URI rest;
  private final GatewayBlockingStub grpc;
  // request kind -> answers other than the expected one (printed: a training run that failed
  // everywhere trains the error paths only)
  private final Map<String, Integer> failures = new TreeMap<>();

  private TrainingLoad(final URI rest, final ManagedChannel channel) {
    this.rest = rest;
    this.grpc = GatewayGrpc.newBlockingStub(channel);
  }

  public static void main(final String[] args) throws Exception {
    if (args.length != 3) {
      System.err.println("usage: TrainingLoad <rest base URL> <grpc host:port> <rounds>");
      System.exit(2);
    }
    final ManagedChannel channel = ManagedChannelBuilder.forTarget(args[1]).usePlaintext().build();
    try {
      final TrainingLoad load = new TrainingLoad(URI.create(args[0]), channel);
      load.awaitReady();
      final int rounds = Integer.parseInt(args[2]);
      final long start = System.nanoTime();
      for (int round = 0; round < rounds; round++) {
        load.round(round);
      }
      System.out.printf(
          "training load: %d rounds in %d ms, unexpected answers: %s%n",
          rounds, (System.nanoTime() - start) / 1_000_000, load.failures);
    } finally {
      channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
  }

  private void awaitReady() throws InterruptedException {
    final long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      try {
        if (send(get("/v2/topology")) == 200 && created(restCreate())) {
          return;
        }
      } catch (final IOException e) {
        // not listening yet
      }
      Thread.sleep(500);
    }
    throw new IllegalStateException("the gateway did not answer creates within " + READY_TIMEOUT);
  }

  /** A create fails until the deployment reached every partition; the first call deploys. */
  private boolean created(final int status) throws IOException, InterruptedException {
    if (status == 404) {
      deploy();
    }
    return status == 200;
  }

  private void deploy() throws IOException, InterruptedException {
    final String boundary = "gatefork-training-boundary";
    final String body =
        "--%s\r\nContent-Disposition: form-data; name=\"resources\"; filename=\"training.bpmn\"\r\n"
                .formatted(boundary)
            + "Content-Type: application/xml\r\n\r\n"
            + BPMN
            + "\r\n--%s--\r\n".formatted(boundary);
    final int status =
        send(
            HttpRequest.newBuilder(rest.resolve("/v2/deployments"))
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(BodyPublishers.ofString(body, StandardCharsets.UTF_8))
                .build());
    if (status != 200) {
      System.out.println("training load: the deployment answered " + status);
    }
  }

  private void round(final int round) throws InterruptedException {
    try {
      count("rest create", restCreate() == 200);
      count("rest topology", send(get("/v2/topology")) == 200);
      count(
          "rest invalid create",
          send(post("/v2/process-instances", "{\"processDefinitionKey\": \"x\"}")) == 400);
      if (round % 10 == 0) {
        count(
            "rest activation",
            send(
                    post(
                        "/v2/jobs/activation",
                        "{\"type\":\"training\",\"maxJobsToActivate\":1,\"timeout\":60000,\"requestTimeout\":10}"))
                == 200);
      }
    } catch (final IOException e) {
      count("rest " + e.getClass().getSimpleName(), false);
    }
    try {
      grpc.withDeadlineAfter(10, TimeUnit.SECONDS)
          .createProcessInstance(
              CreateProcessInstanceRequest.newBuilder()
                  .setBpmnProcessId(PROCESS_ID)
                  .setVersion(-1)
                  .setVariables("{\"round\":" + round + "}")
                  .build());
      grpc.withDeadlineAfter(10, TimeUnit.SECONDS).topology(TopologyRequest.getDefaultInstance());
      if (round % 10 == 0) {
        grpc.withDeadlineAfter(10, TimeUnit.SECONDS)
            .activateJobs(
                ActivateJobsRequest.newBuilder()
                    .setType("training")
                    .setMaxJobsToActivate(1)
                    .setTimeout(60_000)
                    .setRequestTimeout(10)
                    .build())
            .forEachRemaining(ignored -> {});
      }
    } catch (final StatusRuntimeException e) {
      count("grpc " + e.getStatus().getCode(), false);
    }
  }

  private int restCreate() throws IOException, InterruptedException {
    return send(
        post(
            "/v2/process-instances",
            "{\"processDefinitionId\":\""
                + PROCESS_ID
                + "\",\"variables\":{\"a\":1,\"b\":\"x\"}}"));
  }

  private void count(final String kind, final boolean expected) {
    if (!expected) {
      failures.merge(kind, 1, Integer::sum);
    }
  }

  private HttpRequest get(final String path) {
    return HttpRequest.newBuilder(rest.resolve(path)).GET().build();
  }

  private HttpRequest post(final String path, final String json) {
    return HttpRequest.newBuilder(rest.resolve(path))
        .header("Content-Type", "application/json")
        .POST(BodyPublishers.ofString(json))
        .build();
  }

  private int send(final HttpRequest request) throws IOException, InterruptedException {
    return http.send(request, BodyHandlers.discarding()).statusCode();
  }
}

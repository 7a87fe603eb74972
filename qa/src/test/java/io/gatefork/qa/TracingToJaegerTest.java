package io.gatefork.qa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.ActivatedJob;
import io.gatefork.qa.support.BrokerContainer;
import io.gatefork.qa.support.ContainerTest;
import io.gatefork.qa.support.GatewayContainer;
import io.gatefork.qa.support.JaegerContainer;
import io.gatefork.qa.support.Processes;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall.SimpleForwardingClientCall;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The production image with tracing switched on as an operator does (an OTLP endpoint, sampling
 * 1.0), exporting over OTLP/HTTP to a real Jaeger; every check reads the spans back from Jaeger's
 * query API. Requests carry a W3C {@code traceparent} whose trace the gateway must continue: REST
 * and gRPC creates (their stages, the message to the broker below {@code broker}), creates the
 * broker refused, creates the admission limit shed (a limit of one place, a burst of calls) and
 * long polls (the wait is one {@code broker} span, jobs handed out are events).
 */
@ContainerTest
@ExtendWith(JaegerContainer.Required.class)
class TracingToJaegerTest {
  private static final String SERVICE = "gatefork"; // spring.application.name

  /** The stages a create's span shows as events (Jaeger: logs); {@code broker} is a child span. */
  private static final List<String> STAGE_EVENTS =
      List.of("filter", "dispatch", "queue", "mapping", "write");

  private static final Duration EXPORTED = Duration.ofSeconds(30);
  private static final int BURST = 30;
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private static JaegerContainer jaeger;
  private static BrokerContainer broker;
  private static GatewayContainer gateway;

  @BeforeAll
  static void startTracedCluster() {
    jaeger = new JaegerContainer("tracing-jaeger");
    jaeger.start();
    broker = new BrokerContainer("tracing-broker");
    broker.start();
    gateway =
        new GatewayContainer("tracing-gateway")
            .joining(broker.contactPoint())
            .withEnv("MANAGEMENT_OTLP_TRACING_ENDPOINT", jaeger.otlpHttpEndpoint() + "/v1/traces")
            .withEnv("MANAGEMENT_TRACING_SAMPLING_PROBABILITY", "1.0")
            .withEnv("MANAGEMENT_TRACING_OPENTELEMETRY_EXPORT_SCHEDULEDELAY", "200ms")
            // one admission place, so that a burst is partly shed
            .withEnv("GATEFORK_OVERLOAD_LIMIT", "adaptive")
            .withEnv("GATEFORK_OVERLOAD_INITIALLIMIT", "1")
            .withEnv("GATEFORK_OVERLOAD_MINLIMIT", "1")
            .withEnv("GATEFORK_OVERLOAD_MAXLIMIT", "1")
            .withEnv("GATEFORK_OVERLOAD_LATENCYTHRESHOLD", "1h");
    gateway.start();
    try (CamundaClient client = gateway.client(false)) {
      client
          .newDeployResourceCommand()
          .addProcessModel(Processes.startToEnd("traced"), "traced.bpmn")
          .addProcessModel(Processes.oneServiceTask("traced-work", "traced-work"), "work.bpmn")
          .send()
          .join();
    }
  }

  @AfterAll
  static void stopTracedCluster() {
    for (final var container :
        new org.testcontainers.containers.GenericContainer<?>[] {gateway, broker, jaeger}) {
      if (container != null) {
        container.stop();
      }
    }
  }

  @ParameterizedTest(name = "rest={0}")
  @ValueSource(booleans = {true, false})
  void aCreateContinuesTheCallersTraceWithItsStagesAndItsMessageToTheBroker(final boolean rest) {
    final Caller caller = new Caller();
    if (rest) {
      assertThat(caller.restCreate("traced").statusCode()).isEqualTo(200);
    } else {
      try (CamundaClient client = caller.grpcClient()) {
        client.newCreateInstanceCommand().bpmnProcessId("traced").latestVersion().send().join();
      }
    }

    final Trace trace = awaitTrace(caller, t -> t.spans.size() >= 3);
    final Span server = trace.server("create-process-instance");
    assertThat(server.parentId).as("the caller's span").isEqualTo(caller.spanId);
    assertThat(server.tags)
        .containsEntry("span.kind", "server")
        .containsEntry("gatefork.api", rest ? "rest" : "grpc")
        .containsEntry("gatefork.operation", "create-process-instance")
        .containsEntry(
            rest ? "http.response.status_code" : "rpc.grpc.status_code", rest ? "200" : "0")
        .doesNotContainKey("error");
    assertThat(trace.childNames(server)).containsExactly("broker");
    assertThat(server.events(STAGE_EVENTS::contains))
        .extracting(event -> event.get("event"))
        .containsExactlyElementsOf(STAGE_EVENTS);
    assertThat(server.events(STAGE_EVENTS::contains))
        .allSatisfy(event -> assertThat(event).containsKey("gatefork.stage.duration_us"));
    final Span message = trace.only(trace.child(server, "broker"), "broker-request");
    assertThat(message.tags.get("gatefork.broker.partition_id"))
        .as("one of the broker's two partitions, round robin")
        .isIn("1", "2");
    assertThat(message.tags)
        .containsEntry("gatefork.broker.node_id", "0")
        .containsEntry("gatefork.broker.attempt", "1")
        .containsEntry("gatefork.broker.outcome", "OK");
    trace.keep("create-" + (rest ? "rest" : "grpc"));
  }

  @ParameterizedTest(name = "rest={0}")
  @ValueSource(booleans = {true, false})
  void aCreateTheBrokerRefusedIsTheCallersErrorWithTheEnginesAnswer(final boolean rest) {
    final Caller caller = new Caller();
    if (rest) {
      assertThat(caller.restCreate("never-deployed").statusCode()).isEqualTo(404);
    } else {
      try (CamundaClient client = caller.grpcClient()) {
        assertThat(
                catchThrowable(
                    () ->
                        client
                            .newCreateInstanceCommand()
                            .bpmnProcessId("never-deployed")
                            .latestVersion()
                            .send()
                            .join()))
            .hasMessageContaining("NOT_FOUND");
      }
    }

    final Trace trace = awaitTrace(caller, t -> t.spans.size() >= 3);
    final Span server = trace.server("create-process-instance");
    assertThat(server.tags)
        .containsEntry(
            rest ? "http.response.status_code" : "rpc.grpc.status_code", rest ? "404" : "5")
        .as("a client's error, not the server's")
        .doesNotContainKey("error");
    assertThat(trace.only(trace.child(server, "broker"), "broker-request").tags)
        .containsEntry("gatefork.broker.outcome", "NOT_FOUND");
  }

  @Test
  void shedCallsAreOneSpanEachMarkedShedWithoutStages() {
    final List<CompletableFuture<Integer>> rest = new ArrayList<>();
    final List<CompletableFuture<?>> grpc = new ArrayList<>();
    try (CamundaClient client = gateway.client(false)) {
      for (int i = 0; i < BURST; i++) {
        rest.add(
            HTTP.sendAsync(createRequest("traced", null), HttpResponse.BodyHandlers.discarding())
                .thenApply(HttpResponse::statusCode));
        grpc.add(
            client
                .newCreateInstanceCommand()
                .bpmnProcessId("traced")
                .latestVersion()
                .send()
                .toCompletableFuture());
      }
      CompletableFuture.allOf(rest.toArray(CompletableFuture[]::new))
          .orTimeout(60, TimeUnit.SECONDS)
          .join();
      final long grpcShed =
          grpc.stream()
              .filter(
                  f ->
                      catchThrowable(() -> f.get(60, TimeUnit.SECONDS)) instanceof Throwable t
                          && String.valueOf(t.getMessage()).contains("RESOURCE_EXHAUSTED"))
              .count();
      assertThat(rest.stream().filter(f -> f.join() == 503).count())
          .as("REST creates shed of %d", BURST)
          .isPositive();
      assertThat(grpcShed).as("gRPC creates shed of %d", BURST).isPositive();
    }

    for (final String api : List.of("rest", "grpc")) {
      final JsonNode shed =
          awaitJaeger(
              () -> jaeger.traces(SERVICE, Map.of("gatefork.shed", "true", "gatefork.api", api)),
              traces -> !traces.isEmpty());
      for (final JsonNode node : shed) {
        final Trace trace = new Trace(node);
        final Span server = trace.server("create-process-instance");
        assertThat(server.tags)
            .containsEntry(
                api.equals("rest") ? "http.response.status_code" : "rpc.grpc.status_code",
                api.equals("rest") ? "503" : "8");
        assertThat(trace.childNames(server)).as("it never reached a stage").isEmpty();
        assertThat(server.logs).isEmpty();
      }
    }
  }

  @Test
  void aLongPollIsOneSpanWhoseBrokerStageIsTheWait() {
    final Caller caller = new Caller();
    final var response =
        caller.send(
            HttpRequest.newBuilder(URI.create(gateway.restAddress() + "/v2/jobs/activation"))
                .header("Content-Type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        """
                        {"type": "nobody-creates-these", "maxJobsToActivate": 1,
                         "timeout": 60000, "requestTimeout": 1000}
                        """)));
    assertThat(response.statusCode()).isEqualTo(200);

    final Trace trace = awaitTrace(caller, t -> t.find("activate-jobs") != null);
    final Span server = trace.server("activate-jobs");
    final Span wait = trace.child(server, "broker");
    assertThat(Duration.ofNanos(TimeUnit.MICROSECONDS.toNanos(wait.durationMicros)))
        .as("the wait")
        .isGreaterThanOrEqualTo(Duration.ofMillis(800));
    assertThat(trace.children(wait))
        .as("the messages to the broker, not a span per idle second")
        .allSatisfy(s -> assertThat(s.name).isEqualTo("broker-request"))
        .hasSizeLessThanOrEqualTo(3);
    assertThat(server.events("job"::equals)).as("no job was handed out").isEmpty();
  }

  @Test
  void theJobsALongPollHandsOutAreEventsOfItsSpan() {
    final Caller caller = new Caller();
    final List<ActivatedJob> jobs;
    try (CamundaClient client = caller.grpcClient()) {
      client.newCreateInstanceCommand().bpmnProcessId("traced-work").latestVersion().send().join();
      jobs =
          client
              .newActivateJobsCommand()
              .jobType("traced-work")
              .maxJobsToActivate(1)
              .requestTimeout(Duration.ofSeconds(10))
              .send()
              .join()
              .getJobs();
    }
    assertThat(jobs).hasSize(1);

    final Trace trace = awaitTrace(caller, t -> t.find("activate-jobs") != null);
    assertThat(trace.server("activate-jobs").events("job"::equals))
        .singleElement()
        .satisfies(
            event ->
                assertThat(event)
                    .containsEntry("event", "job")
                    .containsEntry("gatefork.job.key", Long.toString(jobs.getFirst().getKey())));
  }

  private static HttpRequest createRequest(final String processId, final String traceparent) {
    final var builder =
        HttpRequest.newBuilder(URI.create(gateway.restAddress() + "/v2/process-instances"))
            .header("Content-Type", "application/json")
            .timeout(Duration.ofSeconds(30))
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    "{\"processDefinitionId\":\"" + processId + "\"}"));
    if (traceparent != null) {
      builder.header("traceparent", traceparent);
    }
    return builder.build();
  }

  private static Trace awaitTrace(final Caller caller, final Predicate<Trace> complete) {
    return new Trace(
        awaitJaeger(
            () -> jaeger.trace(caller.traceId),
            node -> node != null && !node.isMissingNode() && complete.test(new Trace(node))));
  }

  private static JsonNode awaitJaeger(
      final java.util.function.Supplier<JsonNode> query, final Predicate<JsonNode> until) {
    final var last = new java.util.concurrent.atomic.AtomicReference<JsonNode>();
    try {
      org.awaitility.Awaitility.await("spans in Jaeger")
          .atMost(EXPORTED)
          .pollInterval(Duration.ofMillis(250))
          .until(
              () -> {
                last.set(query.get());
                return until.test(last.get());
              });
    } catch (final org.awaitility.core.ConditionTimeoutException e) {
      throw new AssertionError("Jaeger has not what was awaited: " + last.get(), e);
    }
    return last.get();
  }

  /** A caller with a trace of its own: a random sampled W3C trace context. */
  private static final class Caller {
    final String traceId = hex(16);
    final String spanId = hex(8);
    final String traceparent = "00-" + traceId + "-" + spanId + "-01";

    HttpResponse<String> restCreate(final String processId) {
      try {
        return HTTP.send(
            createRequest(processId, traceparent), HttpResponse.BodyHandlers.ofString());
      } catch (final Exception e) {
        throw new AssertionError(e);
      }
    }

    HttpResponse<String> send(final HttpRequest.Builder request) {
      try {
        return HTTP.send(
            request.header("traceparent", traceparent).timeout(Duration.ofSeconds(30)).build(),
            HttpResponse.BodyHandlers.ofString());
      } catch (final Exception e) {
        throw new AssertionError(e);
      }
    }

    /** The official client over gRPC, every call with this caller's {@code traceparent}. */
    CamundaClient grpcClient() {
      return CamundaClient.newClientBuilder()
          .restAddress(gateway.restAddress())
          .grpcAddress(gateway.grpcAddress())
          .preferRestOverGrpc(false)
          .defaultRequestTimeout(Duration.ofSeconds(30))
          .withInterceptors(new TraceparentInterceptor(traceparent))
          .build();
    }

    private static String hex(final int bytes) {
      final byte[] random = new byte[bytes];
      ThreadLocalRandom.current().nextBytes(random);
      random[0] |= 1; // never all zero: an invalid id
      return HexFormat.of().formatHex(random);
    }
  }

  private record TraceparentInterceptor(String traceparent) implements ClientInterceptor {
    private static final Metadata.Key<String> KEY =
        Metadata.Key.of("traceparent", Metadata.ASCII_STRING_MARSHALLER);

    @Override
    public <Q, R> ClientCall<Q, R> interceptCall(
        final MethodDescriptor<Q, R> method, final CallOptions options, final Channel next) {
      return new SimpleForwardingClientCall<>(next.newCall(method, options)) {
        @Override
        public void start(final Listener<R> listener, final Metadata headers) {
          headers.put(KEY, traceparent);
          super.start(listener, headers);
        }
      };
    }
  }

  /** One span as Jaeger's query API gives it: tags and log fields as strings. */
  private record Span(
      String id,
      String parentId,
      String name,
      long durationMicros,
      Map<String, String> tags,
      List<Map<String, String>> logs) {

    static Span of(final JsonNode node) {
      final JsonNode reference = node.path("references").path(0);
      final List<Map<String, String>> logs = new ArrayList<>();
      final List<JsonNode> byTime = new ArrayList<>();
      node.path("logs").forEach(byTime::add);
      byTime.sort(java.util.Comparator.comparingLong(log -> log.path("timestamp").asLong()));
      byTime.forEach(log -> logs.add(fields(log.path("fields"))));
      return new Span(
          node.path("spanID").asText(),
          reference.path("refType").asText().equals("CHILD_OF")
              ? reference.path("spanID").asText()
              : null,
          node.path("operationName").asText(),
          node.path("duration").asLong(),
          fields(node.path("tags")),
          logs);
    }

    /** The span's events (Jaeger: logs) whose name ({@code event}) matches, in time order. */
    List<Map<String, String>> events(final Predicate<String> name) {
      return logs.stream().filter(log -> name.test(log.get("event"))).toList();
    }

    private static Map<String, String> fields(final JsonNode keyValues) {
      final Map<String, String> map = new HashMap<>();
      keyValues.forEach(kv -> map.put(kv.path("key").asText(), kv.path("value").asText()));
      return map;
    }
  }

  /** One trace's spans. */
  private static final class Trace {
    final List<Span> spans = new ArrayList<>();
    private final JsonNode json;

    Trace(final JsonNode trace) {
      json = trace;
      trace.path("spans").forEach(node -> spans.add(Span.of(node)));
    }

    /**
     * Writes the trace as Jaeger gave it to {@code target/traces/<name>.json}, what the picture in
     * docs/tracing.md is drawn from ({@code scripts/render-trace.py}).
     */
    void keep(final String name) {
      try {
        final Path dir = Path.of("target", "traces");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(name + ".json"), json.toPrettyString());
      } catch (final IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    Span find(final String serverName) {
      return spans.stream()
          .filter(s -> s.name.equals(serverName) && "server".equals(s.tags.get("span.kind")))
          .findFirst()
          .orElse(null);
    }

    Span server(final String name) {
      final Span server = find(name);
      assertThat(server).as("the server span %s among %s", name, spans).isNotNull();
      return server;
    }

    List<Span> children(final Span parent) {
      return spans.stream().filter(s -> parent.id.equals(s.parentId)).toList();
    }

    List<String> childNames(final Span parent) {
      return children(parent).stream().map(Span::name).toList();
    }

    Span child(final Span parent, final String name) {
      return children(parent).stream()
          .filter(s -> s.name.equals(name))
          .findFirst()
          .orElseThrow(
              () -> new AssertionError("no " + name + " below " + parent + " in " + spans));
    }

    Span only(final Span parent, final String name) {
      assertThat(childNames(parent)).as("below %s", parent.name).containsExactly(name);
      return children(parent).getFirst();
    }
  }
}

package io.gatefork.gateway.app.tracing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

import io.camunda.client.CamundaClient;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.gatefork.gateway.app.GatewayTestSupport;
import io.gatefork.service.operation.Api;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.overload.Admission;
import io.gatefork.service.overload.Admission.Permit;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall.SimpleForwardingClientCall;
import io.grpc.ForwardingClientCallListener.SimpleForwardingClientCallListener;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

/**
 * Tracing switched on the way operators do (an OTLP endpoint), every request sampled: the spans the
 * gateway's OpenTelemetry SDK ends, read from a processor the test adds beside Boot's (whose OTLP
 * export is off here). Requests through the official client over REST and gRPC, and raw HTTP where
 * a header is set.
 */
@TestPropertySource(
    properties = {
      "management.otlp.tracing.endpoint=http://127.0.0.1:9/v1/traces",
      "management.otlp.tracing.export.enabled=false",
      "management.tracing.sampling.probability=1.0",
      // admission with one place, which a test takes to see a request shed
      "gatefork.overload.limit=adaptive",
      "gatefork.overload.initial-limit=1",
      "gatefork.overload.min-limit=1",
      "gatefork.overload.max-limit=1",
      "gatefork.overload.latency-threshold=1h"
    })
@Import(TracingTest.Spans.class)
class TracingTest extends GatewayTestSupport {
  static final InMemorySpanExporter SPANS = InMemorySpanExporter.create();
  private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
  private static final String CALLER_SPAN_ID = "00f067aa0ba902b7";
  private static final String TRACEPARENT = "00-" + TRACE_ID + "-" + CALLER_SPAN_ID + "-01";

  /** The stages a create's span shows as events; {@code broker} is a child span. */
  private static final List<String> STAGE_EVENTS =
      List.of("filter", "dispatch", "queue", "mapping", "write");

  @Autowired Admission admission;
  @Autowired io.gatefork.service.stage.RequestTracer tracer; // present: tracing is on

  @TestConfiguration
  static class Spans {
    @Bean
    SpanProcessor testSpanProcessor() {
      return SimpleSpanProcessor.create(SPANS);
    }
  }

  @BeforeEach
  void deployAndForget() {
    try (CamundaClient client = client(true)) {
      deployProcess(
          client, Bpmn.createExecutableProcess("traced").startEvent().endEvent().done(), "t.bpmn");
    }
    SPANS.reset();
  }

  @Test
  void aRestRequestContinuesTheCallersTraceWithItsStagesAsEventsAndOneBrokerSpan()
      throws Exception {
    final HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(baseUrl() + "/v2/process-instances"))
                    .header("Content-Type", "application/json")
                    .header("traceparent", TRACEPARENT)
                    .POST(
                        HttpRequest.BodyPublishers.ofString("{\"processDefinitionId\":\"traced\"}"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(200);

    final SpanData server = awaitServerSpan("create-process-instance", TRACE_ID);
    assertThat(server.getParentSpanId()).isEqualTo(CALLER_SPAN_ID);
    assertThat(server.getKind()).isEqualTo(SpanKind.SERVER);
    assertThat(server.getAttributes().asMap())
        .containsEntry(TracedRequest.API, "rest")
        .containsEntry(TracedRequest.HTTP_STATUS, 200L);
    assertThat(server.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
    assertStages(server);
    assertThat(response.headers().firstValue("traceresponse"))
        .as("the answer names the span")
        .hasValue("00-" + TRACE_ID + "-" + server.getSpanId() + "-01");

    final String openMetrics =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + managementPort + "/actuator/prometheus"))
                    .header("Accept", "application/openmetrics-text; version=1.0.0")
                    .build(),
                HttpResponse.BodyHandlers.ofString())
            .body();
    assertThat(openMetrics.lines())
        .as("the stage histograms' buckets carry the request's trace as an exemplar")
        .anyMatch(
            line ->
                line.startsWith("gatefork_request_stage_seconds_bucket{")
                    && line.contains("operation=\"create-process-instance\"")
                    && line.contains("trace_id=\"" + TRACE_ID + "\""));
  }

  @Test
  void aGrpcCallContinuesTheCallersTraceWithItsStagesAsEventsAndOneBrokerSpan() {
    final AtomicReference<String> traceresponse = new AtomicReference<>();
    try (CamundaClient client =
        clientBuilder(false).withInterceptors(new Traceparent(traceresponse)).build()) {
      client.newCreateInstanceCommand().bpmnProcessId("traced").latestVersion().send().join();
    }

    final SpanData server = awaitServerSpan("create-process-instance", TRACE_ID);
    assertThat(server.getParentSpanId()).isEqualTo(CALLER_SPAN_ID);
    assertThat(server.getAttributes().asMap())
        .containsEntry(TracedRequest.API, "grpc")
        .containsEntry(TracedRequest.RPC_SYSTEM, "grpc")
        .containsEntry(TracedRequest.GRPC_STATUS, 0L);
    assertStages(server);
    assertThat(traceresponse.get()).isEqualTo("00-" + TRACE_ID + "-" + server.getSpanId() + "-01");

    final SpanData message = onlyChild(child(server, "broker"), TracedRequest.BROKER_REQUEST);
    assertThat(message.getAttributes().get(TracedRequest.PARTITION))
        .as("one of the embedded broker's three partitions, round robin")
        .isBetween(1L, 3L);
    assertThat(message.getAttributes().asMap())
        .as("the message to the broker: where it went and how it ended")
        .containsEntry(TracedRequest.NODE, 0L)
        .containsEntry(TracedRequest.ATTEMPT, 1L)
        .containsEntry(TracedRequest.BROKER_OUTCOME, "OK")
        .doesNotContainKey(TracedRequest.RETRY_REASON);
  }

  @ParameterizedTest(name = "rest={0}")
  @ValueSource(booleans = {true, false})
  void aBrokerRefusalIsTheClientsErrorNotTheSpans(final boolean rest) {
    try (CamundaClient client = client(rest)) {
      assertThat(
              catchThrowable(
                  () ->
                      client
                          .newCreateInstanceCommand()
                          .bpmnProcessId("never-deployed")
                          .latestVersion()
                          .send()
                          .join()))
          .isNotNull();
    }
    final SpanData server = awaitServerSpan("create-process-instance", null);
    assertThat(server.getAttributes().asMap())
        .containsEntry(
            rest ? TracedRequest.HTTP_STATUS : TracedRequest.GRPC_STATUS, rest ? 404L : 5L);
    assertThat(server.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
    assertThat(
            onlyChild(child(server, "broker"), TracedRequest.BROKER_REQUEST)
                .getAttributes()
                .get(TracedRequest.BROKER_OUTCOME))
        .as("the engine's rejection")
        .isEqualTo("NOT_FOUND");
  }

  @ParameterizedTest(name = "rest={0}")
  @ValueSource(booleans = {true, false})
  void aShedRequestHasItsSpanMarkedShedWithoutStages(final boolean rest) {
    final Permit held =
        admission.admit(Api.REST, Operation.CREATE_PROCESS_INSTANCE, "127.0.0.1", 0);
    assertThat(held).as("the limit's one place").isNotNull();
    try (CamundaClient client = client(rest)) {
      assertThat(
              catchThrowable(
                  () ->
                      client
                          .newCreateInstanceCommand()
                          .bpmnProcessId("traced")
                          .latestVersion()
                          .send()
                          .join()))
          .isNotNull();
    } finally {
      held.answered();
    }
    final SpanData server = awaitServerSpan("create-process-instance", null);
    assertThat(server.getAttributes().asMap())
        .containsEntry(TracedRequest.SHED, true)
        .containsEntry(
            rest ? TracedRequest.HTTP_STATUS : TracedRequest.GRPC_STATUS, rest ? 503L : 8L);
    assertThat(childNames(server)).as("it never reached a stage").isEmpty();
    assertThat(server.getEvents()).isEmpty();
  }

  @Test
  void aLongPollIsOneSpanWhoseBrokerStageIsTheWait() {
    try (CamundaClient client = client(true)) {
      assertThat(
              client
                  .newActivateJobsCommand()
                  .jobType("nobody-creates-these")
                  .maxJobsToActivate(1)
                  .requestTimeout(Duration.ofMillis(700))
                  .send()
                  .join()
                  .getJobs())
          .isEmpty();
    }
    final SpanData server = awaitServerSpan("activate-jobs", null);
    final SpanData broker = child(server, "broker");
    assertThat(Duration.ofNanos(broker.getEndEpochNanos() - broker.getStartEpochNanos()))
        .as("the wait")
        .isGreaterThanOrEqualTo(Duration.ofMillis(500));
    assertThat(children(broker))
        .as("the messages to the broker, not a span per idle second")
        .allSatisfy(s -> assertThat(s.getName()).isEqualTo(TracedRequest.BROKER_REQUEST))
        .hasSizeLessThanOrEqualTo(3);
    assertThat(jobEvents(server)).as("no job was handed out").isEmpty();
  }

  @ParameterizedTest(name = "rest={0}")
  @ValueSource(booleans = {true, false})
  void jobsALongPollHandsOutAreEventsOfItsSpan(final boolean rest) {
    final long jobKey;
    try (CamundaClient client = client(rest)) {
      deployWork(client);
      client.newCreateInstanceCommand().bpmnProcessId("traced-work").latestVersion().send().join();
      SPANS.reset();
      jobKey =
          client
              .newActivateJobsCommand()
              .jobType("traced-work")
              .maxJobsToActivate(1)
              .requestTimeout(Duration.ofSeconds(10))
              .send()
              .join()
              .getJobs()
              .getFirst()
              .getKey();
    }
    final SpanData server = awaitServerSpan("activate-jobs", null);
    assertThat(jobEvents(server))
        .singleElement()
        .satisfies(
            event -> {
              assertThat(event.getName()).isEqualTo(TracedRequest.JOB_EVENT);
              assertThat(event.getAttributes().get(TracedRequest.JOB_KEY)).isEqualTo(jobKey);
            });
  }

  @Test
  void aJobStreamIsOneSpanAsLongAsTheStreamWithItsJobsAsEvents() {
    final List<Long> received = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (CamundaClient client = client(false)) {
      deployWork(client);
      final var stream =
          client
              .newStreamJobsCommand()
              .jobType("traced-work")
              .consumer(job -> received.add(job.getKey()))
              .send();
      // a job is pushed only once the brokers know the stream: create until one is
      await()
          .atMost(Duration.ofSeconds(20))
          .pollInterval(Duration.ofMillis(500))
          .until(
              () -> {
                client
                    .newCreateInstanceCommand()
                    .bpmnProcessId("traced-work")
                    .latestVersion()
                    .send()
                    .join();
                return !received.isEmpty();
              });
      stream.cancel(true);
    }
    final SpanData server = awaitServerSpan("stream-activated-jobs", null);
    assertThat(jobEvents(server))
        .extracting(event -> event.getAttributes().get(TracedRequest.JOB_KEY))
        .as("every job handed out; one may be written as the client cancels, and not read")
        .containsAll(received)
        .hasSizeBetween(received.size(), received.size() + 1);
  }

  @Test
  void onlyTheGatewaysRequestsAreTracedNotScrapesOrOtherObservations() {
    prometheusScrape();
    try (CamundaClient client = client(true)) {
      client.newTopologyRequest().send().join();
    }
    awaitServerSpan("topology", null);
    assertThat(SPANS.getFinishedSpanItems())
        .isNotEmpty()
        .allSatisfy(
            span ->
                assertThat(span.getInstrumentationScopeInfo().getName())
                    .as(span.getName())
                    .isEqualTo(TracingConfiguration.INSTRUMENTATION_SCOPE));
  }

  @Test
  void anOpenSpanNamesItsTraceInTheLogsMdcAndRestoresItOnClose() {
    final io.gatefork.service.stage.RequestSpan outer = startRestSpan();
    final io.gatefork.service.stage.RequestSpan inner = startRestSpan();
    final String[] outerIds = outer.traceparent().split("-");
    final String[] innerIds = inner.traceparent().split("-");
    assertThat(innerIds[1]).as("two requests, two traces").isNotEqualTo(outerIds[1]);
    try {
      try (io.gatefork.service.stage.RequestSpan.Scope ignored = outer.open()) {
        try (io.gatefork.service.stage.RequestSpan.Scope alsoIgnored = inner.open()) {
          assertThat(org.slf4j.MDC.get("traceId")).isEqualTo(innerIds[1]);
          assertThat(org.slf4j.MDC.get("spanId")).isEqualTo(innerIds[2]);
        }
        assertThat(org.slf4j.MDC.get("traceId")).as("restored").isEqualTo(outerIds[1]);
        assertThat(org.slf4j.MDC.get("spanId")).as("restored").isEqualTo(outerIds[2]);
      }
      assertThat(org.slf4j.MDC.get("traceId")).as("no span current").isNull();
    } finally {
      org.slf4j.MDC.clear();
    }
  }

  private io.gatefork.service.stage.RequestSpan startRestSpan() {
    return tracer.start(
        Api.REST,
        io.gatefork.service.stage.RequestTiming.startNow(),
        null,
        (headers, name) -> null);
  }

  @Test
  void spansAreBatchedStraightToTheExporterWithoutMicrometersConversion(
      @Autowired final org.springframework.context.ApplicationContext context) {
    assertThat(
            context
                .getBeansOfType(io.opentelemetry.sdk.trace.export.BatchSpanProcessor.class)
                .keySet())
        .containsExactly("gateforkSpanProcessor");
  }

  private static SpanData awaitServerSpan(final String name, final String traceId) {
    return await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () ->
                SPANS.getFinishedSpanItems().stream()
                    .filter(s -> s.getKind() == SpanKind.SERVER && s.getName().equals(name))
                    .filter(s -> traceId == null || s.getTraceId().equals(traceId))
                    .findFirst()
                    .orElse(null),
            span -> span != null);
  }

  private void deployWork(final CamundaClient client) {
    deployProcess(
        client,
        Bpmn.createExecutableProcess("traced-work")
            .startEvent()
            .serviceTask("work", t -> t.zeebeJobType("traced-work"))
            .endEvent()
            .done(),
        "w.bpmn");
  }

  /** A create's stages: {@code broker} a child span, the others events with their duration. */
  private static void assertStages(final SpanData server) {
    assertThat(childNames(server)).containsExactly("broker");
    final var stages =
        server.getEvents().stream()
            .filter(e -> !e.getName().equals(TracedRequest.JOB_EVENT))
            .sorted(java.util.Comparator.comparingLong(EventData::getEpochNanos))
            .toList();
    assertThat(stages).extracting(EventData::getName).containsExactlyElementsOf(STAGE_EVENTS);
    assertThat(stages)
        .allSatisfy(e -> assertThat(e.getAttributes().get(TracedRequest.STAGE_MICROS)).isNotNull());
  }

  private static List<EventData> jobEvents(final SpanData span) {
    return span.getEvents().stream()
        .filter(e -> e.getName().equals(TracedRequest.JOB_EVENT))
        .toList();
  }

  private static List<SpanData> children(final SpanData parent) {
    return SPANS.getFinishedSpanItems().stream()
        .filter(s -> s.getParentSpanId().equals(parent.getSpanId()))
        .sorted(java.util.Comparator.comparingLong(SpanData::getStartEpochNanos))
        .toList();
  }

  private static SpanData child(final SpanData parent, final String name) {
    return children(parent).stream()
        .filter(s -> s.getName().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no child " + name + " of " + parent.getName()));
  }

  private static SpanData onlyChild(final SpanData parent, final String name) {
    final List<SpanData> children = children(parent);
    assertThat(children).extracting(SpanData::getName).containsExactly(name);
    return children.getFirst();
  }

  /** The server span's children, in the order they started. */
  private static List<String> childNames(final SpanData server) {
    return children(server).stream().map(SpanData::getName).toList();
  }

  /** Sends the caller's trace context and keeps the answer's {@code traceresponse}. */
  private record Traceparent(AtomicReference<String> traceresponse) implements ClientInterceptor {
    private static final Metadata.Key<String> TRACEPARENT_KEY =
        Metadata.Key.of("traceparent", Metadata.ASCII_STRING_MARSHALLER);
    private static final Metadata.Key<String> TRACERESPONSE_KEY =
        Metadata.Key.of("traceresponse", Metadata.ASCII_STRING_MARSHALLER);

    @Override
    public <Q, R> ClientCall<Q, R> interceptCall(
        final MethodDescriptor<Q, R> method, final CallOptions options, final Channel next) {
      return new SimpleForwardingClientCall<>(next.newCall(method, options)) {
        @Override
        public void start(final Listener<R> listener, final Metadata headers) {
          headers.put(TRACEPARENT_KEY, TRACEPARENT);
          super.start(
              new SimpleForwardingClientCallListener<>(listener) {
                @Override
                public void onHeaders(final Metadata responseHeaders) {
                  traceresponse.set(responseHeaders.get(TRACERESPONSE_KEY));
                  super.onHeaders(responseHeaders);
                }
              },
              headers);
        }
      };
    }
  }
}

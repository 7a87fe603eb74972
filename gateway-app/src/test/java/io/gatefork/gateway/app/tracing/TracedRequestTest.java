package io.gatefork.gateway.app.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.service.operation.Api;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.stage.RequestOutcome;
import io.gatefork.service.stage.RequestSpan;
import io.gatefork.service.stage.RequestTiming;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The spans of messages to brokers that a single-partition test cluster cannot provoke: a partition
 * retry after backpressure and an activation's walk over two partitions, on the SDK in memory.
 */
class TracedRequestTest {
  private final InMemorySpanExporter spans = InMemorySpanExporter.create();
  private final SdkTracerProvider provider =
      SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build();
  private final OpenTelemetryRequestTracer tracer =
      new OpenTelemetryRequestTracer(provider.get("test"), W3CTraceContextPropagator.getInstance());

  @AfterEach
  void close() {
    provider.close();
  }

  @Test
  void aRetryOnTheNextPartitionNamesWhyTheMessageBeforeFailed() {
    final List<Map<AttributeKey<?>, Object>> messages =
        messages(
            Operation.CREATE_PROCESS_INSTANCE,
            span -> {
              span.attempted(1, 0, t(3), t(4), "RESOURCE_EXHAUSTED");
              span.attempted(2, 1, t(4), t(5), "OK");
            });

    assertThat(messages.get(0))
        .containsEntry(TracedRequest.PARTITION, 1L)
        .containsEntry(TracedRequest.NODE, 0L)
        .containsEntry(TracedRequest.ATTEMPT, 1L)
        .containsEntry(TracedRequest.BROKER_OUTCOME, "RESOURCE_EXHAUSTED")
        .doesNotContainKey(TracedRequest.RETRY_REASON);
    assertThat(messages.get(1))
        .containsEntry(TracedRequest.PARTITION, 2L)
        .containsEntry(TracedRequest.NODE, 1L)
        .containsEntry(TracedRequest.ATTEMPT, 2L)
        .containsEntry(TracedRequest.BROKER_OUTCOME, "OK")
        .containsEntry(TracedRequest.RETRY_REASON, "RESOURCE_EXHAUSTED");
  }

  @Test
  void theNextPartitionOfAnActivationsWalkIsNoRetry() {
    final List<Map<AttributeKey<?>, Object>> messages =
        messages(
            Operation.ACTIVATE_JOBS,
            span -> {
              span.attempted(1, 0, t(3), t(4), "OK");
              span.attempted(2, 0, t(4), t(5), "OK");
            });

    assertThat(messages)
        .hasSize(2)
        .allSatisfy(m -> assertThat(m).doesNotContainKey(TracedRequest.RETRY_REASON));
  }

  /** Ends a traced request whose broker stage heard {@code sends}; its messages, in order. */
  private List<Map<AttributeKey<?>, Object>> messages(
      final Operation operation, final java.util.function.Consumer<RequestSpan> sends) {
    final RequestTiming timing = RequestTiming.startingAt(t(0));
    final RequestSpan span = tracer.start(Api.GRPC, timing, null, (headers, name) -> null);
    timing.entered();
    timing.dispatched();
    sends.accept(span);
    timing.responseReceived();
    timing.handlingStarted();
    timing.resultReady();
    timing.committed();
    span.end(operation, timing, RequestOutcome.grpc(0, "OK", false));

    final SpanData broker =
        spans.getFinishedSpanItems().stream()
            .filter(s -> s.getName().equals("broker"))
            .findFirst()
            .orElseThrow();
    return spans.getFinishedSpanItems().stream()
        .filter(s -> s.getParentSpanId().equals(broker.getSpanId()))
        .peek(s -> assertThat(s.getName()).isEqualTo(TracedRequest.BROKER_REQUEST))
        .sorted(Comparator.comparingLong(SpanData::getStartEpochNanos))
        .map(s -> (Map<AttributeKey<?>, Object>) s.getAttributes().asMap())
        .toList();
  }

  private static long t(final int millis) {
    return 1_000_000_000L + millis * 1_000_000L;
  }
}

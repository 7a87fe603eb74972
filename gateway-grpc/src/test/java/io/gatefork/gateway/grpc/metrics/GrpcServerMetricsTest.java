package io.gatefork.gateway.grpc.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobRequest;
import io.gatefork.gateway.grpc.support.TestGateway;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.job.ActivatedJob;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.distribution.CountAtBucket;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The stock exporter's series: started, messages, handled by code, and handled latency. */
class GrpcServerMetricsTest {
  private static final String SERVICE = "gateway_protocol.Gateway";

  private TestGateway gateway;

  @BeforeEach
  void start() {
    gateway = new TestGateway();
  }

  @AfterEach
  void stop() throws InterruptedException {
    gateway.close();
  }

  @Test
  void unaryCallsAreCountedByMethodAndCode() {
    gateway.client().completeJob(CompleteJobRequest.newBuilder().setJobKey(1).build());
    gateway.client().completeJob(CompleteJobRequest.newBuilder().setJobKey(2).build());
    catchThrowable(() -> gateway.client().completeJob(TestGateway.completionRefusedAtTheEdge()));

    assertThat(counter(GrpcServerMetricsInterceptor.STARTED, "CompleteJob").count()).isEqualTo(3);
    assertThat(counter(GrpcServerMetricsInterceptor.MSG_RECEIVED, "CompleteJob").count())
        .isEqualTo(3);
    assertThat(counter(GrpcServerMetricsInterceptor.MSG_SENT, "CompleteJob").count()).isEqualTo(2);
    assertThat(handled("CompleteJob", "OK").count()).isEqualTo(2);
    assertThat(handled("CompleteJob", "INVALID_ARGUMENT").count()).isEqualTo(1);
    assertThat(latency("CompleteJob", "OK").count()).isEqualTo(2);
    assertThat(
            gateway
                .registry
                .get(GrpcServerMetricsInterceptor.STARTED)
                .tag("grpc_method", "CompleteJob")
                .counter()
                .getId()
                .getTag("grpc_type"))
        .isEqualTo("UNARY");
  }

  @Test
  void streamedResponsesAreCountedAsMessages() {
    gateway.fakes.jobs.activate.succeedWith(List.of(job(1), job(2)));

    gateway
        .client()
        .activateJobs(
            ActivateJobsRequest.newBuilder()
                .setType("t")
                .setTimeout(1)
                .setMaxJobsToActivate(2)
                .build())
        .forEachRemaining(response -> {});

    assertThat(counter(GrpcServerMetricsInterceptor.MSG_SENT, "ActivateJobs").count()).isEqualTo(1);
    assertThat(handled("ActivateJobs", "OK").count()).isEqualTo(1);
    assertThat(handled("ActivateJobs", "OK").getId().getTag("grpc_type"))
        .isEqualTo("SERVER_STREAMING");
  }

  @Test
  void latencyHasTheStockExportersBuckets() {
    gateway.client().completeJob(CompleteJobRequest.newBuilder().setJobKey(1).build());

    final CountAtBucket[] buckets = latency("CompleteJob", "OK").takeSnapshot().histogramCounts();
    assertThat(Arrays.stream(buckets).map(b -> b.bucket(TimeUnit.MILLISECONDS)))
        .containsExactly(
            1.0, 5.0, 10.0, 50.0, 75.0, 100.0, 250.0, 500.0, 1000.0, 2000.0, 5000.0, 10000.0);
  }

  private Counter counter(final String name, final String method) {
    return gateway
        .registry
        .get(name)
        .tags("grpc_service", SERVICE, "grpc_method", method)
        .counter();
  }

  private Counter handled(final String method, final String code) {
    return gateway
        .registry
        .get(GrpcServerMetricsInterceptor.HANDLED)
        .tags("grpc_service", SERVICE, "grpc_method", method, "grpc_code", code)
        .counter();
  }

  private Timer latency(final String method, final String code) {
    return gateway
        .registry
        .get(GrpcServerMetricsInterceptor.HANDLED_LATENCY)
        .tags("grpc_service", SERVICE, "grpc_method", method, "grpc_code", code)
        .timer();
  }

  private static ActivatedJob job(final long key) {
    return new ActivatedJob(
        key,
        "t",
        1,
        "p",
        1,
        1,
        "e",
        1,
        JsonDocument.EMPTY,
        "w",
        1,
        1,
        JsonDocument.EMPTY,
        "<default>",
        "BPMN_ELEMENT",
        "UNSPECIFIED");
  }
}

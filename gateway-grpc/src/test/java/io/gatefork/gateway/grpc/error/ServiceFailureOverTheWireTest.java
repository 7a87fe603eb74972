package io.gatefork.gateway.grpc.error;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TopologyRequest;
import io.gatefork.gateway.grpc.support.TestGateway;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.topology.ClusterTopology;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** What a client sees when the service fails: the mapped code and the service's message. */
class ServiceFailureOverTheWireTest {
  private static TestGateway gateway;

  @BeforeAll
  static void start() {
    gateway = new TestGateway();
  }

  @AfterAll
  static void stop() throws InterruptedException {
    gateway.close();
  }

  @BeforeEach
  void reset() {
    gateway.resetFakes();
    gateway.fakes.topology.topology(new ClusterTopology(java.util.List.of(), 0, 0, 0, "x", null));
  }

  @ParameterizedTest
  @EnumSource(ServiceStatus.class)
  void failedServiceFutureReachesTheClientAsMappedStatus(final ServiceStatus status) {
    gateway.fakes.jobs.complete.failWith(new ServiceException(status, "service says " + status));

    final var error =
        catchThrowableOfType(
            StatusRuntimeException.class,
            () ->
                gateway.client().completeJob(CompleteJobRequest.newBuilder().setJobKey(1).build()));

    assertThat(error).isNotNull();
    assertThat(error.getStatus().getCode()).isEqualTo(GrpcStatusMapper.code(status));
    assertThat(error.getStatus().getDescription()).isEqualTo("service says " + status);
  }

  @Test
  void failedActivationEndsTheStreamWithTheMappedStatus() {
    gateway.fakes.jobs.activate.failWith(
        new ServiceException(ServiceStatus.RESOURCE_EXHAUSTED, "no jobs and backpressure"));

    final var error =
        catchThrowableOfType(
            StatusRuntimeException.class,
            () ->
                gateway
                    .client()
                    .activateJobs(
                        ActivateJobsRequest.newBuilder()
                            .setType("t")
                            .setTimeout(1000)
                            .setMaxJobsToActivate(1)
                            .build())
                    .hasNext());

    assertThat(error).isNotNull();
    assertThat(error.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
    assertThat(error.getStatus().getDescription()).isEqualTo("no jobs and backpressure");
  }

  @Test
  void serviceThrowingSynchronouslyIsMappedToo() {
    gateway.fakes.topology.topology(null); // the mapper trips over it: a bug, reported as INTERNAL

    final var error =
        catchThrowableOfType(
            StatusRuntimeException.class,
            () -> gateway.client().topology(TopologyRequest.getDefaultInstance()));

    assertThat(error).isNotNull();
    assertThat(error.getStatus().getCode()).isEqualTo(Status.Code.INTERNAL);
  }
}

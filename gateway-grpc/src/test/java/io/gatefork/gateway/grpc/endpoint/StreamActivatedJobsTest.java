package io.gatefork.gateway.grpc.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.StreamActivatedJobsRequest;
import io.gatefork.gateway.grpc.support.TestGateway;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.job.ActivatedJob;
import io.gatefork.service.job.JobStreamObserver;
import io.gatefork.service.job.StreamJobs;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** StreamActivatedJobs over a real loopback server with a fake job stream service. */
class StreamActivatedJobsTest {
  /**
   * A stream that is not ready for this long after a push is held back by the client's flow-control
   * window, not still writing the job (on loopback a matter of milliseconds).
   */
  private static final Duration BLOCKED_WHEN_NOT_READY_FOR = Duration.ofMillis(500);

  private static final StreamActivatedJobsRequest REQUEST =
      StreamActivatedJobsRequest.newBuilder()
          .setType("ship")
          .setWorker("w1")
          .setTimeout(30_000)
          .addFetchVariable("orderId")
          .build();

  private TestGateway gateway;
  private final Queue<GatewayOuterClass.ActivatedJob> received = new ConcurrentLinkedQueue<>();
  private final CompletableFuture<Void> ended = new CompletableFuture<>();
  private final CompletableFuture<ClientCallStreamObserver<StreamActivatedJobsRequest>> call =
      new CompletableFuture<>();

  @BeforeEach
  void start() {
    gateway = new TestGateway();
  }

  @AfterEach
  void stop() throws InterruptedException {
    gateway.close();
  }

  @Test
  void theStreamIsOpenedWithTheRequestAndPushedJobsReachTheClient() {
    final JobStreamObserver observer = open(false);

    assertThat(gateway.fakes.jobStreams.open.lastCall().command())
        .isEqualTo(new StreamJobs("ship", "w1", 30_000L, List.of("orderId"), List.of()));
    assertThat(observer.isReady()).isTrue();
    observer.onJob(job(7L, "{\"orderId\":\"A-1\"}"));
    observer.onJob(job(8L, "{}"));

    await().atMost(Duration.ofSeconds(5)).until(() -> received.size() == 2);
    assertThat(received).extracting(GatewayOuterClass.ActivatedJob::getKey).containsExactly(7L, 8L);
    assertThat(received.peek().getType()).isEqualTo("ship");
    assertThat(received.peek().getVariables()).isEqualTo("{\"orderId\":\"A-1\"}");
    assertThat(ended).isNotDone();
  }

  @Test
  void aClientThatStopsReadingMakesTheStreamNotReadyUntilItReadsAgain() {
    final JobStreamObserver observer = open(true);
    final String bigVariables = "{\"blob\":\"" + "x".repeat(100_000) + "\"}";

    int pushed = 0;
    boolean ready = observer.isReady();
    while (ready && pushed < 200) {
      observer.onJob(job(pushed + 1, bigVariables));
      pushed++;
      // ready again once the transport wrote the job into what the client's window still takes
      ready = becomesReadyWithin(observer, BLOCKED_WHEN_NOT_READY_FOR);
    }

    // the client's flow-control window (1 MiB) holds about ten of these
    assertThat(pushed)
        .as("jobs written before the stream reported not ready")
        .isPositive()
        .isLessThan(200);
    assertThat(observer.isReady()).isFalse();

    final int total = pushed;
    call.join().request(total);
    await().atMost(Duration.ofSeconds(10)).until(observer::isReady);
    await().atMost(Duration.ofSeconds(10)).until(() -> received.size() == total);
  }

  @Test
  void cancellingTheCallClosesTheStreamAndRefusesLaterJobs() {
    final JobStreamObserver observer = open(false);

    call.join().cancel("worker closed", null);

    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> gateway.fakes.jobStreams.lastStream().closed.get() == 1);
    assertThat(observer.isReady()).isFalse();
    assertThatThrownBy(() -> observer.onJob(job(9L, "{}"))).isInstanceOf(ServiceException.class);
  }

  @Test
  void aStreamThatCannotBeRegisteredEndsTheCallWithItsStatus() {
    gateway.fakes.jobStreams.open.failWith(
        new ServiceException(
            ServiceStatus.UNAVAILABLE, "Failed to register new job stream: closed"));

    gateway.asyncClient().streamActivatedJobs(REQUEST, collecting(false));

    final var status = statusOf(ended);
    assertThat(status.getCode()).isEqualTo(Status.Code.UNAVAILABLE);
    assertThat(status.getDescription()).isEqualTo("Failed to register new job stream: closed");
    assertThat(gateway.fakes.jobStreams.lastStream().closed).hasValue(1);
  }

  @Test
  void shuttingTheServerDownEndsOpenStreamsAsUnavailable() {
    open(false);

    gateway.server.close();

    final var status = statusOf(ended);
    assertThat(status.getCode()).isEqualTo(Status.Code.UNAVAILABLE);
    assertThat(status.getDescription()).isEqualTo("The gateway is shutting down");
    assertThat(gateway.fakes.jobStreams.lastStream().closed).hasValue(1);
  }

  private JobStreamObserver open(final boolean manualFlowControl) {
    gateway.asyncClient().streamActivatedJobs(REQUEST, collecting(manualFlowControl));
    await().atMost(Duration.ofSeconds(5)).until(() -> gateway.fakes.jobStreams.open.count() == 1);
    call.join();
    return gateway.fakes.jobStreams.open.lastCall().observer();
  }

  private ClientResponseObserver<StreamActivatedJobsRequest, GatewayOuterClass.ActivatedJob>
      collecting(final boolean manualFlowControl) {
    return new ClientResponseObserver<>() {
      @Override
      public void beforeStart(
          final ClientCallStreamObserver<StreamActivatedJobsRequest> requestStream) {
        if (manualFlowControl) {
          requestStream.disableAutoRequestWithInitial(0);
        }
        call.complete(requestStream);
      }

      @Override
      public void onNext(final GatewayOuterClass.ActivatedJob value) {
        received.add(value);
      }

      @Override
      public void onError(final Throwable t) {
        ended.completeExceptionally(t);
      }

      @Override
      public void onCompleted() {
        ended.complete(null);
      }
    };
  }

  private static Status statusOf(final CompletableFuture<Void> ended) {
    try {
      ended.get(10, TimeUnit.SECONDS);
    } catch (final Exception e) {
      final Throwable cause = e.getCause();
      if (cause instanceof final StatusRuntimeException status) {
        return status.getStatus();
      }
      throw new AssertionError("unexpected end of the call", e);
    }
    throw new AssertionError("the call completed without error");
  }

  private static ActivatedJob job(final long key, final String variables) {
    return new ActivatedJob(
        key,
        "ship",
        200L,
        "order",
        1,
        100L,
        "task",
        300L,
        JsonDocument.EMPTY,
        "w1",
        3,
        1_700_000_000_000L,
        JsonDocument.ofJson(variables),
        "<default>",
        "BPMN_ELEMENT",
        "UNSPECIFIED");
  }

  /** False when the observer stayed not ready for that long (the client's window is full). */
  private static boolean becomesReadyWithin(
      final JobStreamObserver observer, final Duration timeout) {
    try {
      await()
          .atMost(timeout)
          .pollInSameThread()
          .pollDelay(Duration.ZERO)
          .pollInterval(Duration.ofMillis(1))
          .until(observer::isReady);
      return true;
    } catch (final ConditionTimeoutException stillNotReady) {
      return false;
    }
  }
}

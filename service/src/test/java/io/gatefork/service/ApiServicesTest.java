package io.gatefork.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.camunda.zeebe.protocol.impl.record.value.message.MessageRecord;
import io.camunda.zeebe.protocol.record.ErrorCode;
import io.camunda.zeebe.protocol.record.RejectionType;
import io.gatefork.broker.client.BrokerClientException;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.executor.ApiExecutor;
import io.gatefork.service.executor.ApiExecutorStrategy;
import io.gatefork.service.stage.RequestSpan;
import io.gatefork.service.stage.Stage;
import io.gatefork.service.testing.CountingExecutor;
import io.gatefork.service.testing.FakeBrokerClient;
import io.gatefork.service.testing.TestSettings;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ApiServicesTest {
  private final FakeBrokerClient broker = new FakeBrokerClient();
  private ApiExecutor apiExecutor;

  @AfterEach
  void close() {
    broker.close();
    if (apiExecutor != null) {
      apiExecutor.close();
    }
  }

  @Test
  void dedicatedStrategyHandlesResponsesOnApiServiceThreads() throws Exception {
    final var services = new ProbeServices(executor(ApiExecutorStrategy.DEDICATED));

    final Thread handler = services.publish(RequestContext.create()).get(5, TimeUnit.SECONDS);

    assertThat(handler.getName()).startsWith(ApiExecutor.THREAD_NAME_PREFIX);
  }

  @Test
  void commonPoolStrategyHandlesResponsesOnTheCommonPool() throws Exception {
    // JDK 21 with a common-pool parallelism of 1 uses a thread per task for handleAsync instead
    assumeThat(new CompletableFuture<Void>().defaultExecutor()).isSameAs(ForkJoinPool.commonPool());
    final var services = new ProbeServices(executor(ApiExecutorStrategy.COMMON_POOL));

    final Thread handler = services.publish(RequestContext.create()).get(5, TimeUnit.SECONDS);

    assertThat(handler).isInstanceOf(ForkJoinWorkerThread.class);
    assertThat(((ForkJoinWorkerThread) handler).getPool()).isSameAs(ForkJoinPool.commonPool());
  }

  @Test
  void directStrategyHandlesResponsesOnTheCompletingTransportThread() throws Exception {
    final var services = new ProbeServices(executor(ApiExecutorStrategy.DIRECT));
    // answer only once the handler is attached, as a real broker round trip would
    final var answer = new CountDownLatch(1);
    broker.respondWith(
        sent -> {
          awaitQuietly(answer);
          return FakeBrokerClient.echo(sent, 1L);
        });

    final var future = services.publish(RequestContext.create());
    answer.countDown();

    assertThat(future.get(5, TimeUnit.SECONDS).getName())
        .isEqualTo(FakeBrokerClient.TRANSPORT_THREAD);
  }

  @Test
  void anAcceptedResponseTakesExactlyOneExecutorHop() throws Exception {
    final var counting = new CountingExecutor(executor(ApiExecutorStrategy.DEDICATED));
    final var services = new ProbeServices(counting);

    services.publish(RequestContext.create()).get(5, TimeUnit.SECONDS);

    assertThat(counting.submissions()).isEqualTo(1);
  }

  @Test
  void aRejectionTakesExactlyOneExecutorHop() {
    final var counting = new CountingExecutor(executor(ApiExecutorStrategy.DEDICATED));
    final var services = new ProbeServices(counting);
    broker.respondWith(sent -> FakeBrokerClient.rejected(sent, RejectionType.NOT_FOUND, "gone"));

    assertThatThrownBy(() -> services.publish(RequestContext.create()).get(5, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOf(ServiceException.class);
    assertThat(counting.submissions()).isEqualTo(1);
  }

  @Test
  void aTransportFailureTakesExactlyOneExecutorHopAndMapsToAStatus() {
    final var counting = new CountingExecutor(executor(ApiExecutorStrategy.DEDICATED));
    final var services = new ProbeServices(counting);
    broker.respondWith(sent -> new BrokerClientException.Timeout("MESSAGE#PUBLISH", 15_000));

    final var future = services.publish(RequestContext.create());

    assertThatThrownBy(() -> future.get(5, TimeUnit.SECONDS))
        .cause()
        .isInstanceOf(ServiceException.class)
        .extracting(e -> ((ServiceException) e).status())
        .isEqualTo(ServiceStatus.DEADLINE_EXCEEDED);
    assertThat(counting.submissions()).isEqualTo(1);
  }

  @Test
  void anErrorAnswerFailsWithItsMappedStatus() {
    final var services = new ProbeServices(executor(ApiExecutorStrategy.DEDICATED));
    broker.respondWith(sent -> FakeBrokerClient.error(ErrorCode.RESOURCE_EXHAUSTED, "busy"));

    assertThatThrownBy(() -> services.publish(RequestContext.create()).get(5, TimeUnit.SECONDS))
        .cause()
        .isInstanceOf(ServiceException.class)
        .hasMessage("busy")
        .extracting(e -> ((ServiceException) e).status())
        .isEqualTo(ServiceStatus.RESOURCE_EXHAUSTED);
  }

  @Test
  void aFailingMappingBecomesInternal() {
    final var services = new ProbeServices(executor(ApiExecutorStrategy.DEDICATED));

    final var future =
        services.publishMapping(
            RequestContext.create(),
            answer -> {
              throw new IllegalStateException("bug");
            });

    assertThatThrownBy(() -> future.get(5, TimeUnit.SECONDS))
        .cause()
        .isInstanceOf(ServiceException.class)
        .extracting(e -> ((ServiceException) e).status())
        .isEqualTo(ServiceStatus.INTERNAL);
  }

  @Test
  void aTracedAnswerIsHandledAndChainedOnWithItsSpanOpen() throws Exception {
    final var services = new ProbeServices(executor(ApiExecutorStrategy.DEDICATED));
    final var span = new ScopeProbe();
    final var context = RequestContext.create();
    context.timing().traced(span);
    final var answer = new CountDownLatch(1);
    broker.respondWith(
        sent -> {
          awaitQuietly(answer);
          return FakeBrokerClient.echo(sent, 1L);
        });

    final CompletableFuture<Boolean> mapped =
        services.publishMapping(context, accepted -> span.open.get());
    final CompletableFuture<Boolean> chained = mapped.thenApply(m -> m && span.open.get());
    answer.countDown();

    assertThat(chained.get(5, TimeUnit.SECONDS))
        .as("open while mapping and in what the front end chained on")
        .isTrue();
    assertThat(span.opened).hasValue(1);
  }

  /** A span that tells whether it is open on the asking thread. */
  private static final class ScopeProbe implements RequestSpan {
    final ThreadLocal<Boolean> open = ThreadLocal.withInitial(() -> false);
    final java.util.concurrent.atomic.AtomicInteger opened =
        new java.util.concurrent.atomic.AtomicInteger();

    @Override
    public Scope open() {
      opened.incrementAndGet();
      open.set(true);
      return () -> open.set(false);
    }

    @Override
    public String traceparent() {
      return null;
    }

    @Override
    public void jobHandedOut(final long jobKey) {}

    @Override
    public void end(
        final io.gatefork.service.operation.Operation operation,
        final io.gatefork.service.stage.RequestTiming timing,
        final io.gatefork.service.stage.RequestOutcome outcome) {}

    @Override
    public void attempted(
        final int partitionId,
        final int brokerNodeId,
        final long sentNanos,
        final long endedNanos,
        final String outcome) {}
  }

  @Test
  void marksEveryServiceStageOfTheTiming() throws Exception {
    final var services = new ProbeServices(executor(ApiExecutorStrategy.DEDICATED));
    final var context = RequestContext.create();
    context.timing().entered();

    services.publish(context).get(5, TimeUnit.SECONDS);

    for (final Stage stage :
        new Stage[] {Stage.DISPATCH, Stage.BROKER, Stage.QUEUE, Stage.MAPPING}) {
      assertThat(context.timing().nanos(stage)).as(stage.tag()).isGreaterThanOrEqualTo(0);
    }
    assertThat(context.timing().nanos(Stage.WRITE)).isEqualTo(-1);
  }

  private static void awaitQuietly(final CountDownLatch latch) {
    try {
      latch.await(5, TimeUnit.SECONDS);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private Executor executor(final ApiExecutorStrategy strategy) {
    apiExecutor = new ApiExecutor(TestSettings.executor(strategy), new SimpleMeterRegistry(), 2);
    return apiExecutor;
  }

  /** Sends a message publication and reports the thread its answer was handled on. */
  private final class ProbeServices extends ApiServices {
    ProbeServices(final Executor executor) {
      super(broker, executor);
    }

    CompletableFuture<Thread> publish(final RequestContext context) {
      return publishMapping(context, answer -> Thread.currentThread());
    }

    <R> CompletableFuture<R> publishMapping(
        final RequestContext context,
        final java.util.function.Function<
                io.gatefork.broker.client.BrokerResult.Accepted<MessageRecord>, R>
            mapping) {
      final var record = new MessageRecord().setName("m").setCorrelationKey("c").setTimeToLive(0);
      return send(context, BrokerRequests.publishMessage(record), mapping);
    }
  }
}

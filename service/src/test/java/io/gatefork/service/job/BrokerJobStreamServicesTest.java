package io.gatefork.service.job;

import static io.gatefork.service.testing.ServiceAssertions.assertFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.zeebe.util.buffer.BufferUtil;
import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.testing.FakeJobStreamClient;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.agrona.DirectBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BrokerJobStreamServicesTest {
  private static final long JOB_KEY = 2251799813685249L;

  private final FakeJobStreamClient client = new FakeJobStreamClient();
  private final ExecutorService apiExecutor =
      Executors.newSingleThreadExecutor(r -> new Thread(r, "api-executor"));
  private final BrokerJobStreamServices services = new BrokerJobStreamServices(client, apiExecutor);
  private final RecordingJobStreamObserver observer = new RecordingJobStreamObserver();

  @AfterEach
  void stop() {
    apiExecutor.shutdownNow();
  }

  private static StreamJobs command(final String type) {
    return new StreamJobs(type, "worker-1", 30_000L, List.of("a", "b"), List.of());
  }

  @Test
  void openRegistersTheTypeWorkerTimeoutVariablesAndTheDefaultTenant() throws Exception {
    final var stream = services.open(RequestContext.create(), command("ship"), observer);

    stream.registered().get(5, TimeUnit.SECONDS);
    final var added = client.added().getFirst();
    assertThat(added.jobType()).isEqualTo("ship");
    assertThat(BufferUtil.bufferAsString(added.properties().worker())).isEqualTo("worker-1");
    assertThat(added.properties().timeout()).isEqualTo(30_000L);
    assertThat(added.properties().fetchVariables())
        .map(BufferUtil::bufferAsString)
        .containsExactly("a", "b");
    // without it the engine would never pick the stream for default-tenant jobs
    assertThat(added.properties().tenantIds()).containsExactly("<default>");
  }

  @Test
  void badInputFailsTheStreamNamingTheFieldAndRegistersNothing() {
    assertFails(
        services.open(RequestContext.create(), command(" "), observer).registered(),
        ServiceStatus.INVALID_ARGUMENT,
        "type");
    assertFails(
        services
            .open(
                RequestContext.create(),
                new StreamJobs("ship", "w", 0L, List.of(), List.of()),
                observer)
            .registered(),
        ServiceStatus.INVALID_ARGUMENT,
        "timeout");
    assertFails(
        services
            .open(
                RequestContext.create(),
                new StreamJobs("ship", "w", 1L, List.of(""), List.of()),
                observer)
            .registered(),
        ServiceStatus.INVALID_ARGUMENT,
        "fetchVariables");
    assertThat(client.added()).isEmpty();
  }

  @Test
  void aPushedJobReachesTheObserverOnTheApiExecutor() throws Exception {
    services.open(RequestContext.create(), command("ship"), observer).registered().join();

    client.added().getFirst().push(payload(JOB_KEY)).get(5, TimeUnit.SECONDS);

    assertThat(observer.threads).containsOnly("api-executor");
    assertThat(observer.jobs)
        .singleElement()
        .satisfies(
            job -> {
              assertThat(job.key()).isEqualTo(JOB_KEY);
              assertThat(job.type()).isEqualTo("ship");
              assertThat(job.processInstanceKey()).isEqualTo(200L);
              assertThat(job.variables().toJson()).isEqualTo("{\"orderId\":\"A-1\"}");
              assertThat(job.customHeaders().toJson()).isEqualTo("{\"h\":\"v\"}");
              assertThat(job.worker()).isEqualTo("worker-1");
            });
  }

  @Test
  void aPushIsRefusedWhileTheClientIsNotReadySoTheBrokerYieldsTheJob() {
    services.open(RequestContext.create(), command("ship"), observer).registered().join();
    observer.ready = false;

    final var push = client.added().getFirst().push(payload(JOB_KEY));

    assertThatThrownBy(() -> push.get(5, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOf(ServiceException.class);
    assertThat(observer.jobs).isEmpty();
  }

  @Test
  void aPushIsRefusedWhenTheObserverCannotSendIt() {
    services.open(RequestContext.create(), command("ship"), observer).registered().join();
    observer.failure = new IllegalStateException("call closed");

    final var push = client.added().getFirst().push(payload(JOB_KEY));

    assertThatThrownBy(() -> push.get(5, TimeUnit.SECONDS))
        .cause()
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("call closed");
  }

  @Test
  void closingRemovesTheStreamAndRefusesLaterPushes() {
    final var stream = services.open(RequestContext.create(), command("ship"), observer);
    stream.registered().join();
    final var added = client.added().getFirst();

    stream.close();
    stream.close();

    assertThat(client.removed()).containsExactly(added.id());
    assertThatThrownBy(() -> added.push(payload(JOB_KEY)).get(5, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class);
    assertThat(observer.jobs).isEmpty();
  }

  @Test
  void aStreamClosedBeforeItsRegistrationCompletedIsRemovedOnceRegistered() {
    client.pendingAdd = new CompletableFuture<>();
    final var stream = services.open(RequestContext.create(), command("ship"), observer);

    stream.close();
    assertThat(client.removed()).isEmpty();
    client.pendingAdd.complete(null);

    assertThat(client.removed()).containsExactly(client.added().getFirst().id());
  }

  @Test
  void aStreamThatCannotBeRegisteredFailsAsUnavailable() {
    client.pendingAdd = CompletableFuture.failedFuture(new IllegalStateException("closed"));

    assertFails(
        services.open(RequestContext.create(), command("ship"), observer).registered(),
        ServiceStatus.UNAVAILABLE,
        "Failed to register new job stream");
  }

  private static DirectBuffer payload(final long key) {
    return PushedJobs.payload(key, "ship", "worker-1", "{\"orderId\":\"A-1\"}");
  }
}

package io.gatefork.service.testing;

import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.camunda.zeebe.protocol.record.ErrorCode;
import io.camunda.zeebe.protocol.record.RejectionType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.Intent;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.BrokerClientConfig;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.jobs.JobAvailableNotifications;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.request.PartitionTarget;
import io.gatefork.broker.client.topology.BrokerTopology;
import io.gatefork.broker.client.topology.BrokerTopologyListener;
import io.gatefork.broker.client.topology.TestTopologies;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.Function;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A broker client without a cluster: records every request (with a copy of its record as sent) and
 * answers it on a separate "transport" thread, as the real client answers on the messaging thread.
 * The answer comes from a responder: a {@link BrokerResult} or a {@link Throwable}.
 */
public final class FakeBrokerClient implements BrokerClient {
  public static final String TRANSPORT_THREAD = "fake-transport";

  private final ExecutorService transport =
      Executors.newSingleThreadExecutor(
          Thread.ofPlatform().name(TRANSPORT_THREAD).daemon().factory());
  private final List<Sent> sent = new CopyOnWriteArrayList<>();
  private final FakeEventService events = new FakeEventService();
  private final JobAvailableNotifications notifications = new JobAvailableNotifications(events);
  private final FakeJobStreamClient jobStreams = new FakeJobStreamClient();
  private volatile BrokerTopology topology = TestTopologies.singleBrokerLeading(1);
  private volatile Function<Sent, Object> responder = sent -> echo(sent, 1L);

  public FakeBrokerClient() {
    notifications.start().join();
  }

  /** How a request was sent. */
  public enum Method {
    SEND,
    SEND_WITH_PARTITION_RETRY
  }

  /** One request as it was sent; {@code value} is the record's bytes at that moment. */
  public record Sent(
      BrokerRequest<?> request, Method method, Duration timeout, byte[] value, String thread) {

    public ValueType valueType() {
      return request.valueType();
    }

    public Intent intent() {
      return request.intent();
    }

    /** The partition a fixed-target request (job activation) went to, else -1. */
    public int partitionId() {
      return request.target() instanceof PartitionTarget.Fixed fixed ? fixed.partitionId() : -1;
    }

    /** Reads the record as sent into {@code empty}. */
    public <V extends UnifiedRecordValue> V valueAs(final V empty) {
      empty.wrap(new UnsafeBuffer(value));
      return empty;
    }
  }

  public FakeBrokerClient respondWith(final Function<Sent, Object> newResponder) {
    responder = newResponder;
    return this;
  }

  public FakeBrokerClient topology(final BrokerTopology newTopology) {
    topology = newTopology;
    return this;
  }

  public List<Sent> sent() {
    return List.copyOf(sent);
  }

  public List<Sent> sent(final ValueType valueType) {
    return sent.stream().filter(s -> s.valueType() == valueType).toList();
  }

  /** A broker announcing jobs of this type, delivered on the transport thread. */
  public void notifyJobsAvailable(final String jobType) {
    transport.execute(() -> events.publish(jobType));
  }

  /** As {@link #notifyJobsAvailable} but on the calling thread, e.g. inside a responder. */
  public void notifyJobsAvailableNow(final String jobType) {
    events.publish(jobType);
  }

  /** Waits until everything handed to the transport thread so far has run. */
  public void flush() {
    CompletableFuture.runAsync(() -> {}, transport).join();
  }

  // --- answers

  /** Accepted, with a response record filled by {@code filler}. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static <T extends UnifiedRecordValue> BrokerResult<T> accepted(
      final Sent sent, final long key, final Consumer<T> filler) {
    final BrokerRequest<T> request = (BrokerRequest<T>) sent.request();
    final T value = request.newResponseValue();
    filler.accept(value);
    final var buffer = new UnsafeBuffer(new byte[value.getLength()]);
    value.write(buffer, 0);
    return new BrokerResult.Accepted(
        1, key, request.intent(), request.newResponseValue(), buffer, 0, buffer.capacity());
  }

  /** Accepted, answering with the record as it was sent (what the broker does for many). */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static <T extends UnifiedRecordValue> BrokerResult<T> echo(
      final Sent sent, final long key) {
    final var buffer = new UnsafeBuffer(sent.value());
    return new BrokerResult.Accepted(
        1, key, sent.intent(), sent.request().newResponseValue(), buffer, 0, buffer.capacity());
  }

  public static <T extends UnifiedRecordValue> BrokerResult<T> rejected(
      final Sent sent, final RejectionType type, final String reason) {
    return new BrokerResult.Rejected<>(1, sent.request().key(), sent.intent(), type, reason);
  }

  public static <T extends UnifiedRecordValue> BrokerResult<T> error(
      final ErrorCode code, final String message) {
    return new BrokerResult.Error<>(1, code, message);
  }

  // --- BrokerClient

  @Override
  public <T extends UnifiedRecordValue> CompletableFuture<BrokerResult<T>> send(
      final BrokerRequest<T> request) {
    return record(request, Method.SEND, null);
  }

  @Override
  public <T extends UnifiedRecordValue> CompletableFuture<BrokerResult<T>> send(
      final BrokerRequest<T> request, final Duration timeout) {
    return record(request, Method.SEND, timeout);
  }

  @Override
  public <T extends UnifiedRecordValue> CompletableFuture<BrokerResult<T>> sendWithPartitionRetry(
      final BrokerRequest<T> request, final Duration timeout) {
    return record(request, Method.SEND_WITH_PARTITION_RETRY, timeout);
  }

  @SuppressWarnings("unchecked")
  private <T extends UnifiedRecordValue> CompletableFuture<BrokerResult<T>> record(
      final BrokerRequest<T> request, final Method method, final Duration timeout) {
    final var bytes = new byte[request.value().getLength()];
    request.value().write(new UnsafeBuffer(bytes), 0);
    final var entry = new Sent(request, method, timeout, bytes, Thread.currentThread().getName());
    sent.add(entry);
    final var future = new CompletableFuture<BrokerResult<T>>();
    transport.execute(
        () -> {
          Object answer;
          try {
            answer = responder.apply(entry);
          } catch (final Throwable t) {
            answer = t;
          }
          if (answer instanceof Throwable failure) {
            future.completeExceptionally(failure);
          } else {
            future.complete((BrokerResult<T>) answer);
          }
        });
    return future;
  }

  @Override
  public BrokerTopology topology() {
    return topology;
  }

  @Override
  public void addTopologyListener(final BrokerTopologyListener listener) {}

  @Override
  public void removeTopologyListener(final BrokerTopologyListener listener) {}

  @Override
  public JobAvailableNotifications jobAvailableNotifications() {
    return notifications;
  }

  @Override
  public FakeJobStreamClient jobStreams() {
    return jobStreams;
  }

  @Override
  public BrokerClientConfig config() {
    return BrokerClientConfig.testDefaults().build();
  }

  @Override
  public void close() {
    transport.shutdownNow();
  }
}

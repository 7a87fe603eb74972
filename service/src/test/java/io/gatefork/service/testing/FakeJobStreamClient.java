package io.gatefork.service.testing;

import io.camunda.zeebe.protocol.impl.stream.job.JobActivationProperties;
import io.camunda.zeebe.protocol.impl.stream.job.JobActivationPropertiesImpl;
import io.camunda.zeebe.transport.stream.api.ClientStreamId;
import io.gatefork.broker.client.jobs.JobPushConsumer;
import io.gatefork.broker.client.jobs.JobStreamClient;
import io.gatefork.broker.client.jobs.JobStreamInfo;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Job streams without brokers: records what was added and removed; a test pushes jobs into a
 * stream's consumer as a broker would.
 */
public final class FakeJobStreamClient implements JobStreamClient {
  private final List<Added> added = new CopyOnWriteArrayList<>();
  private final List<ClientStreamId> removed = new CopyOnWriteArrayList<>();

  /** When set, {@link #add} answers with it instead of registering at once. */
  public volatile CompletableFuture<ClientStreamId> pendingAdd;

  /** One stream as added; the properties are a copy as sent. */
  public record Added(
      String jobType,
      JobActivationPropertiesImpl properties,
      JobPushConsumer consumer,
      ClientStreamId id) {

    /** Pushes a payload the way the broker client does: a private copy. */
    public CompletableFuture<Void> push(final DirectBuffer payload) {
      final byte[] copy = new byte[payload.capacity()];
      payload.getBytes(0, copy);
      return consumer.push(new UnsafeBuffer(copy)).toCompletableFuture();
    }
  }

  public List<Added> added() {
    return List.copyOf(added);
  }

  public List<ClientStreamId> removed() {
    return List.copyOf(removed);
  }

  @Override
  public CompletableFuture<ClientStreamId> add(
      final String jobType,
      final JobActivationProperties properties,
      final JobPushConsumer consumer) {
    final var copy = new JobActivationPropertiesImpl();
    final var buffer = new UnsafeBuffer(new byte[properties.getLength()]);
    properties.write(buffer, 0);
    copy.wrap(buffer);
    final ClientStreamId id = new ClientStreamId() {};
    added.add(new Added(jobType, copy, consumer, id));
    final var pending = pendingAdd;
    return pending != null
        ? pending.thenApply(ignored -> id)
        : CompletableFuture.completedFuture(id);
  }

  @Override
  public CompletableFuture<Void> remove(final ClientStreamId streamId) {
    removed.add(streamId);
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public CompletableFuture<List<JobStreamInfo>> streams() {
    return CompletableFuture.completedFuture(
        added.stream()
            .filter(a -> !removed.contains(a.id()))
            .map(a -> new JobStreamInfo(a.jobType(), "", Set.of()))
            .toList());
  }
}

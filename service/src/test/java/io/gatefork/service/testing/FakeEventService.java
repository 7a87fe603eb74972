package io.gatefork.service.testing;

import io.atomix.cluster.MemberId;
import io.atomix.cluster.messaging.ClusterEventService;
import io.atomix.cluster.messaging.Subscription;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;

/** Just enough of a cluster event service for {@code JobAvailableNotifications}. */
final class FakeEventService implements ClusterEventService {
  private final List<Consumer<Object>> consumers = new CopyOnWriteArrayList<>();

  void publish(final Object message) {
    consumers.forEach(c -> c.accept(message));
  }

  @Override
  public <M> void broadcast(final String topic, final M message, final Function<M, byte[]> enc) {
    publish(message);
  }

  @Override
  @SuppressWarnings("unchecked")
  public <M> CompletableFuture<Subscription> subscribe(
      final String topic,
      final Function<byte[], M> decoder,
      final Consumer<M> handler,
      final Executor executor) {
    final Consumer<Object> consumer = m -> executor.execute(() -> handler.accept((M) m));
    consumers.add(consumer);
    return CompletableFuture.completedFuture(
        new Subscription() {
          @Override
          public String topic() {
            return topic;
          }

          @Override
          public CompletableFuture<Void> close() {
            consumers.remove(consumer);
            return CompletableFuture.completedFuture(null);
          }
        });
  }

  @Override
  public <M, R> CompletableFuture<Subscription> subscribe(
      final String topic,
      final Function<byte[], M> decoder,
      final Function<M, R> handler,
      final Function<R, byte[]> encoder,
      final Executor executor) {
    throw new UnsupportedOperationException();
  }

  @Override
  public <M, R> CompletableFuture<Subscription> subscribe(
      final String topic,
      final Function<byte[], M> decoder,
      final Function<M, CompletableFuture<R>> handler,
      final Function<R, byte[]> encoder) {
    throw new UnsupportedOperationException();
  }

  @Override
  public List<Subscription> getSubscriptions(final String topic) {
    return List.of();
  }

  @Override
  public Set<MemberId> getSubscribers(final String topic) {
    return Set.of();
  }
}

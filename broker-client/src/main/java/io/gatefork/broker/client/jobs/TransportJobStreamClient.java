package io.gatefork.broker.client.jobs;

import io.atomix.cluster.MemberId;
import io.atomix.cluster.messaging.ClusterCommunicationService;
import io.camunda.zeebe.protocol.impl.stream.job.JobActivationProperties;
import io.camunda.zeebe.scheduler.ActorScheduler;
import io.camunda.zeebe.scheduler.future.ActorFuture;
import io.camunda.zeebe.scheduler.future.CompletableActorFuture;
import io.camunda.zeebe.transport.TransportFactory;
import io.camunda.zeebe.transport.stream.api.ClientStream;
import io.camunda.zeebe.transport.stream.api.ClientStreamId;
import io.camunda.zeebe.transport.stream.api.ClientStreamMetrics;
import io.camunda.zeebe.transport.stream.api.ClientStreamService;
import io.camunda.zeebe.util.buffer.BufferUtil;
import io.gatefork.broker.client.topology.BrokerNode;
import io.gatefork.broker.client.topology.BrokerTopologyListener;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link JobStreamClient} over zeebe-transport's client stream service (the stock gateway's job
 * stream client), which does the protocol work: {@code stream-add} to every known broker, retried
 * every second until acknowledged; {@code stream-recreate} answered by adding every stream again;
 * {@code stream-push} handed to the stream's consumer; {@code stream-remove-all} on close.
 *
 * <p>It only learns about brokers from us: as a {@link BrokerTopologyListener} it reports each
 * broker that joins ({@code onServerJoined}, which registers every stream there) and leaves.
 *
 * <p>The service is an actor; it gets a scheduler of its own, one CPU-bound and one I/O-bound
 * thread, created and stopped with this client.
 */
public final class TransportJobStreamClient
    implements JobStreamClient, BrokerTopologyListener, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TransportJobStreamClient.class);
  private static final long CLOSE_TIMEOUT_SECONDS = 10;

  private final ActorScheduler scheduler;
  private final ClientStreamService<JobActivationProperties> service;
  private volatile boolean closed;

  private TransportJobStreamClient(
      final ActorScheduler scheduler, final ClientStreamService<JobActivationProperties> service) {
    this.scheduler = scheduler;
    this.service = service;
  }

  /** Starts the scheduler and the stream service; blocks until both run. */
  public static TransportJobStreamClient start(
      final ClusterCommunicationService communication, final String name) {
    return start(communication, name, ClientStreamMetrics.noop());
  }

  /** As {@link #start(ClusterCommunicationService, String)}, reporting to {@code metrics}. */
  public static TransportJobStreamClient start(
      final ClusterCommunicationService communication,
      final String name,
      final ClientStreamMetrics metrics) {
    final ActorScheduler scheduler =
        ActorScheduler.newActorScheduler()
            .setSchedulerName(name)
            .setCpuBoundActorThreadCount(1)
            .setIoBoundActorThreadCount(1)
            .build();
    scheduler.start();
    try {
      final ClientStreamService<JobActivationProperties> service =
          new TransportFactory(scheduler).createRemoteStreamClient(communication, metrics);
      service.start(scheduler).join();
      return new TransportJobStreamClient(scheduler, service);
    } catch (final RuntimeException e) {
      stopQuietly(scheduler);
      throw e;
    }
  }

  @Override
  public CompletableFuture<ClientStreamId> add(
      final String jobType,
      final JobActivationProperties properties,
      final JobPushConsumer consumer) {
    if (closed) {
      return CompletableFuture.failedFuture(
          new IllegalStateException("The job stream client is closed"));
    }
    return service
        .streamer()
        .add(BufferUtil.wrapString(jobType), properties, payload -> push(consumer, payload))
        .toCompletableFuture();
  }

  @Override
  public CompletableFuture<Void> remove(final ClientStreamId streamId) {
    if (closed) {
      return CompletableFuture.completedFuture(null); // close removed every stream already
    }
    return service.streamer().remove(streamId).toCompletableFuture();
  }

  @Override
  public CompletableFuture<List<JobStreamInfo>> streams() {
    return service.streams().toCompletableFuture().thenApply(TransportJobStreamClient::describe);
  }

  @Override
  public void brokerAdded(final BrokerNode broker) {
    // idempotent: streams already registered there are not added twice
    service.onServerJoined(MemberId.from(broker.memberId()));
  }

  @Override
  public void brokerRemoved(final BrokerNode broker) {
    service.onServerRemoved(MemberId.from(broker.memberId()));
  }

  /**
   * The payload belongs to the transport and is reused once we return: the consumer gets a copy.
   * Its answer is turned into the actor future the transport waits for.
   */
  private static ActorFuture<Void> push(
      final JobPushConsumer consumer, final DirectBuffer payload) {
    final var acknowledged = new CompletableActorFuture<Void>();
    final byte[] copy = new byte[payload.capacity()];
    payload.getBytes(0, copy);
    final CompletionStage<Void> delivered;
    try {
      delivered = consumer.push(new UnsafeBuffer(copy));
    } catch (final RuntimeException e) {
      acknowledged.completeExceptionally(e);
      return acknowledged;
    }
    delivered.whenComplete(
        (ok, error) -> {
          if (error == null) {
            acknowledged.complete(null);
          } else {
            acknowledged.completeExceptionally(error);
          }
        });
    return acknowledged;
  }

  private static List<JobStreamInfo> describe(
      final Collection<ClientStream<JobActivationProperties>> streams) {
    final var infos = new ArrayList<JobStreamInfo>(streams.size());
    for (final ClientStream<JobActivationProperties> stream : streams) {
      final Set<String> brokers = new HashSet<>();
      stream.liveConnections().forEach(member -> brokers.add(member.id()));
      infos.add(
          new JobStreamInfo(
              BufferUtil.bufferAsString(stream.streamType()),
              BufferUtil.bufferAsString(stream.metadata().worker()),
              Set.copyOf(brokers)));
    }
    return infos;
  }

  /** Tells every broker to drop this gateway's streams, then stops the scheduler. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      service.closeAsync().join(CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (final RuntimeException e) {
      LOG.debug("Closing the job stream service failed", e);
    }
    stopQuietly(scheduler);
  }

  private static void stopQuietly(final ActorScheduler scheduler) {
    try {
      scheduler.stop().get(CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (final Exception e) {
      LOG.debug("Stopping the job stream scheduler failed", e);
    }
  }
}

package io.gatefork.broker.client.cluster;

import io.atomix.cluster.AtomixCluster;
import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.BrokerClientConfig;
import io.gatefork.broker.client.BrokerClientException;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.Timeouts;
import io.gatefork.broker.client.jobs.JobAvailableNotifications;
import io.gatefork.broker.client.jobs.JobStreamClient;
import io.gatefork.broker.client.jobs.TransportJobStreamClient;
import io.gatefork.broker.client.metrics.BrokerClientMetrics;
import io.gatefork.broker.client.metrics.JobStreamMetrics;
import io.gatefork.broker.client.metrics.PartitionRoleGauges;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.retry.RequestRetryHandler;
import io.gatefork.broker.client.routing.PartitionRouter;
import io.gatefork.broker.client.topology.BrokerTopology;
import io.gatefork.broker.client.topology.BrokerTopologyListener;
import io.gatefork.broker.client.topology.TopologyManager;
import io.gatefork.broker.client.transport.CommandCodec;
import io.gatefork.broker.client.transport.CommandDispatcher;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link BrokerClient} over an Atomix cluster member. The way to get a broker client: {@link
 * #start(BrokerClientConfig, MeterRegistry)}. It lives here, below the API, rather than behind a
 * factory in the root package: such a factory would make the root depend on this package again.
 */
public final class ClusterBrokerClient implements BrokerClient {
  private static final Logger LOG = LoggerFactory.getLogger(ClusterBrokerClient.class);

  private final BrokerClientConfig config;
  private final AtomixCluster cluster;
  private final TopologyManager topologyManager;
  private final PartitionRouter router = new PartitionRouter();
  private final ScheduledExecutorService retryScheduler;
  private final CommandDispatcher dispatcher;
  private final RequestRetryHandler retryHandler;
  private final JobAvailableNotifications jobNotifications;
  private volatile TransportJobStreamClient jobStreams;
  private final PartitionRoleGauges roleGauges;
  private final long defaultTimeoutNanos;

  private ClusterBrokerClient(final BrokerClientConfig config, final MeterRegistry registry) {
    this.config = config;
    defaultTimeoutNanos = config.requestTimeout().toNanos();
    cluster = GatewayClusterMember.create(config, registry);
    topologyManager = new TopologyManager(cluster.getMembershipService());
    retryScheduler =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("gatefork-broker-retry").daemon().factory());
    final var metrics = new BrokerClientMetrics(registry);
    dispatcher =
        new CommandDispatcher(
            cluster.getMessagingService(), topologyManager::topology, metrics, retryScheduler);
    retryHandler =
        new RequestRetryHandler(
            dispatcher, topologyManager::topology, router, config.resourceExhaustedRetry());
    jobNotifications = new JobAvailableNotifications(cluster.getEventService());
    roleGauges = new PartitionRoleGauges(registry);
  }

  /** Joins the cluster as a gateway member (never a broker) and starts learning the topology. */
  public static BrokerClient start(final BrokerClientConfig config, final MeterRegistry registry) {
    final var client = new ClusterBrokerClient(config, registry);
    client.cluster.start().join();
    client.topologyManager.start();
    client.topologyManager.addListener(client.roleGauges);
    client.jobNotifications.start().join();
    try {
      client.jobStreams =
          TransportJobStreamClient.start(
              client.cluster.getCommunicationService(),
              "gatefork-" + config.memberId(),
              new JobStreamMetrics(registry));
    } catch (final RuntimeException e) {
      client.close();
      throw e;
    }
    // replays the brokers known so far, so every stream reaches each of them
    client.topologyManager.addListener(client.jobStreams);
    LOG.info(
        "Gateway member '{}' joined cluster '{}' on {}:{} via {}",
        config.memberId(),
        config.clusterName(),
        config.host(),
        config.port(),
        config.initialContactPoints());
    return client;
  }

  @Override
  public <T extends UnifiedRecordValue> CompletableFuture<BrokerResult<T>> send(
      final BrokerRequest<T> request) {
    return send(request, defaultTimeoutNanos);
  }

  @Override
  public <T extends UnifiedRecordValue> CompletableFuture<BrokerResult<T>> send(
      final BrokerRequest<T> request, final Duration timeout) {
    return send(request, timeout == null ? defaultTimeoutNanos : Timeouts.nanos(timeout));
  }

  private <T extends UnifiedRecordValue> CompletableFuture<BrokerResult<T>> send(
      final BrokerRequest<T> request, final long timeoutNanos) {
    final int partitionId;
    try {
      partitionId = router.partitionFor(request.target(), topologyManager.topology());
    } catch (final BrokerClientException e) {
      return CompletableFuture.failedFuture(e);
    }
    return dispatcher.send(
        request, partitionId, CommandCodec.encode(request, partitionId), timeoutNanos, true);
  }

  @Override
  public <T extends UnifiedRecordValue> CompletableFuture<BrokerResult<T>> sendWithPartitionRetry(
      final BrokerRequest<T> request, final Duration timeout) {
    return retryHandler.send(
        request, timeout == null ? defaultTimeoutNanos : Timeouts.nanos(timeout));
  }

  @Override
  public BrokerTopology topology() {
    return topologyManager.topology();
  }

  @Override
  public void addTopologyListener(final BrokerTopologyListener listener) {
    topologyManager.addListener(listener);
  }

  @Override
  public void removeTopologyListener(final BrokerTopologyListener listener) {
    topologyManager.removeListener(listener);
  }

  @Override
  public JobAvailableNotifications jobAvailableNotifications() {
    return jobNotifications;
  }

  @Override
  public JobStreamClient jobStreams() {
    return jobStreams;
  }

  @Override
  public BrokerClientConfig config() {
    return config;
  }

  @Override
  public void close() {
    if (jobStreams != null) {
      // before leaving the cluster: brokers are told to drop our streams
      topologyManager.removeListener(jobStreams);
      jobStreams.close();
    }
    try {
      jobNotifications.close();
    } catch (final RuntimeException e) {
      LOG.debug("Closing job notifications failed", e);
    }
    topologyManager.stop();
    cluster.stop().orTimeout(10, TimeUnit.SECONDS).exceptionally(e -> null).join();
    retryScheduler.shutdownNow();
  }
}

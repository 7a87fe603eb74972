package io.gatefork.broker.client;

import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.gatefork.broker.client.jobs.JobAvailableNotifications;
import io.gatefork.broker.client.jobs.JobStreamClient;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.topology.BrokerTopology;
import io.gatefork.broker.client.topology.BrokerTopologyListener;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * The gateway's view of the cluster. Every future completes on the messaging thread: callers hop
 * onto their own executor before doing work (the service layer does, exactly once).
 */
public interface BrokerClient extends AutoCloseable {

  /** Joins the cluster as a gateway member (never a broker) and starts learning the topology. */
  static BrokerClient start(final BrokerClientConfig config, final MeterRegistry registry) {
    return ClusterBrokerClient.start(config, registry);
  }

  /**
   * Sends a command to the partition its target names; a leader change or an unreachable leader
   * is retried on that partition within the default request timeout.
   */
  <T extends UnifiedRecordValue> CompletableFuture<BrokerResult<T>> send(BrokerRequest<T> request);

  /** As {@link #send(BrokerRequest)} with its own deadline. */
  <T extends UnifiedRecordValue> CompletableFuture<BrokerResult<T>> send(
      BrokerRequest<T> request, Duration timeout);

  /**
   * Sends a round-robin command (process-instance creation) with the partition retry of {@link
   * io.gatefork.broker.client.retry.RequestRetryHandler}.
   */
  <T extends UnifiedRecordValue> CompletableFuture<BrokerResult<T>> sendWithPartitionRetry(
      BrokerRequest<T> request, Duration timeout);

  BrokerTopology topology();

  void addTopologyListener(BrokerTopologyListener listener);

  void removeTopologyListener(BrokerTopologyListener listener);

  JobAvailableNotifications jobAvailableNotifications();

  /** Job push streams, registered with every broker (gRPC {@code StreamActivatedJobs}). */
  JobStreamClient jobStreams();

  BrokerClientConfig config();

  /** Leaves the cluster; in-flight requests fail. */
  @Override
  void close();
}

package io.gatefork.broker.client;

import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.gatefork.broker.client.jobs.JobAvailableNotifications;
import io.gatefork.broker.client.jobs.JobStreamClient;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.topology.BrokerTopology;
import io.gatefork.broker.client.topology.BrokerTopologyListener;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * The gateway's view of the cluster. Every future completes on the messaging thread: callers hop
 * onto their own executor before doing work (the service layer does, exactly once).
 *
 * <p>The implementation that joins a real cluster is {@code cluster.ClusterBrokerClient}; its
 * {@code start} is how the gateway gets one. This package names no implementation, so that it stays
 * free of cycles with the packages below it.
 */
public interface BrokerClient extends AutoCloseable {

  /**
   * Sends a command to the partition its target names; a leader change or an unreachable leader is
   * retried on that partition within the default request timeout.
   */
  <T extends UnifiedRecordValue> CompletableFuture<BrokerResult<T>> send(BrokerRequest<T> request);

  /** As {@link #send(BrokerRequest)} with its own deadline. */
  <T extends UnifiedRecordValue> CompletableFuture<BrokerResult<T>> send(
      BrokerRequest<T> request, Duration timeout);

  /**
   * Sends a round-robin command (process-instance creation) with the partition retry: when the
   * chosen partition cannot take it, the next one is tried, each at most once (see {@link
   * ResourceExhaustedRetry} for what {@code RESOURCE_EXHAUSTED} does).
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

package io.gatefork.gateway.app.config;

import io.gatefork.broker.client.BrokerClientConfig;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The stock gateway's {@code zeebe.gateway.cluster.*} keys (env {@code
 * ZEEBE_GATEWAY_CLUSTER_INITIALCONTACTPOINTS}, ...), defaults as upstream's. The unified 8.8 keys
 * ({@link UnifiedClusterProperties}) win when set.
 *
 * @param initialContactPoints brokers to join the cluster through, as host:port
 * @param clusterName the cluster to join; must equal the brokers' cluster name
 * @param memberId this gateway's member id in the cluster (the 8.7 Helm chart sets the pod name)
 * @param host the interface the cluster messaging binds to
 * @param port the port the cluster messaging binds to
 * @param advertisedHost the address other members reach this gateway on; unset: the host (a
 *     wildcard host advertises 127.0.0.1)
 * @param advertisedPort the port other members reach this gateway on; unset: the port
 * @param requestTimeout the deadline of one broker request when the client sets none
 * @param membership SWIM membership settings
 */
@ConfigurationProperties("zeebe.gateway.cluster")
public record ClusterProperties(
    @DefaultValue("127.0.0.1:26502") List<String> initialContactPoints,
    @DefaultValue("zeebe-cluster") String clusterName,
    @DefaultValue("gateway") String memberId,
    @DefaultValue("0.0.0.0") String host,
    @DefaultValue("26502") int port,
    String advertisedHost,
    Integer advertisedPort,
    @DefaultValue("15s") Duration requestTimeout,
    @DefaultValue Membership membership) {

  /**
   * {@code zeebe.gateway.cluster.membership.*}: SWIM settings, as the brokers'.
   *
   * @param gossipInterval how often membership updates are gossiped
   * @param gossipFanout how many members each gossip round reaches
   * @param probeInterval how often a random member is probed
   * @param probeTimeout how long a probe waits for its answer
   * @param suspectProbes how many members probe a suspect member on this one's behalf
   * @param failureTimeout how long a member may not answer before it is removed
   * @param syncInterval how often the membership is synchronised with a random member
   * @param broadcastUpdates whether updates go to every member instead of being gossiped
   * @param broadcastDisputes whether disputes go to every member
   * @param notifySuspect whether a suspected member is told so
   */
  public record Membership(
      @DefaultValue("250ms") Duration gossipInterval,
      @DefaultValue("2") int gossipFanout,
      @DefaultValue("1s") Duration probeInterval,
      @DefaultValue("100ms") Duration probeTimeout,
      @DefaultValue("3") int suspectProbes,
      @DefaultValue("10s") Duration failureTimeout,
      @DefaultValue("10s") Duration syncInterval,
      @DefaultValue("false") boolean broadcastUpdates,
      @DefaultValue("true") boolean broadcastDisputes,
      @DefaultValue("false") boolean notifySuspect) {

    public BrokerClientConfig.Membership toConfig() {
      return new BrokerClientConfig.Membership(
          gossipInterval,
          gossipFanout,
          probeInterval,
          probeTimeout,
          suspectProbes,
          failureTimeout,
          syncInterval,
          broadcastUpdates,
          broadcastDisputes,
          notifySuspect);
    }
  }
}

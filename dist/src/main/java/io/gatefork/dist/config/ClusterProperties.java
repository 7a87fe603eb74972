package io.gatefork.dist.config;

import io.gatefork.broker.client.BrokerClientConfig;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The stock gateway's {@code zeebe.gateway.cluster.*} keys (env {@code
 * ZEEBE_GATEWAY_CLUSTER_INITIALCONTACTPOINTS}, ...), defaults as upstream's.
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

  /** {@code zeebe.gateway.cluster.membership.*}: SWIM settings. */
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
      return new BrokerClientConfig.Membership(gossipInterval, gossipFanout, probeInterval,
          probeTimeout, suspectProbes, failureTimeout, syncInterval, broadcastUpdates,
          broadcastDisputes, notifySuspect);
    }
  }
}

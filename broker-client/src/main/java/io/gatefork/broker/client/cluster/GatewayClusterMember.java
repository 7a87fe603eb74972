package io.gatefork.broker.client.cluster;

import io.atomix.cluster.AtomixCluster;
import io.atomix.cluster.ClusterConfig;
import io.atomix.cluster.discovery.BootstrapDiscoveryProvider;
import io.atomix.cluster.protocol.SwimMembershipProtocol;
import io.atomix.utils.net.Address;
import io.gatefork.broker.client.BrokerClientConfig;
import io.gatefork.broker.client.security.ClusterTls;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Builds the Atomix member the gateway joins the cluster as: SWIM membership, Netty messaging, TLS
 * when {@code zeebe.gateway.cluster.security} is on.
 */
final class GatewayClusterMember {
  private GatewayClusterMember() {}

  static AtomixCluster create(final BrokerClientConfig config, final MeterRegistry registry) {
    final var membership = config.membership();
    final var contactPoints =
        config.initialContactPoints().stream().map(Address::from).toArray(Address[]::new);
    final var clusterConfig = new ClusterConfig();
    ClusterTls.apply(config.security(), clusterConfig.getMessagingConfig());
    return AtomixCluster.builder(clusterConfig, registry)
        .withClusterId(config.clusterName())
        .withMemberId(config.memberId())
        .withAddress(Address.from(config.effectiveAdvertisedHost(), config.advertisedPort()))
        .withMessagingInterface(config.host())
        .withMessagingPort(config.port())
        .withMembershipProvider(
            BootstrapDiscoveryProvider.builder().withNodes(contactPoints).build())
        .withMembershipProtocol(
            SwimMembershipProtocol.builder(registry)
                .withGossipInterval(membership.gossipInterval())
                .withGossipFanout(membership.gossipFanout())
                .withProbeInterval(membership.probeInterval())
                .withProbeTimeout(membership.probeTimeout())
                .withSuspectProbes(membership.suspectProbes())
                .withFailureTimeout(membership.failureTimeout())
                .withSyncInterval(membership.syncInterval())
                .withBroadcastUpdates(membership.broadcastUpdates())
                .withBroadcastDisputes(membership.broadcastDisputes())
                .withNotifySuspect(membership.notifySuspect())
                .build())
        .build();
  }
}

package io.gatefork.broker.dev.cluster;

import io.atomix.cluster.AtomixCluster;
import io.atomix.cluster.AtomixClusterBuilder;
import io.atomix.cluster.ClusterMembershipEvent;
import io.atomix.cluster.discovery.BootstrapDiscoveryProvider;
import io.atomix.cluster.protocol.SwimMembershipProtocol;
import io.atomix.utils.net.Address;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the broker's Atomix cluster member. One Netty messaging service on one port carries both
 * the SWIM membership protocol and the command API, as on a real broker; with TLS when asked.
 */
public final class ClusterMemberFactory {
  private static final Logger LOG = LoggerFactory.getLogger(ClusterMemberFactory.class);

  /**
   * How long an unreachable member stays suspected before it is removed. Short, so that a stopped
   * broker (or gateway) disappears from the topology within seconds, but not so short that a busy
   * two-core machine produces false alarms.
   */
  static final Duration FAILURE_TIMEOUT = Duration.ofSeconds(4);

  private ClusterMemberFactory() {}

  /**
   * @param bindHost the interface to listen on
   * @param advertisedHost the host other members use to reach this one
   * @param contactPoints "host:port" of members to join through; empty for the first member
   * @param tls PEM files for TLS of the messaging; null for plaintext
   */
  public static AtomixCluster create(
      final String clusterName,
      final String memberId,
      final String bindHost,
      final String advertisedHost,
      final int port,
      final List<String> contactPoints,
      final ClusterTls tls,
      final MeterRegistry meterRegistry) {
    requirePortFree(bindHost, port);
    final Address[] bootstrap = contactPoints.stream().map(Address::from).toArray(Address[]::new);
    final AtomixClusterBuilder builder = AtomixCluster.builder(meterRegistry);
    if (tls != null) {
      requireReadable(tls.certificateChain(), "certificate chain");
      requireReadable(tls.privateKey(), "private key");
      builder.withSecurity(tls.certificateChain().toFile(), tls.privateKey().toFile());
    }
    final AtomixCluster cluster =
        builder
            .withClusterId(clusterName)
            .withMemberId(memberId)
            .withAddress(Address.from(advertisedHost, port))
            .withMessagingInterface(bindHost)
            .withMessagingPort(port)
            .withMembershipProvider(
                BootstrapDiscoveryProvider.builder().withNodes(bootstrap).build())
            .withMembershipProtocol(
                SwimMembershipProtocol.builder(meterRegistry)
                    .withFailureTimeout(FAILURE_TIMEOUT)
                    .build())
            .build();
    LOG.info("Cluster member {} joining through {}", memberId, contactPoints);
    cluster.getMembershipService().addListener(ClusterMemberFactory::logMembership);
    return cluster;
  }

  /**
   * A broker takes no job stream from, and sends no job notification to, a member it does not know:
   * when it learned each one says how long a new broker left a gateway's workers to their polls.
   */
  private static void logMembership(final ClusterMembershipEvent event) {
    switch (event.type()) {
      case MEMBER_ADDED -> LOG.info("Cluster member {} added", event.subject().id());
      case MEMBER_REMOVED -> LOG.info("Cluster member {} removed", event.subject().id());
      default -> {}
    }
  }

  private static void requireReadable(final Path file, final String what) {
    if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
      throw new IllegalStateException(
          "Cluster TLS %s '%s' is missing or not readable".formatted(what, file.toAbsolutePath()));
    }
  }

  /**
   * Fails fast if the port is taken. Atomix would fail too, but only after creating its Netty event
   * loops, which it then never shuts down: a failed start would leave threads behind.
   */
  private static void requirePortFree(final String bindHost, final int port) {
    try (var socket = new ServerSocket()) {
      socket.bind(new InetSocketAddress(bindHost, port));
    } catch (final IOException e) {
      throw new IllegalStateException(
          "Cannot listen on %s:%d: %s".formatted(bindHost, port, e.getMessage()), e);
    }
  }
}

package io.gatefork.gateway.app;

import io.gatefork.gateway.app.config.GateforkProperties;
import io.gatefork.service.topology.TopologyServices;
import java.time.Duration;
import java.util.List;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * Readiness from the broker client's topology: ready while some partition has a leader (as stock:
 * without one every command would fail). A starting gateway is stricter once: it reports ready when
 * it knows every partition's leader, or {@code gatefork.readiness.await-partition-leaders} after it
 * first knew one. A gateway that joined the cluster a moment ago may not have every broker's {@code
 * BrokerInfo} yet, and requests sent to it then fail for the partitions it misses.
 */
@Component
public class BrokerClientHealthIndicator implements HealthIndicator {
  private static final Logger LOG = LoggerFactory.getLogger(BrokerClientHealthIndicator.class);

  private final TopologyServices topology;
  private final Duration awaitLeaders;
  private final LongSupplier nanoClock;
  // the start-up wait counts from the first check that saw a leader
  private Long firstLeaderSeen;
  private volatile boolean started;

  @Autowired
  public BrokerClientHealthIndicator(
      final TopologyServices topology, final GateforkProperties gatefork) {
    this(topology, gatefork.readiness().awaitPartitionLeaders(), System::nanoTime);
  }

  BrokerClientHealthIndicator(
      final TopologyServices topology, final Duration awaitLeaders, final LongSupplier nanoClock) {
    this.topology = topology;
    this.awaitLeaders = awaitLeaders;
    this.nanoClock = nanoClock;
  }

  @Override
  public Health health() {
    if (!topology.isClusterReachable()) {
      return Health.down().withDetail("reason", "no partition leader known").build();
    }
    return started ? Health.up().build() : startingHealth();
  }

  private synchronized Health startingHealth() {
    if (started) {
      return Health.up().build();
    }
    final List<Integer> leaderless = topology.partitionsWithoutLeader();
    final long now = nanoClock.getAsLong();
    if (firstLeaderSeen == null) {
      firstLeaderSeen = now;
    }
    if (leaderless.isEmpty()) {
      started = true;
      LOG.info("Ready: every partition's leader is known");
      return Health.up().build();
    }
    if (now - firstLeaderSeen >= awaitLeaders.toNanos()) {
      started = true;
      LOG.info(
          "Ready after waiting {} for partition leaders: none known yet for partitions {}",
          awaitLeaders,
          leaderless);
      return Health.up().build();
    }
    return Health.down()
        .withDetail("reason", "starting: no leader known yet for partitions " + leaderless)
        .build();
  }
}

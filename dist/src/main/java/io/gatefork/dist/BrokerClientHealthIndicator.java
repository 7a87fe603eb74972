package io.gatefork.dist;

import io.gatefork.service.topology.TopologyServices;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.stereotype.Component;

/** Ready only while some partition has a leader: without one every command would fail. */
@Component
public class BrokerClientHealthIndicator implements HealthIndicator {
  private final TopologyServices topology;

  public BrokerClientHealthIndicator(final TopologyServices topology) {
    this.topology = topology;
  }

  @Override
  public Health health() {
    return topology.isClusterReachable()
        ? Health.up().build()
        : Health.down().withDetail("reason", "no partition leader known").build();
  }
}

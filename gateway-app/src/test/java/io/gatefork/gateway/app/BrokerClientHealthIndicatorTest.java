package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.service.topology.ClusterTopology;
import io.gatefork.service.topology.TopologyServices;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.health.Status;

/** Readiness: every partition's leader known at start, or the wait; afterwards some leader. */
class BrokerClientHealthIndicatorTest {
  private static final Duration WAIT = Duration.ofSeconds(10);

  private final Topology topology = new Topology();
  private final AtomicLong now = new AtomicLong(1_000);
  private final BrokerClientHealthIndicator indicator =
      new BrokerClientHealthIndicator(topology, WAIT, now::get);

  @Test
  void aStartingGatewayIsReadyOnceItKnowsEveryPartitionsLeader() {
    assertThat(status()).as("no leader known").isEqualTo(Status.DOWN);

    topology.leaderless = List.of(2, 3);
    assertThat(status()).as("the leader of partition 1 only").isEqualTo(Status.DOWN);
    assertThat(indicator.health().getDetails().get("reason").toString()).contains("[2, 3]");

    topology.leaderless = List.of();
    assertThat(status()).isEqualTo(Status.UP);
  }

  @Test
  void aStartingGatewayIsReadyAfterTheWaitWhenAPartitionHasNoLeader() {
    topology.leaderless = List.of(2);
    assertThat(status()).isEqualTo(Status.DOWN);

    now.addAndGet(WAIT.toNanos() - 1);
    assertThat(status()).isEqualTo(Status.DOWN);
    now.addAndGet(1);
    assertThat(status()).as("the wait counts from the first leader seen").isEqualTo(Status.UP);
  }

  @Test
  void onceStartedSomeLeaderIsEnoughAndNoneIsNot() {
    topology.leaderless = List.of();
    assertThat(status()).isEqualTo(Status.UP);

    topology.leaderless = List.of(2);
    assertThat(status())
        .as("a broker down later: its partitions fail, the others serve")
        .isEqualTo(Status.UP);

    topology.reachable = false;
    assertThat(status()).isEqualTo(Status.DOWN);
    topology.reachable = true;
    assertThat(status()).isEqualTo(Status.UP);
  }

  @Test
  void withoutAWaitTheFirstLeaderIsEnoughAsInStock() {
    final var stock = new BrokerClientHealthIndicator(topology, Duration.ZERO, now::get);
    topology.leaderless = List.of(2, 3);

    assertThat(stock.health().getStatus()).isEqualTo(Status.UP);
  }

  private Status status() {
    return indicator.health().getStatus();
  }

  /** What the indicator reads; "reachable" is some partition with a leader. */
  private static final class Topology implements TopologyServices {
    private volatile List<Integer> leaderless = List.of(1, 2, 3);
    private volatile boolean reachable = true;

    @Override
    public ClusterTopology topology() {
      throw new UnsupportedOperationException();
    }

    @Override
    public boolean isClusterReachable() {
      return reachable && leaderless.size() < 3;
    }

    @Override
    public List<Integer> partitionsWithoutLeader() {
      return leaderless;
    }
  }
}

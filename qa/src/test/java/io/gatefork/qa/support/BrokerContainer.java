package io.gatefork.qa.support;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.LogMessageWaitStrategy;

/**
 * An embedded broker (real Zeebe 8.8 engine, 3 partitions, in memory) started from the gatefork
 * image with {@code broker ...}, on the host network, on a free loopback port.
 */
public final class BrokerContainer extends GenericContainer<BrokerContainer> {
  private static final String READY_LINE = ".*embedded broker \\d+ listening on .*";
  private static final Duration STARTUP = Duration.ofSeconds(120);

  private final int port = Ports.freeLoopbackPort();
  private final ContainerLogs logs;
  private String clusterName = "zeebe-cluster";
  private int requestLimit;
  private int starts;

  public BrokerContainer(final String name) {
    super(GateforkImage.get());
    logs = new ContainerLogs(name);
    withNetworkMode("host");
    withLogConsumer(logs);
    waitingFor(new LogMessageWaitStrategy().withRegEx(READY_LINE).withStartupTimeout(STARTUP));
  }

  /** Per-partition in-flight limit of the engine's flow control: RESOURCE_EXHAUSTED beyond it. */
  public BrokerContainer withRequestLimit(final int limit) {
    this.requestLimit = limit;
    return this;
  }

  public BrokerContainer withClusterName(final String name) {
    this.clusterName = name;
    return this;
  }

  @Override
  protected void configure() {
    final List<String> command =
        new ArrayList<>(
            List.of(
                "broker",
                "--host",
                "127.0.0.1",
                "--port",
                Integer.toString(port),
                "--partitions",
                "3",
                "--cluster-name",
                clusterName));
    if (requestLimit > 0) {
      command.addAll(List.of("--request-limit", Integer.toString(requestLimit)));
    }
    withCommand(command.toArray(String[]::new));
  }

  @Override
  public void start() {
    super.start();
    starts = 1;
  }

  /** Where a gateway joins: {@code 127.0.0.1:<port>}. */
  public String contactPoint() {
    return "127.0.0.1:" + port;
  }

  public int port() {
    return port;
  }

  /** {@code docker stop}: SIGTERM, the broker closes; the container (and its ports) stays. */
  public void stopBroker() {
    getDockerClient().stopContainerCmd(getContainerId()).withTimeout(30).exec();
  }

  /** Starts the stopped container again: same ports, empty state (the broker keeps nothing). */
  public void startBrokerAgain() {
    getDockerClient().startContainerCmd(getContainerId()).exec();
    starts++;
    new LogMessageWaitStrategy()
        .withRegEx(READY_LINE)
        .withTimes(starts)
        .withStartupTimeout(STARTUP)
        .waitUntilReady(this);
  }

  public String output() {
    return logs.text();
  }
}

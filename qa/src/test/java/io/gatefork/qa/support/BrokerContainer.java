package io.gatefork.qa.support;

import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Volume;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.LogMessageWaitStrategy;

/**
 * An embedded broker (real Zeebe 8.8 engine, 3 partitions, in memory) started from the gatefork
 * image's {@code full} target with {@code broker ...}, on the host network, on a free loopback
 * port. Alone it leads every partition; as one node of a cluster ({@link #asNode}) it leads the
 * partitions it is given, in the term it is given ({@link #withTerm}: a higher term takes a
 * partition over from its old leader).
 */
public final class BrokerContainer extends GenericContainer<BrokerContainer> {
  private static final String READY_LINE = ".*embedded broker \\d+ listening on .*";
  private static final Duration STARTUP = Duration.ofSeconds(120);
  private static final String JOURNAL_MOUNT = "/journal";

  private final int port = Ports.freeLoopbackPort();
  private final ContainerLogs logs;
  private String clusterName = "zeebe-cluster";
  private int requestLimit;
  private int starts;
  private final List<String> nodeFlags = new ArrayList<>();
  private String nodeId = "0";
  private Path journalDir;

  public BrokerContainer(final String name) {
    super(GateforkImage.full());
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

  /**
   * One node of a cluster of {@code clusterSize} brokers: leads {@code ledPartitions}, joins
   * through {@code contactPoints} (none for the first node).
   */
  public BrokerContainer asNode(
      final int id,
      final int clusterSize,
      final List<Integer> ledPartitions,
      final List<String> contactPoints) {
    nodeId = Integer.toString(id);
    nodeFlags.addAll(
        List.of(
            "--node-id",
            nodeId,
            "--cluster-size",
            Integer.toString(clusterSize),
            "--hosted-partitions",
            ledPartitions.stream().map(String::valueOf).collect(Collectors.joining(","))));
    if (!contactPoints.isEmpty()) {
      nodeFlags.addAll(List.of("--contact-points", String.join(",", contactPoints)));
    }
    return this;
  }

  /** The Raft term it leads its partitions in; higher than the old leader's to take one over. */
  public BrokerContainer withTerm(final int term) {
    nodeFlags.addAll(List.of("--term", Integer.toString(term)));
    return this;
  }

  /**
   * Writes every record of its partitions as a JSON line to {@code broker-<node>.jsonl} in {@code
   * dir} (bind-mounted), where {@link ClusterJournals} reads them while the broker runs.
   */
  public BrokerContainer withJournalIn(final Path dir) {
    journalDir = dir;
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
    command.addAll(nodeFlags);
    if (journalDir != null) {
      // a bind on the create command: withFileSystemBind first probes file mounting with an
      // image it pulls from a registry (two minutes of retries where there is none)
      withCreateContainerCmdModifier(
          cmd ->
              cmd.getHostConfig()
                  .withBinds(new Bind(journalDir.toString(), new Volume(JOURNAL_MOUNT))));
      command.addAll(
          List.of("--record-journal-file", JOURNAL_MOUNT + "/broker-" + nodeId + ".jsonl"));
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

  /**
   * Whether the broker knows {@code memberId} now: since it last joined, the last of its "Cluster
   * member" lines for it says added. It refuses the job streams of a member it does not know and
   * sends it no job notifications.
   */
  public boolean knowsMember(final String memberId) {
    final String all = output();
    final String text =
        all.substring(Math.max(0, all.lastIndexOf("Cluster member " + nodeId + " joining")));
    return text.lastIndexOf("Cluster member " + memberId + " added")
        > text.lastIndexOf("Cluster member " + memberId + " removed");
  }
}

package io.gatefork.broker.dev;

import io.atomix.cluster.AtomixCluster;
import io.atomix.cluster.MemberId;
import io.camunda.zeebe.logstreams.log.LogStreamWriter;
import io.camunda.zeebe.scheduler.ActorScheduler;
import io.camunda.zeebe.scheduler.SchedulingHints;
import io.gatefork.broker.dev.cluster.BrokerInfoPublisher;
import io.gatefork.broker.dev.cluster.ClusterMemberFactory;
import io.gatefork.broker.dev.cluster.HigherTermWatcher;
import io.gatefork.broker.dev.cluster.PartitionLeaderDirectory;
import io.gatefork.broker.dev.commandapi.CommandApiObserver;
import io.gatefork.broker.dev.commandapi.CommandApiServer;
import io.gatefork.broker.dev.interpartition.InterPartitionReceiver;
import io.gatefork.broker.dev.interpartition.RoutingInterPartitionCommandSender;
import io.gatefork.broker.dev.jobs.JobStreamService;
import io.gatefork.broker.dev.log.PartitionLog;
import io.gatefork.broker.dev.partition.EnginePartition;
import io.gatefork.broker.dev.partition.EnginePartitionFactory;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A development and test broker: real Zeebe 8.8 engine partitions in one process, behind the real
 * command API transport, publishing a {@code BrokerInfo} like a real broker. A gateway cannot tell
 * it from a real broker on the wire.
 *
 * <p><b>Not a production broker.</b> There is no replication and no durability: each partition's
 * log lives in memory (and is trimmed once processed), the state lives in a RocksDB directory that
 * is thrown away, and everything is lost when the broker stops.
 *
 * <p>Per hosted partition: a log stream over a bounded in-memory log, RocksDB state, a stream
 * processor running the Zeebe engine, and a command API handler on the Atomix topic {@code
 * command-api-<partition>}. Partitions reach each other in process, or over Atomix when another
 * embedded broker hosts the target (see {@link EmbeddedBrokerConfig#hostedPartitions()}).
 *
 * <pre>{@code
 * try (var broker = EmbeddedBroker.start(EmbeddedBrokerConfig.builder().port(port).build())) {
 *   // point a gateway's initial contact point at broker.clusterAddress()
 * }
 * }</pre>
 */
public final class EmbeddedBroker implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedBroker.class);
  private static final long STOP_TIMEOUT_SECONDS = 30;

  private final EmbeddedBrokerConfig config;
  private final BrokerCommandCounter commands;
  private final AtomicBoolean closed = new AtomicBoolean();
  // metrics are not exported: meters of an empty composite registry are no-ops
  private final MeterRegistry meterRegistry = new CompositeMeterRegistry();

  private Path dataDirectory;
  private boolean deleteDataDirectoryOnClose;
  private ActorScheduler scheduler;
  private AtomixCluster cluster;
  private final Map<Integer, PartitionLog> logs = new LinkedHashMap<>();
  private PartitionLeaderDirectory remoteLeaders;
  private InterPartitionReceiver interPartitionReceiver;
  private JobStreamService jobStreams;
  private CommandApiServer commandApi;
  private RecordJournal journal;
  private JournalFile journalFile;
  // the per-partition parts a step-down removes (on the watcher's thread) and closes
  private final Map<Integer, LogStreamWriter> ledWriters = new ConcurrentHashMap<>();
  private final Map<Integer, JournalTailer> journalTailers = new ConcurrentHashMap<>();
  private final Map<Integer, EnginePartition> engines = new ConcurrentHashMap<>();
  private HigherTermWatcher higherTerms;

  private EmbeddedBroker(final EmbeddedBrokerConfig config) {
    this.config = config;
    commands = new BrokerCommandCounter(config.partitionCount());
  }

  /**
   * Starts a broker and returns once it is ready: every hosted partition is processing, the command
   * API accepts commands and the BrokerInfo is published.
   *
   * @throws IllegalStateException if it cannot start (everything started so far is stopped again)
   */
  public static EmbeddedBroker start(final EmbeddedBrokerConfig config) {
    final var broker = new EmbeddedBroker(config);
    try {
      broker.startUp();
      return broker;
    } catch (final RuntimeException e) {
      broker.close();
      throw new IllegalStateException("Embedded broker " + config.nodeId() + " failed to start", e);
    } catch (final Error e) {
      broker.close();
      throw e;
    }
  }

  private void startUp() {
    prepareDataDirectory();
    scheduler = newScheduler();
    scheduler.start();
    cluster =
        ClusterMemberFactory.create(
            config.clusterName(),
            String.valueOf(config.nodeId()),
            config.host(),
            config.advertisedHost(),
            config.port(),
            config.initialContactPoints(),
            config.tls(),
            meterRegistry);
    cluster.start().join();

    // every local writer exists before any engine opens: partition 1 writes to the others at once
    for (final int partitionId : config.hostedPartitions()) {
      logs.put(
          partitionId,
          PartitionLog.create(
              partitionId,
              config.requestLimit(),
              config.refuseUserCommands(),
              new CompositeMeterRegistry()));
    }
    logs.forEach((id, log) -> ledWriters.put(id, log.writer()));
    final Map<Integer, LogStreamWriter> localWriters = ledWriters;

    remoteLeaders = new PartitionLeaderDirectory(cluster.getMembershipService());
    remoteLeaders.start();
    interPartitionReceiver =
        new InterPartitionReceiver(cluster.getCommunicationService(), localWriters);
    interPartitionReceiver.start();
    jobStreams =
        JobStreamService.start(cluster, scheduler, localWriters, config.jobNotifications());
    commandApi =
        new CommandApiServer(
            scheduler, cluster.getMessagingService(), config.nodeId(), new CountingObserver());

    if (config.recordJournal()) {
      journal = new RecordJournal(RecordJournal.DEFAULT_CAPACITY);
      if (config.recordJournalFile() != null) {
        journalFile = JournalFile.open(config.recordJournalFile(), config.nodeId());
      }
      for (final PartitionLog log : logs.values()) {
        final var tailer = new JournalTailer(log, journal, journalFile);
        journalTailers.put(log.partitionId(), tailer);
        scheduler.submitActor(tailer, SchedulingHints.ioBound()).join();
      }
    }

    final var engineFactory =
        new EnginePartitionFactory(
            scheduler,
            config.nodeId(),
            config.term(),
            config.partitionCount(),
            config.hostsAllPartitions(),
            jobStreams.jobStreamer());
    for (final PartitionLog log : logs.values()) {
      final int partitionId = log.partitionId();
      engines.put(
          partitionId,
          engineFactory.open(
              log,
              dataDirectory.resolve("partition-" + partitionId),
              commandApi.newResponseWriter(),
              new RoutingInterPartitionCommandSender(
                  partitionId, localWriters, remoteLeaders, cluster.getCommunicationService())));
    }
    for (final PartitionLog log : logs.values()) {
      commandApi.serve(log.partitionId(), log.writer());
    }

    higherTerms =
        new HigherTermWatcher(
            config.nodeId(), config.term(), config.hostedPartitions(), this::stepDown);
    publishBrokerInfo();
    // after publishing: a leader in a higher term found now is handed the partition at once
    remoteLeaders.addListener(higherTerms);
    LOG.info(
        "Embedded broker {} started on {}, partitions {} of {}, state in {}",
        config.nodeId(),
        commandApiAddress(),
        config.hostedPartitions(),
        config.partitionCount(),
        dataDirectory);
  }

  private synchronized void publishBrokerInfo() {
    final Set<Integer> led = higherTerms.ledPartitions();
    final var followed = new TreeSet<>(config.hostedPartitions());
    followed.removeAll(led);
    BrokerInfoPublisher.publish(
        cluster,
        config.nodeId(),
        commandApiAddress(),
        config.partitionCount(),
        config.clusterSize(),
        config.version(),
        config.term(),
        led,
        followed);
  }

  /**
   * Hands a partition over to the member that leads it in a higher term, as a Raft leader steps
   * down: requests get {@code PARTITION_LEADER_MISMATCH} (also those already written to the log),
   * the engine stops (timers, job pushes), the journal keeps what it copied, and the BrokerInfo
   * lists this broker as a follower of the partition. Runs on the watcher's thread, once per
   * partition.
   */
  private void stepDown(final int partitionId, final MemberId newLeader, final long newTerm) {
    if (closed.get()) {
      return;
    }
    ledWriters.remove(partitionId); // other partitions now route to the new leader
    commandApi.stopLeading(partitionId);
    closeQuietly("partition " + partitionId, engines.remove(partitionId));
    final PartitionLog log = logs.get(partitionId);
    log.unprocessedRequestIds()
        .forEach(requestId -> commandApi.refuseUnprocessed(partitionId, requestId));
    final JournalTailer tailer = journalTailers.remove(partitionId);
    if (tailer != null) {
      closeQuietly("record journal", () -> tailer.closeAsync().join());
    }
    closeQuietly("log " + partitionId, log);
    publishBrokerInfo();
    LOG.info(
        "embedded broker {} stepped down as leader of partition {}: node {} leads it in term {}",
        config.nodeId(),
        partitionId,
        newLeader.id(),
        newTerm);
  }

  /** The address other members and gateways reach this broker on: {@code advertisedHost:port}. */
  public String clusterAddress() {
    return commandApiAddress();
  }

  /** The port of both cluster membership and the command API. */
  public int port() {
    return config.port();
  }

  /**
   * The partitions this broker leads: those it hosts, less those it stepped down from because
   * another member leads them in a higher term.
   */
  public Set<Integer> partitions() {
    return higherTerms == null ? config.hostedPartitions() : higherTerms.ledPartitions();
  }

  public EmbeddedBrokerConfig config() {
    return config;
  }

  /** Counters of the command requests received so far. */
  public BrokerCommandCounter commands() {
    return commands;
  }

  /**
   * The journal of all records written on the hosted partitions.
   *
   * @throws IllegalStateException if the broker was started without {@code recordJournal}
   */
  public RecordJournal records() {
    if (journal == null) {
      throw new IllegalStateException(
          "The record journal is off; start the broker with recordJournal = true");
    }
    return journal;
  }

  /** For tests: the log of a hosted partition. */
  PartitionLog partitionLog(final int partitionId) {
    final PartitionLog log = logs.get(partitionId);
    if (log == null) {
      throw new IllegalArgumentException("Partition " + partitionId + " is not hosted here");
    }
    return log;
  }

  /** For tests: where the partition state lives. */
  Path dataDirectory() {
    return dataDirectory;
  }

  /** For tests: job types with a registered job stream. */
  Set<String> streamedJobTypes() {
    return jobStreams.streamedJobTypes();
  }

  /** For tests: the broker's cluster member. */
  AtomixCluster cluster() {
    return cluster;
  }

  /**
   * Stops the broker: command API, engines, cluster membership, actor threads; then removes the
   * temporary data directory. Safe to call more than once; failures are logged, not thrown.
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    // no step-down may run alongside; then stop taking commands, then the engines, then the rest
    if (remoteLeaders != null) {
      remoteLeaders.stop();
    }
    if (higherTerms != null) {
      closeQuietly("step-down", higherTerms::close);
    }
    closeQuietly("command API", commandApi);
    closeQuietly("inter-partition receiver", interPartitionReceiver);
    engines.values().forEach(engine -> closeQuietly("partition " + engine.partitionId(), engine));
    journalTailers
        .values()
        .forEach(tailer -> closeQuietly("record journal", () -> tailer.closeAsync().join()));
    closeQuietly("record journal file", journalFile);
    closeQuietly("job streams", jobStreams);
    logs.values().forEach(log -> closeQuietly("log " + log.partitionId(), log));
    if (scheduler != null) {
      closeQuietly(
          "actor scheduler", () -> scheduler.stop().get(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS));
    }
    if (cluster != null) {
      closeQuietly(
          "cluster membership", () -> cluster.stop().get(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS));
    }
    if (deleteDataDirectoryOnClose) {
      closeQuietly("data directory", () -> deleteRecursively(dataDirectory));
    }
    LOG.info("Embedded broker {} stopped", config.nodeId());
  }

  private String commandApiAddress() {
    return config.advertisedHost() + ":" + config.port();
  }

  private ActorScheduler newScheduler() {
    final int cores = Runtime.getRuntime().availableProcessors();
    return ActorScheduler.newActorScheduler()
        .setSchedulerName("broker-" + config.nodeId())
        .setCpuBoundActorThreadCount(Math.max(1, cores))
        .setIoBoundActorThreadCount(cores > 2 ? 2 : 1)
        .build();
  }

  /**
   * The state is worthless across restarts (the log is gone), so a given directory gets fresh
   * {@code partition-<id>} subdirectories; without one, a temporary directory is used and removed.
   */
  private void prepareDataDirectory() {
    try {
      if (config.dataDirectory() == null) {
        dataDirectory = Files.createTempDirectory("gatefork-broker-" + config.nodeId() + "-");
        deleteDataDirectoryOnClose = true;
      } else {
        dataDirectory = Files.createDirectories(config.dataDirectory());
        for (final int partitionId : config.hostedPartitions()) {
          deleteRecursively(dataDirectory.resolve("partition-" + partitionId));
        }
      }
    } catch (final IOException e) {
      throw new UncheckedIOException("Cannot prepare the data directory", e);
    }
  }

  private static void deleteRecursively(final Path directory) throws IOException {
    if (!Files.exists(directory)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(directory)) {
      for (final Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }

  private static void closeQuietly(final String what, final AutoCloseable closeable) {
    if (closeable == null) {
      return;
    }
    try {
      closeable.close();
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      LOG.warn("Interrupted while stopping the {}", what);
    } catch (final Exception e) {
      LOG.warn("Failed to stop the {}", what, e);
    }
  }

  /** Feeds the command API's observations into the public counter. */
  private final class CountingObserver implements CommandApiObserver {
    @Override
    public void onReceived(final int partitionId) {
      commands.onReceived(partitionId);
    }

    @Override
    public void onResourceExhausted(final int partitionId) {
      commands.onResourceExhausted(partitionId);
    }
  }
}

package io.gatefork.broker.dev.partition;

import io.camunda.search.clients.SearchClientsProxy;
import io.camunda.security.auth.BrokerRequestAuthorizationConverter;
import io.camunda.security.configuration.SecurityConfiguration;
import io.camunda.zeebe.db.AccessMetricsConfiguration;
import io.camunda.zeebe.db.ConsistencyChecksSettings;
import io.camunda.zeebe.db.ZeebeDb;
import io.camunda.zeebe.db.impl.rocksdb.RocksDbConfiguration;
import io.camunda.zeebe.db.impl.rocksdb.ZeebeRocksDbFactory;
import io.camunda.zeebe.engine.Engine;
import io.camunda.zeebe.engine.EngineConfiguration;
import io.camunda.zeebe.engine.processing.EngineProcessors;
import io.camunda.zeebe.engine.processing.message.command.SubscriptionCommandSender;
import io.camunda.zeebe.engine.processing.streamprocessor.JobStreamer;
import io.camunda.zeebe.protocol.ZbColumnFamilies;
import io.camunda.zeebe.scheduler.ActorSchedulingService;
import io.camunda.zeebe.stream.api.CommandResponseWriter;
import io.camunda.zeebe.stream.api.InterPartitionCommandSender;
import io.camunda.zeebe.stream.impl.ControllableStreamClockImpl;
import io.camunda.zeebe.stream.impl.StreamProcessor;
import io.camunda.zeebe.util.FeatureFlags;
import io.gatefork.broker.dev.log.PartitionLog;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;

/**
 * Opens engine partitions: RocksDB state plus a stream processor running the Zeebe 8.8 engine
 * ({@link Engine} with {@link EngineProcessors}), configured for a development broker:
 * authorization checks and multi-tenancy checks are off.
 */
public final class EnginePartitionFactory {

  /**
   * RocksDB memory budget per partition (block cache and write buffers). Upstream's default is 512
   * MB per partition, sized for production; a development broker with three partitions should fit
   * in a small container.
   */
  static final long STATE_MEMORY_LIMIT_BYTES = 64L * 1024 * 1024;

  /**
   * First retry of an unacknowledged command distribution when some partitions are hosted by other
   * brokers (upstream: 10 s). Such a distribution is dropped until the other broker has published
   * its leaders; retrying sooner lets a freshly started cluster converge within seconds. Between
   * local partitions nothing is dropped, so the upstream interval stays: an early retry would only
   * duplicate a distribution that is still on its way (the engine then warns about it).
   */
  static final Duration REMOTE_REDISTRIBUTION_INTERVAL = Duration.ofSeconds(2);

  static final Duration REMOTE_REDISTRIBUTION_MAX_BACKOFF = Duration.ofSeconds(30);

  private final ActorSchedulingService scheduler;
  private final int partitionCount;
  private final int nodeId;
  private final long term;
  private final JobStreamer jobStreamer;
  private final SecurityConfiguration security;
  private final EngineConfiguration engineConfig;

  /**
   * @param partitionCount partitions in the whole cluster (not only the ones hosted here): the
   *     engine routes messages and distributes deployments by it
   * @param term the term this broker leads its partitions in: its keys start above any an earlier
   *     term can have issued
   * @param allPartitionsLocal whether this broker hosts every partition
   */
  public EnginePartitionFactory(
      final ActorSchedulingService scheduler,
      final int nodeId,
      final long term,
      final int partitionCount,
      final boolean allPartitionsLocal,
      final JobStreamer jobStreamer) {
    this.scheduler = scheduler;
    this.nodeId = nodeId;
    this.term = term;
    this.partitionCount = partitionCount;
    this.jobStreamer = jobStreamer;
    security = new SecurityConfiguration();
    security.getAuthorizations().setEnabled(false);
    security.getMultiTenancy().setChecksEnabled(false);
    engineConfig = new EngineConfiguration();
    if (!allPartitionsLocal) {
      engineConfig
          .setCommandRedistributionInterval(REMOTE_REDISTRIBUTION_INTERVAL)
          .setCommandRedistributionMaxBackoff(REMOTE_REDISTRIBUTION_MAX_BACKOFF);
    }
  }

  /**
   * Opens the partition's state in {@code stateDirectory} and starts processing its log; blocks
   * until the processor is open.
   *
   * @param responseWriter answers user commands on the command API
   * @param sender reaches the other partitions
   */
  public EnginePartition open(
      final PartitionLog log,
      final Path stateDirectory,
      final CommandResponseWriter responseWriter,
      final InterPartitionCommandSender sender) {
    final MeterRegistry meterRegistry = log.meterRegistry();
    final ZeebeDb<ZbColumnFamilies> state =
        openState(log.partitionId(), stateDirectory, meterRegistry);
    final var listener =
        new ProcessingProgressListener(log.logStream().getFlowControl(), log.processorReadMark());
    final StreamProcessor processor =
        StreamProcessor.builder()
            .nodeId(nodeId)
            .logStream(log.logStream())
            .zeebeDb(state)
            .commandResponseWriter(responseWriter)
            .partitionCommandSender(sender)
            .recordProcessors(List.of(newEngine()))
            .actorSchedulingService(scheduler)
            .clock(new ControllableStreamClockImpl(InstantSource.system()))
            .meterRegistry(meterRegistry)
            .listener(listener)
            .build();
    try {
      TermKeyBase.apply(log.partitionId(), term, state);
      processor.openAsync(false).join();
    } catch (final RuntimeException e) {
      closeQuietly(state);
      throw e;
    }
    return new EnginePartition(log, state, processor);
  }

  private Engine newEngine() {
    return new Engine(
        context ->
            EngineProcessors.createEngineProcessors(
                context,
                partitionCount,
                // as the real broker: both senders on top of the processor's partition sender
                new SubscriptionCommandSender(
                    context.getPartitionId(), context.getPartitionCommandSender()),
                context.getPartitionCommandSender(),
                FeatureFlags.createDefault(),
                jobStreamer,
                SearchClientsProxy.noop(),
                new BrokerRequestAuthorizationConverter(security)),
        engineConfig,
        security);
  }

  private static ZeebeDb<ZbColumnFamilies> openState(
      final int partitionId, final Path directory, final MeterRegistry meterRegistry) {
    final var rocksDb = new RocksDbConfiguration().setMemoryLimit(STATE_MEMORY_LIMIT_BYTES);
    final var factory =
        new ZeebeRocksDbFactory<ZbColumnFamilies>(
            rocksDb,
            new ConsistencyChecksSettings(false, false),
            new AccessMetricsConfiguration(AccessMetricsConfiguration.Kind.NONE, partitionId),
            () -> meterRegistry);
    return factory.createDb(directory.toFile());
  }

  private static void closeQuietly(final AutoCloseable closeable) {
    try {
      closeable.close();
    } catch (final Exception ignored) {
      // already failing; the original error matters
    }
  }
}

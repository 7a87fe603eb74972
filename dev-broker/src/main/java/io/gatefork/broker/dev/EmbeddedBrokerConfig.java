package io.gatefork.broker.dev;

import io.camunda.zeebe.util.VersionUtil;
import io.gatefork.broker.dev.cluster.ClusterTls;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Settings of an {@link EmbeddedBroker}. Build them with {@link #builder()} (which starts from the
 * defaults) or change an existing one with {@link #toBuilder()}; every instance is immutable and
 * validated on creation.
 *
 * @param nodeId the broker's node id; also its Atomix member id (as a string). Default 0.
 * @param clusterName the Atomix cluster id; gateways must use the same. Default {@code
 *     zeebe-cluster}.
 * @param host the interface the broker listens on. Default {@code 127.0.0.1}.
 * @param port the one port for cluster membership (SWIM) and the command API. Default 26501.
 * @param advertisedHost the host other members reach this broker on; the command API address in the
 *     published BrokerInfo is {@code advertisedHost:port}. Defaults to {@code host}.
 * @param initialContactPoints {@code host:port} of members to join the cluster through. Default
 *     none (the broker starts alone; gateways contact it).
 * @param partitionCount partitions in the whole cluster. Default 3.
 * @param hostedPartitions the partitions this broker runs and leads. Default all of {@code
 *     1..partitionCount}; a subset lets several brokers form one cluster, each leading its own.
 * @param clusterSize number of brokers in the cluster, as published in BrokerInfo. Default 1.
 * @param term the Raft term this broker publishes for the partitions it leads, 1..{@value
 *     #MAX_TERM}. A broker that sees another member lead one of its partitions in a higher term
 *     steps down from it, and a partition led in a term above 1 hands out keys above any an earlier
 *     term can have issued. Default 1.
 * @param requestLimit maximum user commands in flight per partition (written but not yet
 *     processed); beyond it the broker answers {@code RESOURCE_EXHAUSTED}, as a real broker's flow
 *     control does. 0 (default) means unlimited.
 * @param refuseUserCommands whether every partition refuses every user command that flow control
 *     may refuse, answering {@code RESOURCE_EXHAUSTED} as a real broker at its request limit does
 *     (a request limit of zero; deployments, job completions and the other commands upstream
 *     whitelists still pass). For backpressure tests and benchmarks. Excludes a request limit.
 *     Default false.
 * @param jobNotifications whether the broker announces jobs that become activatable to the gateways
 *     (the {@code jobsAvailable} topic, for their long polls). Off, it stands in for the
 *     announcements a gateway never hears (a broker sends none to a gateway it does not know yet).
 *     Default true.
 * @param dataDirectory where the RocksDB state goes ({@code partition-<id>} subdirectories, wiped
 *     at start because the log is not kept across restarts). {@code null} (default) means a fresh
 *     temporary directory that is removed on close.
 * @param version the broker version published in BrokerInfo. Default: the engine's patch ({@code
 *     VersionUtil}, {@code ZEEBE_VERSION_OVERRIDE} as in stock).
 * @param recordJournal whether to keep a {@link RecordJournal} of all records. Default false.
 * @param recordJournalFile a file the journal appends every record to as one JSON line (flushed
 *     every 100 ms and on close, readable by everyone); implies {@code recordJournal}. Default null
 *     (none).
 * @param tls TLS of the cluster messaging (membership and command API); null (default) means
 *     plaintext. Gateways must then use TLS too, with certificates from the same CA.
 */
public record EmbeddedBrokerConfig(
    int nodeId,
    String clusterName,
    String host,
    int port,
    String advertisedHost,
    List<String> initialContactPoints,
    int partitionCount,
    Set<Integer> hostedPartitions,
    int clusterSize,
    long term,
    int requestLimit,
    boolean refuseUserCommands,
    boolean jobNotifications,
    Path dataDirectory,
    String version,
    boolean recordJournal,
    Path recordJournalFile,
    ClusterTls tls) {

  public static final int DEFAULT_PORT = 26501;
  public static final String DEFAULT_CLUSTER_NAME = "zeebe-cluster";
  public static final String DEFAULT_HOST = "127.0.0.1";
  public static final int DEFAULT_PARTITION_COUNT = 3;
  public static final String DEFAULT_VERSION = VersionUtil.getVersion();

  /**
   * The highest term: each term gets its own range of 2^40 partition-local keys, and the 51-bit
   * local key space holds this many.
   */
  public static final long MAX_TERM = 2048;

  /**
   * Validates and normalizes: a null or empty {@code advertisedHost} becomes {@code host}, a null
   * or empty {@code hostedPartitions} becomes all partitions, collections become immutable.
   */
  public EmbeddedBrokerConfig {
    requireNotBlank(clusterName, "clusterName");
    requireNotBlank(host, "host");
    requireNotBlank(version, "version");
    if (nodeId < 0) {
      throw new IllegalArgumentException("nodeId must not be negative: " + nodeId);
    }
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("port must be in 1..65535: " + port);
    }
    if (partitionCount < 1) {
      throw new IllegalArgumentException("partitionCount must be positive: " + partitionCount);
    }
    if (clusterSize < 1) {
      throw new IllegalArgumentException("clusterSize must be positive: " + clusterSize);
    }
    if (term < 1 || term > MAX_TERM) {
      throw new IllegalArgumentException("term must be in 1.." + MAX_TERM + ": " + term);
    }
    if (requestLimit < 0) {
      throw new IllegalArgumentException("requestLimit must not be negative: " + requestLimit);
    }
    if (refuseUserCommands && requestLimit > 0) {
      throw new IllegalArgumentException(
          "refuseUserCommands and a request limit (" + requestLimit + ") exclude each other");
    }
    advertisedHost = advertisedHost == null || advertisedHost.isBlank() ? host : advertisedHost;
    initialContactPoints =
        initialContactPoints == null ? List.of() : List.copyOf(initialContactPoints);
    for (final String contactPoint : initialContactPoints) {
      if (!contactPoint.matches("[^:\\s]+:\\d{1,5}")) {
        throw new IllegalArgumentException(
            "contact points must look like host:port, got '" + contactPoint + "'");
      }
    }
    hostedPartitions = normalizeHosted(hostedPartitions, partitionCount);
    recordJournal = recordJournal || recordJournalFile != null;
  }

  /** The defaults: one broker on 127.0.0.1:26501 leading partitions 1..3, no request limit. */
  public static EmbeddedBrokerConfig defaults() {
    return builder().build();
  }

  /** A builder that starts from the {@link #defaults()}. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * A builder holding these settings. Values that only defaulted stay defaulted: an advertised host
   * equal to the host follows a new host, and hosting all partitions follows a new partition count
   * (an explicit subset is kept and must still fit).
   */
  public Builder toBuilder() {
    return new Builder()
        .nodeId(nodeId)
        .clusterName(clusterName)
        .host(host)
        .port(port)
        .advertisedHost(advertisedHost.equals(host) ? null : advertisedHost)
        .initialContactPoints(initialContactPoints)
        .partitionCount(partitionCount)
        .hostedPartitions(hostsAllPartitions() ? null : hostedPartitions)
        .clusterSize(clusterSize)
        .term(term)
        .requestLimit(requestLimit)
        .refuseUserCommands(refuseUserCommands)
        .jobNotifications(jobNotifications)
        .dataDirectory(dataDirectory)
        .version(version)
        .recordJournal(recordJournal)
        .recordJournalFile(recordJournalFile)
        .tls(tls);
  }

  /** Whether this broker hosts every partition of the cluster. */
  public boolean hostsAllPartitions() {
    return hostedPartitions.size() == partitionCount;
  }

  /**
   * Collects settings; {@link #build()} validates them (see the canonical constructor). Starts from
   * the defaults; the advertised host and the hosted partitions stay defaulted (the host, all
   * partitions) until set.
   */
  public static final class Builder {
    private int nodeId;
    private String clusterName = DEFAULT_CLUSTER_NAME;
    private String host = DEFAULT_HOST;
    private int port = DEFAULT_PORT;
    private String advertisedHost;
    private List<String> initialContactPoints = List.of();
    private int partitionCount = DEFAULT_PARTITION_COUNT;
    private Set<Integer> hostedPartitions;
    private int clusterSize = 1;
    private long term = 1;
    private int requestLimit;
    private boolean refuseUserCommands;
    private boolean jobNotifications = true;
    private Path dataDirectory;
    private String version = DEFAULT_VERSION;
    private boolean recordJournal;
    private Path recordJournalFile;
    private ClusterTls tls;

    private Builder() {}

    public Builder nodeId(final int nodeId) {
      this.nodeId = nodeId;
      return this;
    }

    public Builder clusterName(final String clusterName) {
      this.clusterName = clusterName;
      return this;
    }

    /** The listen host; an advertised host that was not set follows it. */
    public Builder host(final String host) {
      this.host = host;
      return this;
    }

    public Builder port(final int port) {
      this.port = port;
      return this;
    }

    /** The advertised host; null or blank means "same as host". */
    public Builder advertisedHost(final String advertisedHost) {
      this.advertisedHost = advertisedHost;
      return this;
    }

    /** The contact points, each {@code host:port}; null means none. */
    public Builder initialContactPoints(final List<String> initialContactPoints) {
      this.initialContactPoints = initialContactPoints;
      return this;
    }

    /**
     * The partition count. Without {@link #hostedPartitions} set, this broker hosts all of them.
     */
    public Builder partitionCount(final int partitionCount) {
      this.partitionCount = partitionCount;
      return this;
    }

    /** The partitions this broker runs; null or empty means all. */
    public Builder hostedPartitions(final Collection<Integer> hostedPartitions) {
      this.hostedPartitions = hostedPartitions == null ? null : Set.copyOf(hostedPartitions);
      return this;
    }

    public Builder clusterSize(final int clusterSize) {
      this.clusterSize = clusterSize;
      return this;
    }

    /** The term published for the partitions this broker leads; at least 1. */
    public Builder term(final long term) {
      this.term = term;
      return this;
    }

    /** The per-partition limit of user commands in flight; 0 means unlimited. */
    public Builder requestLimit(final int requestLimit) {
      this.requestLimit = requestLimit;
      return this;
    }

    /**
     * Whether every partition refuses user commands with {@code RESOURCE_EXHAUSTED} (a request
     * limit of zero).
     */
    public Builder refuseUserCommands(final boolean refuseUserCommands) {
      this.refuseUserCommands = refuseUserCommands;
      return this;
    }

    /** Whether jobs that become activatable are announced to the gateways' long polls. */
    public Builder jobNotifications(final boolean jobNotifications) {
      this.jobNotifications = jobNotifications;
      return this;
    }

    /** Where the state goes; null means a temporary directory removed on close. */
    public Builder dataDirectory(final Path dataDirectory) {
      this.dataDirectory = dataDirectory;
      return this;
    }

    public Builder version(final String version) {
      this.version = version;
      return this;
    }

    public Builder recordJournal(final boolean recordJournal) {
      this.recordJournal = recordJournal;
      return this;
    }

    /** A file for the journal's records as JSON lines (turns the journal on); null means none. */
    public Builder recordJournalFile(final Path recordJournalFile) {
      this.recordJournalFile = recordJournalFile;
      return this;
    }

    /** TLS of the cluster messaging with these PEM files; null means plaintext. */
    public Builder tls(final ClusterTls tls) {
      this.tls = tls;
      return this;
    }

    /**
     * @throws IllegalArgumentException if the settings are invalid
     */
    public EmbeddedBrokerConfig build() {
      return new EmbeddedBrokerConfig(
          nodeId,
          clusterName,
          host,
          port,
          advertisedHost,
          initialContactPoints,
          partitionCount,
          hostedPartitions,
          clusterSize,
          term,
          requestLimit,
          refuseUserCommands,
          jobNotifications,
          dataDirectory,
          version,
          recordJournal,
          recordJournalFile,
          tls);
    }
  }

  private static Set<Integer> normalizeHosted(
      final Set<Integer> hostedPartitions, final int partitionCount) {
    final var hosted = new TreeSet<Integer>();
    if (hostedPartitions == null || hostedPartitions.isEmpty()) {
      IntStream.rangeClosed(1, partitionCount).forEach(hosted::add);
    } else {
      for (final Integer id : hostedPartitions) {
        if (id == null || id < 1 || id > partitionCount) {
          throw new IllegalArgumentException(
              "hosted partitions must be in 1..%d, got %s"
                  .formatted(
                      partitionCount,
                      hostedPartitions.stream()
                          .map(String::valueOf)
                          .collect(Collectors.joining(","))));
        }
        hosted.add(id);
      }
    }
    return Collections.unmodifiableSortedSet(hosted);
  }

  private static void requireNotBlank(final String value, final String name) {
    Objects.requireNonNull(value, name + " must not be null");
    if (value.isBlank()) {
      throw new IllegalArgumentException(name + " must not be blank");
    }
  }
}

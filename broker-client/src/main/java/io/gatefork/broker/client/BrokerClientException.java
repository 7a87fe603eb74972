package io.gatefork.broker.client;

/**
 * A broker request that did not get a broker answer. Subclasses name the reason so that the service
 * layer can map each to a status. No stack trace: these are expected outcomes under load and
 * outages, and filling a trace per failed request is pure cost.
 */
public abstract sealed class BrokerClientException extends RuntimeException
    permits BrokerClientException.NoTopology,
        BrokerClientException.PartitionNotFound,
        BrokerClientException.NoLeader,
        BrokerClientException.Timeout,
        BrokerClientException.Unavailable,
        BrokerClientException.ConnectionClosed,
        BrokerClientException.RetriesExhausted {

  protected BrokerClientException(final String message, final Throwable cause) {
    super(message, cause, false, false);
  }

  /** No broker has been seen yet, so no partition is known. */
  public static final class NoTopology extends BrokerClientException {
    public NoTopology() {
      super(
          "Expected to send the request to a broker, but no broker is known yet (no topology)",
          null);
    }
  }

  /**
   * The request names a partition the cluster does not have. With a {@link #key()} the partition
   * came from an entity key: no entity can have that key, which is an unknown key, not an outage.
   */
  public static final class PartitionNotFound extends BrokerClientException {
    /** {@link #key()} of a partition that was not taken from a key. */
    public static final long NO_KEY = -1;

    private final int partitionId;
    private final long key;

    public PartitionNotFound(final int partitionId) {
      super(
          "Expected to send the request to partition "
              + partitionId
              + ", but the cluster has no such partition",
          null);
      this.partitionId = partitionId;
      key = NO_KEY;
    }

    /** The partition encoded in {@code key}, which the cluster does not have. */
    public PartitionNotFound(final int partitionId, final long key) {
      super(
          "Expected to find an entity with key "
              + key
              + ", but its partition "
              + partitionId
              + " does not exist in this cluster, so no entity has this key",
          null);
      this.partitionId = partitionId;
      this.key = key;
    }

    public int partitionId() {
      return partitionId;
    }

    /** The entity key the partition came from, or {@link #NO_KEY}. */
    public long key() {
      return key;
    }

    public boolean fromKey() {
      return key != NO_KEY;
    }
  }

  /** The partition exists but no leader is known for it right now. */
  public static final class NoLeader extends BrokerClientException {
    private final int partitionId;

    public NoLeader(final int partitionId) {
      super(
          "Expected to send the request to partition "
              + partitionId
              + ", but it has no known leader",
          null);
      this.partitionId = partitionId;
    }

    public int partitionId() {
      return partitionId;
    }
  }

  /** No answer within the request timeout. */
  public static final class Timeout extends BrokerClientException {
    public Timeout(final String requestType, final long timeoutMillis) {
      super(
          "Expected to handle request "
              + requestType
              + ", but request timed out between "
              + "gateway and broker after "
              + timeoutMillis
              + " ms",
          null);
    }
  }

  /** The leader could not be reached (connection refused, no handler) until the deadline. */
  public static final class Unavailable extends BrokerClientException {
    public Unavailable(final String message, final Throwable cause) {
      super(message, cause);
    }
  }

  /** The connection broke while the request was in flight: the outcome is unknown. */
  public static final class ConnectionClosed extends BrokerClientException {
    public ConnectionClosed(final String message, final Throwable cause) {
      super(message, cause);
    }
  }

  /** The partition retry tried every partition and none took the request. */
  public static final class RetriesExhausted extends BrokerClientException {
    public RetriesExhausted(final String requestType, final int attempts) {
      super(
          "Expected to execute command "
              + requestType
              + " on one of "
              + attempts
              + " partitions, but all failed; there are no more partitions available to retry. "
              + "Please try again. If the error persists contact your zeebe operator",
          null);
    }
  }
}

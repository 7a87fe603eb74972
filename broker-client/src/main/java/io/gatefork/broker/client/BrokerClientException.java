package io.gatefork.broker.client;

/**
 * A broker request that did not get a broker answer. Subclasses name the reason so that the
 * service layer can map each to a status. No stack trace: these are expected outcomes under load
 * and outages, and filling a trace per failed request is pure cost.
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
      super("Expected to send the request to a broker, but no broker is known yet (no topology)",
          null);
    }
  }

  /** The request names a partition the cluster does not have. */
  public static final class PartitionNotFound extends BrokerClientException {
    private final int partitionId;

    public PartitionNotFound(final int partitionId) {
      super("Expected to send the request to partition " + partitionId
          + ", but the cluster has no such partition", null);
      this.partitionId = partitionId;
    }

    public int partitionId() {
      return partitionId;
    }
  }

  /** The partition exists but no leader is known for it right now. */
  public static final class NoLeader extends BrokerClientException {
    private final int partitionId;

    public NoLeader(final int partitionId) {
      super("Expected to send the request to partition " + partitionId
          + ", but it has no known leader", null);
      this.partitionId = partitionId;
    }

    public int partitionId() {
      return partitionId;
    }
  }

  /** No answer within the request timeout. */
  public static final class Timeout extends BrokerClientException {
    public Timeout(final String requestType, final long timeoutMillis) {
      super("Expected to handle request " + requestType + ", but request timed out between "
          + "gateway and broker after " + timeoutMillis + " ms", null);
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
      super("Expected to execute command " + requestType + " on one of " + attempts
          + " partitions, but all failed; there are no more partitions available to retry. "
          + "Please try again. If the error persists contact your zeebe operator", null);
    }
  }
}

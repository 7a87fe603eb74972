package io.gatefork.broker.client.request;

/**
 * Hears each message one request sent to a broker and how it ended: set on a traced request only
 * ({@link BrokerRequest#attemptListener}), so an untraced one pays a null check per message. Called
 * on the messaging or retry thread, one attempt after the other.
 */
@FunctionalInterface
public interface BrokerAttemptListener {

  /**
   * @param partitionId the partition the message went to
   * @param brokerNodeId the node id of that partition's leader when it was sent
   * @param sentNanos {@link System#nanoTime()} when it was sent
   * @param endedNanos {@link System#nanoTime()} when its answer or failure arrived
   * @param outcome {@code OK}, a rejection's type ({@code NOT_FOUND}, ...), the broker's error code
   *     ({@code RESOURCE_EXHAUSTED}, {@code PARTITION_LEADER_MISMATCH}, ...) or how sending failed
   *     ({@code TIMEOUT}, {@code UNREACHABLE}, {@code CONNECTION_CLOSED}, ...)
   */
  void attempted(
      int partitionId, int brokerNodeId, long sentNanos, long endedNanos, String outcome);
}

package io.gatefork.broker.dev.cluster;

import io.atomix.cluster.MemberId;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Makes this broker step down from a partition it leads once another member publishes leadership of
 * it in a strictly higher term, as a Raft leader does when it learns of a higher term.
 *
 * <p>Leaderships are seen on Atomix threads; the hand-over itself (closing the partition) runs on
 * one thread of its own, so it neither blocks membership nor races with itself. Each partition is
 * handed over at most once.
 */
public final class HigherTermWatcher implements PartitionLeaderDirectory.LeaderListener {

  private final long ownTerm;
  private final Set<Integer> ledPartitions = ConcurrentHashMap.newKeySet();
  private final StepDown stepDown;
  private final ExecutorService handOver;

  /**
   * @param ownTerm the term this broker leads its partitions in
   * @param ledPartitions the partitions this broker leads at start
   * @param stepDown hands a partition over; called once per partition, on the watcher's thread
   */
  public HigherTermWatcher(
      final int nodeId,
      final long ownTerm,
      final Collection<Integer> ledPartitions,
      final StepDown stepDown) {
    this.ownTerm = ownTerm;
    this.ledPartitions.addAll(ledPartitions);
    this.stepDown = stepDown;
    handOver =
        Executors.newSingleThreadExecutor(
            Thread.ofPlatform().name("broker-" + nodeId + "-step-down").daemon().factory());
  }

  /** The partitions this broker still leads. */
  public Set<Integer> ledPartitions() {
    return new TreeSet<>(ledPartitions);
  }

  @Override
  public void leaderSeen(final int partitionId, final MemberId member, final long term) {
    if (term > ownTerm && ledPartitions.remove(partitionId)) {
      try {
        handOver.execute(() -> stepDown.stepDown(partitionId, member, term));
      } catch (final RejectedExecutionException closing) {
        // the broker is stopping: it closes the partition anyway
      }
    }
  }

  /** Waits for a hand-over in progress; none starts afterwards. */
  public void close() throws InterruptedException {
    handOver.shutdown();
    if (!handOver.awaitTermination(30, TimeUnit.SECONDS)) {
      handOver.shutdownNow();
    }
  }

  /** Hands over a partition this broker no longer leads. */
  @FunctionalInterface
  public interface StepDown {
    void stepDown(int partitionId, MemberId newLeader, long newTerm);
  }
}

package io.gatefork.broker.dev.partition;

import io.camunda.zeebe.db.ZeebeDb;
import io.camunda.zeebe.protocol.Protocol;
import io.camunda.zeebe.protocol.ZbColumnFamilies;
import io.camunda.zeebe.stream.impl.state.DbKeyGenerator;

/**
 * Gives each term its own range of keys. A partition's state is not replicated, so a new leader
 * starts empty; without this it would hand out the keys the previous term already did, and a client
 * completing an old job key would hit a different job. The partition-local part of a key (51 bits)
 * is split into {@value #KEY_BITS_PER_TERM}-bit ranges, one per term: a partition led in term T
 * starts at {@code (T - 1) << 40}, above any key of terms below T (each term has about 10^12 keys,
 * far more than a test broker issues).
 */
final class TermKeyBase {

  static final int KEY_BITS_PER_TERM = 40;

  private TermKeyBase() {}

  /** The first partition-local key of the term. */
  static long firstLocalKey(final long term) {
    return (term - 1) << KEY_BITS_PER_TERM;
  }

  /**
   * Moves the partition's key generator to the start of the term's range, before the stream
   * processor opens the state (it reads the generator's last key from there).
   */
  static void apply(final int partitionId, final long term, final ZeebeDb<ZbColumnFamilies> state) {
    if (term <= 1) {
      return; // term 1 starts where the engine does
    }
    final var context = state.createContext();
    final var keys = new DbKeyGenerator(partitionId, state, context);
    context.runInTransaction(
        () -> keys.setKeyIfHigher(Protocol.encodePartitionId(partitionId, firstLocalKey(term))));
  }
}

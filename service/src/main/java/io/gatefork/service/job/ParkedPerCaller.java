package io.gatefork.service.job;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The waiting places each caller holds in long polling, at most its share each, so that one caller
 * cannot take every place from the others. Keyed by {@link
 * io.gatefork.service.RequestContext#callerKey()}, a value the client chooses (its credential or
 * address): a caller has an entry only while it holds a place, removed with its last one.
 * Thread-safe; a take or give-back is one atomic update of the caller's entry, no lock held across
 * callers.
 */
final class ParkedPerCaller {
  private final int share;
  private final ConcurrentMap<String, Integer> held = new ConcurrentHashMap<>();

  ParkedPerCaller(final int share) {
    this.share = share;
  }

  /** How many places one caller may hold. */
  int share() {
    return share;
  }

  /** Takes one of the caller's places; false (and nothing taken) when it holds its share. */
  boolean tryTake(final String caller) {
    // as the global count: add first, take it back when over, so concurrent takers never exceed
    if (held.merge(caller, 1, Integer::sum) <= share) {
      return true;
    }
    giveBack(caller);
    return false;
  }

  /**
   * Takes a place for the request's caller unless the request holds one already (it waited before);
   * false when the caller holds its share.
   */
  boolean takeFor(final ActivationRequest request) {
    if (!request.needsCallerPlace()) {
      return true;
    }
    final String caller = request.context.callerKey();
    if (!tryTake(caller)) {
      return false;
    }
    if (!request.holdCallerPlace()) {
      giveBack(caller); // it ended meanwhile (cancelled): nobody else gives it back
    }
    return true;
  }

  /** Gives one place back; the caller's entry goes with its last one. */
  void giveBack(final String caller) {
    held.computeIfPresent(caller, (key, places) -> places == 1 ? null : places - 1);
  }

  /** The places the caller holds now. */
  int held(final String caller) {
    return held.getOrDefault(caller, 0);
  }

  /** Callers with an entry now: those holding a place. */
  int callers() {
    return held.size();
  }
}

package io.gatefork.gateway.rest.body;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;

/**
 * The places for requests that hold a request thread while they wait for their body: a fixed
 * number, half as many grace places besides for young requests (whose body is likely a segment
 * behind their head), and at most so many of either for the requests of one client address, so that
 * slow uploads from one address leave places to the others. An address has an entry only while its
 * requests hold places.
 */
final class WaitingPlaces {
  private final Semaphore places;
  private final Semaphore grace;
  private final int perAddress;
  private final Map<String, Integer> held = new ConcurrentHashMap<>();

  /**
   * @param perAddress the places (grace ones included) one address's requests may hold at once
   */
  WaitingPlaces(final int places, final int perAddress) {
    this.places = new Semaphore(places);
    // together with the places, three quarters of the request threads at most (places are half),
    // so requests whose bodies came with them always find threads
    grace = new Semaphore(Math.max(1, places / 2));
    this.perAddress = perAddress;
  }

  /** A place held by a request of {@code address}; give it back with {@link #release}. */
  record Place(Semaphore semaphore, String address) {}

  /**
   * @return a place, or null when none is free (for a young request, no grace place either) or the
   *     address holds its share
   */
  Place take(final String address, final boolean young) {
    if (!enter(address)) {
      return null;
    }
    if (places.tryAcquire()) {
      return new Place(places, address);
    }
    if (young && grace.tryAcquire()) {
      return new Place(grace, address);
    }
    leave(address);
    return null;
  }

  void release(final Place place) {
    place.semaphore().release();
    leave(place.address());
  }

  /** Whether the requests of {@code address} hold its share of the places now. */
  boolean holdsItsShare(final String address) {
    return held.getOrDefault(address, 0) >= perAddress;
  }

  int perAddress() {
    return perAddress;
  }

  private boolean enter(final String address) {
    final boolean[] entered = {false};
    held.compute(
        address,
        (key, count) -> {
          final int now = count == null ? 0 : count;
          if (now >= perAddress) {
            return count;
          }
          entered[0] = true;
          return now + 1;
        });
    return entered[0];
  }

  private void leave(final String address) {
    held.computeIfPresent(address, (key, count) -> count == 1 ? null : count - 1);
  }
}

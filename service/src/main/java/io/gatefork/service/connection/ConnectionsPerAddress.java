package io.gatefork.service.connection;

import io.gatefork.service.operation.Api;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.InetAddress;
import java.util.HashMap;
import java.util.Map;

/**
 * The open connections of one front end by remote address, with a limit per address, so that one
 * client address cannot hold all the connections a front end takes (DESIGN.md, "Limits"). A server
 * asks {@link #open} for every accepted connection and refuses it when that answers false; it tells
 * {@link #closed} once for every connection {@code open} admitted.
 *
 * <p>The state is bounded by the open connections: an address has an entry only while it has open
 * ones, removed with its last. Opening and closing take one short lock (no I/O under it): they
 * happen once per connection, never per request. Refusals are counted on {@value #REFUSED_METER}
 * (tags {@code api}, {@code reason=per-address}).
 */
public final class ConnectionsPerAddress {
  public static final String REFUSED_METER = "gatefork.connections.refused";

  /** A limit that admits every connection and keeps no state. */
  public static final ConnectionsPerAddress UNLIMITED = new ConnectionsPerAddress();

  private final int limit;
  private final Counter refused;
  private final Map<InetAddress, OpenCount> open = new HashMap<>();

  /**
   * @param limit the open connections one address may have; positive
   */
  public ConnectionsPerAddress(final int limit, final Api api, final MeterRegistry registry) {
    if (limit <= 0) {
      throw new IllegalArgumentException("limit must be positive, but was " + limit);
    }
    this.limit = limit;
    refused = refusedCounter(api, registry);
  }

  private ConnectionsPerAddress() {
    limit = Integer.MAX_VALUE;
    refused = null;
  }

  private static Counter refusedCounter(final Api api, final MeterRegistry registry) {
    return Counter.builder(REFUSED_METER)
        .description("Connections closed at accept because their address holds too many")
        .tag("api", api.tag())
        .tag("reason", "per-address")
        .register(registry);
  }

  /** Whether connections are limited at all ({@link #UNLIMITED} is not). */
  public boolean limits() {
    return this != UNLIMITED;
  }

  /** The open connections one address may have. */
  public int limit() {
    return limit;
  }

  /**
   * Counts a connection accepted from {@code address}, unless the address holds the limit already:
   * then it is counted as refused and false is returned (the caller closes it, and does not call
   * {@link #closed}). A connection without an address (a Unix socket) is always admitted.
   */
  public boolean open(final InetAddress address) {
    if (!limits() || address == null) {
      return true;
    }
    synchronized (open) {
      final OpenCount count = open.get(address);
      if (count == null) {
        open.put(address, new OpenCount());
        return true;
      }
      if (count.value < limit) {
        count.value++;
        return true;
      }
    }
    refused.increment();
    return false;
  }

  /** Uncounts a connection from {@code address} that {@link #open} admitted. */
  public void closed(final InetAddress address) {
    if (!limits() || address == null) {
      return;
    }
    synchronized (open) {
      final OpenCount count = open.get(address);
      if (count != null && --count.value == 0) {
        open.remove(address);
      }
    }
  }

  /** Open connections of {@code address} now. */
  public int openFrom(final InetAddress address) {
    synchronized (open) {
      final OpenCount count = open.get(address);
      return count == null ? 0 : count.value;
    }
  }

  /** Addresses with open connections now: the entries held. */
  public int addresses() {
    synchronized (open) {
      return open.size();
    }
  }

  /** Mutable, so that a connection to a known address allocates nothing. */
  private static final class OpenCount {
    private int value = 1;
  }
}

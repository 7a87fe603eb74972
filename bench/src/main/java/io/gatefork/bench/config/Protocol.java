package io.gatefork.bench.config;

import java.util.Locale;

/**
 * How the official client talks to the gateway, and how its job workers get jobs. REST workers can
 * only poll; gRPC workers poll or stream. {@code rest-default-pool} keeps the client's own REST
 * connection pool as it comes (5 connections per route in client 8.8.0, 100 since 8.8.14) so that
 * its effect can be seen beside {@code rest}, whose pool is widened to the starter's in-flight
 * limit.
 */
public enum Protocol {
  REST("rest", "rest", false, true),
  REST_DEFAULT_POOL("rest-default-pool", "rest", false, false),
  GRPC("grpc", "grpc", false, false),
  GRPC_STREAM("grpc-stream", "grpc", true, false);

  private final String tag;
  private final String api;
  private final boolean jobStreaming;
  private final boolean widenedRestPool;

  Protocol(
      final String tag,
      final String api,
      final boolean jobStreaming,
      final boolean widenedRestPool) {
    this.tag = tag;
    this.api = api;
    this.jobStreaming = jobStreaming;
    this.widenedRestPool = widenedRestPool;
  }

  /** The name in options, cell labels and reports. */
  public String tag() {
    return tag;
  }

  /** The gateway's {@code api} metric label: "rest" or "grpc". */
  public String api() {
    return api;
  }

  public boolean rest() {
    return api.equals("rest");
  }

  /** Workers stream jobs (StreamActivatedJobs) instead of polling. */
  public boolean jobStreaming() {
    return jobStreaming;
  }

  /** The REST client's connection pool is widened so that it does not throttle the load. */
  public boolean widenedRestPool() {
    return widenedRestPool;
  }

  /** The api of a protocol tag as stored in results ("grpc-stream" -> "grpc"). */
  public static String apiOf(final String tag) {
    return parse(tag).api();
  }

  public static Protocol parse(final String text) {
    final String t = text.trim().toLowerCase(Locale.ROOT);
    for (final Protocol p : values()) {
      if (p.tag.equals(t)) {
        return p;
      }
    }
    throw new IllegalArgumentException(
        "unknown protocol '" + text + "' (rest, rest-default-pool, grpc, grpc-stream)");
  }
}

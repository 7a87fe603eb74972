package io.gatefork.bench;

import java.util.Arrays;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * How the official client talks to the gateway, and how its job workers get jobs. REST workers can
 * only poll; gRPC workers poll or stream. {@code rest-default-pool} keeps the client's own REST
 * connection pool as it comes (5 connections per route in client 8.8.0, 100 since 8.8.14) so that
 * its effect can be seen beside {@code rest}, whose pool is widened to the starter's in-flight
 * limit plus the workers' jobs.
 */
enum Protocol {
  REST("rest", true, false, true),
  REST_DEFAULT_POOL("rest-default-pool", true, false, false),
  GRPC("grpc", false, false, false),
  GRPC_STREAM("grpc-stream", false, true, false);

  final String tag;
  final boolean rest;
  final boolean jobStreaming;
  final boolean widenedRestPool;

  Protocol(
      final String tag,
      final boolean rest,
      final boolean jobStreaming,
      final boolean widenedRestPool) {
    this.tag = tag;
    this.rest = rest;
    this.jobStreaming = jobStreaming;
    this.widenedRestPool = widenedRestPool;
  }

  /** Parses the tags, which are not the constants' names, for picocli. */
  static final class Converter implements ITypeConverter<Protocol> {
    @Override
    public Protocol convert(final String text) {
      return Arrays.stream(values())
          .filter(p -> p.tag.equals(text))
          .findFirst()
          .orElseThrow(
              () ->
                  new TypeConversionException(
                      "unknown protocol '"
                          + text
                          + "' (rest, rest-default-pool, grpc, grpc-stream)"));
    }
  }
}

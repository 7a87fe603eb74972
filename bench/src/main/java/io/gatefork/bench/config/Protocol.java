package io.gatefork.bench.config;

import java.util.Locale;

/** How the official client talks to the gateway. */
public enum Protocol {
  REST,
  GRPC;

  public String tag() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Protocol parse(final String text) {
    return switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "rest" -> REST;
      case "grpc" -> GRPC;
      default -> throw new IllegalArgumentException("unknown protocol '" + text + "' (rest, grpc)");
    };
  }
}

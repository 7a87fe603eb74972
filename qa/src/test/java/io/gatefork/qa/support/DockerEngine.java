package io.gatefork.qa.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Whether a Docker engine answers, asked with one {@code GET /_ping} on {@code DOCKER_HOST} (or the
 * default socket). Testcontainers' own discovery would log a page of errors when there is none;
 * this check keeps a run without Docker to one line.
 */
public final class DockerEngine {
  private static final String DEFAULT_HOST = "unix:///var/run/docker.sock";
  private static final Duration PING_TIMEOUT = Duration.ofSeconds(5);

  /** The outcome of the ping: {@code problem} is null when the engine answered. */
  public record Probe(String endpoint, String problem) {
    public boolean available() {
      return problem == null;
    }
  }

  private static volatile Probe probe;

  private DockerEngine() {}

  /** Pings once per JVM. */
  public static Probe probe() {
    Probe result = probe;
    if (result == null) {
      synchronized (DockerEngine.class) {
        result = probe;
        if (result == null) {
          result = ping(endpoint());
          probe = result;
        }
      }
    }
    return result;
  }

  private static String endpoint() {
    final String host = System.getenv("DOCKER_HOST");
    return host == null || host.isBlank() ? DEFAULT_HOST : host;
  }

  private static Probe ping(final String endpoint) {
    try {
      final var answer =
          CompletableFuture.supplyAsync(() -> exchange(endpoint))
              .get(PING_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      return answer.startsWith("HTTP/1.") && answer.contains(" 200 ")
          ? new Probe(endpoint, null)
          : new Probe(endpoint, "unexpected answer to /_ping: " + firstLine(answer));
    } catch (final Exception e) {
      Throwable cause = e;
      while (cause.getCause() != null) {
        cause = cause.getCause();
      }
      return new Probe(
          endpoint,
          cause.getClass().getSimpleName()
              + (cause.getMessage() != null ? ": " + cause.getMessage() : ""));
    }
  }

  private static String exchange(final String endpoint) {
    final URI uri = URI.create(endpoint);
    final SocketAddress address;
    final StandardProtocolFamily family;
    switch (uri.getScheme()) {
      case "unix" -> {
        address = UnixDomainSocketAddress.of(Path.of(uri.getPath()));
        family = StandardProtocolFamily.UNIX;
      }
      case "tcp", "http" -> {
        address = new InetSocketAddress(uri.getHost(), uri.getPort() > 0 ? uri.getPort() : 2375);
        family = StandardProtocolFamily.INET;
      }
      default -> throw new IllegalArgumentException("unsupported DOCKER_HOST " + endpoint);
    }
    try (var channel = SocketChannel.open(family)) {
      channel.connect(address);
      channel.write(
          ByteBuffer.wrap(
              "GET /_ping HTTP/1.0\r\nHost: docker\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));
      final var answer = new ByteArrayOutputStream();
      final var buffer = ByteBuffer.allocate(512);
      while (channel.read(buffer) > 0 && answer.size() < 4096) {
        answer.write(buffer.array(), 0, buffer.position());
        buffer.clear();
      }
      return answer.toString(StandardCharsets.US_ASCII);
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String firstLine(final String text) {
    final int end = text.indexOf('\r');
    return end < 0 ? text : text.substring(0, end);
  }
}

package io.gatefork.gateway.rest.frontend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.gatefork.gateway.rest.support.RestTestSupport;
import io.gatefork.service.job.ActivatedJob;
import io.gatefork.service.job.CallerConnection;
import io.gatefork.service.job.WatchesCaller;
import io.gatefork.service.testing.ActivatedJobs;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * What Tomcat lets a parked job activation learn about its client, over raw sockets: a client that
 * closes (or resets) its connection while the request waits is told apart from one that is still
 * connected, without writing anything, and watching does not disturb the answer or the reuse of the
 * connection. (Tomcat itself reports nothing: no AsyncListener.onError while a request waits.)
 */
class CallerProbeTest extends RestTestSupport {
  private static final String BODY =
      "{\"type\": \"t\", \"timeout\": 60000, \"maxJobsToActivate\": 1, \"requestTimeout\": 60000}";
  private static final ActivatedJob JOB = ActivatedJobs.job();

  /** How long a connected client that sends nothing must not be taken for gone. */
  private static final Duration QUIET_WHILE_CONNECTED = Duration.ofMillis(200);

  @LocalServerPort private int port;

  /** A service future that, like a stream-mode activation, takes the caller's connection. */
  private static final class Watched extends CompletableFuture<List<ActivatedJob>>
      implements WatchesCaller {
    final CompletableFuture<CallerConnection> connection = new CompletableFuture<>();
    final CompletableFuture<Void> undelivered = new CompletableFuture<>();

    @Override
    public void watchCaller(final CallerConnection callerConnection) {
      connection.complete(callerConnection);
    }

    @Override
    public void answerUndelivered() {
      undelivered.complete(null);
    }
  }

  private Watched parkedActivation(final Socket socket) throws Exception {
    final var watched = new Watched();
    fakes.jobs.activate.answerWith(watched);
    send(socket);
    return watched;
  }

  private void send(final Socket socket) throws IOException {
    final byte[] body = BODY.getBytes(StandardCharsets.UTF_8);
    final String head =
        "POST /v2/jobs/activation HTTP/1.1\r\nHost: 127.0.0.1:"
            + port
            + "\r\nContent-Type: application/json\r\nAccept: application/json\r\nContent-Length: "
            + body.length
            + "\r\n\r\n";
    socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
    socket.getOutputStream().write(body);
    socket.getOutputStream().flush();
  }

  private Socket connect() throws IOException {
    final var socket = new Socket(InetAddress.getLoopbackAddress(), port);
    socket.setSoTimeout(10_000);
    return socket;
  }

  @Test
  void aClientThatClosesItsConnectionWhileTheRequestWaitsIsToldApart() throws Exception {
    final Watched watched;
    final CallerConnection connection;
    try (var socket = connect()) {
      watched = parkedActivation(socket);
      connection = watched.connection.get(5, TimeUnit.SECONDS);
      await("connected and quiet: not gone")
          .failFast("connected and quiet, yet gone", connection::gone)
          .during(QUIET_WHILE_CONNECTED)
          .atMost(QUIET_WHILE_CONNECTED.plusSeconds(1))
          .until(() -> !connection.gone());
    }

    await().atMost(Duration.ofSeconds(5)).until(connection::gone);
    watched.complete(List.of()); // written into the void, quietly
  }

  @Test
  void aClientThatResetsItsConnectionIsToldApartToo() throws Exception {
    final Watched watched;
    final CallerConnection connection;
    try (var socket = connect()) {
      watched = parkedActivation(socket);
      connection = watched.connection.get(5, TimeUnit.SECONDS);
      assertThat(connection.gone()).isFalse();
      socket.setSoLinger(true, 0); // close with RST
    }

    await().atMost(Duration.ofSeconds(5)).until(connection::gone);
    watched.complete(List.of());
  }

  @Test
  void aClientThatStaysGetsItsAnswerAndKeepsItsConnection() throws Exception {
    try (var socket = connect()) {
      final var watched = parkedActivation(socket);
      final var connection = watched.connection.get(5, TimeUnit.SECONDS);
      assertThat(connection.gone()).isFalse();

      watched.complete(List.of(JOB));

      final String first = readResponse(socket.getInputStream());
      assertThat(first).startsWith("HTTP/1.1 200").contains("2251799813685249");
      await("answered: no longer watched").atMost(Duration.ofSeconds(5)).until(connection::gone);

      // the same connection serves the next request
      final var next = new Watched();
      fakes.jobs.activate.answerWith(next);
      send(socket);
      next.connection.get(5, TimeUnit.SECONDS);
      next.complete(List.of());
      assertThat(readResponse(socket.getInputStream())).startsWith("HTTP/1.1 200");
    }
  }

  @Test
  void anAnswerCutOffByTheClientsResetIsReportedUndelivered() throws Exception {
    final var socket = new Socket();
    socket.setReceiveBufferSize(4096); // reads nothing: the answer cannot get out whole
    socket.connect(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), port));
    final var watched = parkedActivation(socket);
    watched.connection.get(5, TimeUnit.SECONDS);

    watched.complete(List.of(withVariablesOf(16 << 20)));
    Thread.sleep(500); // the write stalls on the full socket buffers
    assertThat(watched.undelivered).isNotDone();
    socket.setSoLinger(true, 0);
    socket.close();

    watched.undelivered.get(5, TimeUnit.SECONDS);
  }

  @Test
  void anAnswerReadWholeIsNotReportedUndelivered() throws Exception {
    final Watched watched;
    try (var socket = connect()) {
      watched = parkedActivation(socket);
      watched.connection.get(5, TimeUnit.SECONDS);

      watched.complete(List.of(withVariablesOf(1 << 20)));

      assertThat(readResponse(socket.getInputStream())).startsWith("HTTP/1.1 200");
      socket.setSoLinger(true, 0);
    }
    Thread.sleep(200); // the reset reaches the server: its answer was out whole before it
    assertThat(watched.undelivered).isNotDone();
  }

  /** {@link #JOB} with a variables document of about {@code bytes}. */
  private static ActivatedJob withVariablesOf(final int bytes) {
    return ActivatedJobs.withVariables("{\"big\":\"" + "x".repeat(bytes) + "\"}");
  }

  @Test
  void anActivationThatDoesNotWatchItsCallerIsLeftAlone() throws Exception {
    final var plain = new CompletableFuture<List<ActivatedJob>>();
    fakes.jobs.activate.answerWith(plain);
    try (var socket = connect()) {
      send(socket);
      await().atMost(Duration.ofSeconds(5)).until(() -> fakes.jobs.activate.count() == 1);
      plain.complete(List.of());
      assertThat(readResponse(socket.getInputStream())).startsWith("HTTP/1.1 200");
    }
  }

  /** One response with a Content-Length body. */
  private static String readResponse(final InputStream in) throws IOException {
    final var head = new ByteArrayOutputStream();
    while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
      final int b = in.read();
      if (b < 0) {
        throw new IOException("closed after " + head);
      }
      head.write(b);
    }
    final String headers = head.toString(StandardCharsets.US_ASCII);
    int length = 0;
    for (final String line : headers.split("\r\n")) {
      if (line.regionMatches(true, 0, "Content-Length:", 0, 15)) {
        length = Integer.parseInt(line.substring(15).trim());
      }
    }
    return headers + new String(in.readNBytes(length), StandardCharsets.UTF_8);
  }
}

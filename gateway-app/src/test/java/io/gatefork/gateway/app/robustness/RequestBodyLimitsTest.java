package io.gatefork.gateway.app.robustness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.client.CamundaClient;
import io.gatefork.gateway.app.GatewayTestSupport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * Request bodies are bounded before they cost the gateway a thread or memory: a body declared
 * larger than {@code gatefork.rest.max-body-size} is refused with 413 before a byte of it is read,
 * a chunked one when it grows past it; slow uploads hold at most {@code
 * gatefork.rest.max-waiting-bodies} request threads, for at most {@code
 * gatefork.rest.body-read-timeout}, while requests beside them are answered.
 */
@TestPropertySource(properties = "gatefork.rest.body-read-timeout=4s")
class RequestBodyLimitsTest extends GatewayTestSupport {
  private static final int SLOW_UPLOADS = 10;
  private static final ExecutorService READERS = Executors.newVirtualThreadPerTaskExecutor();

  @Test
  void slowUploadsLeaveRequestThreadsForOthersAndEndWithTheirDeadline() throws Exception {
    final List<Socket> uploads = new ArrayList<>();
    final List<CompletableFuture<String>> answers = new ArrayList<>();
    try {
      for (int i = 0; i < SLOW_UPLOADS; i++) {
        final Socket upload = connect();
        uploads.add(upload);
        answers.add(slowUpload(upload));
      }
      Thread.sleep(1_500); // every upload has sent its head and is trickling its body

      assertThat(get("/v2/topology")).isEqualTo(200);
      assertThat(post("/v2/process-instances", "{\"processDefinitionId\":\"nothing-deployed\"}"))
          .isEqualTo(404);

      // every upload is answered: refused a place to wait at once (503), or past its deadline (408)
      for (final CompletableFuture<String> answer : answers) {
        assertThat(answer.get(20, TimeUnit.SECONDS)).matches("(?s)HTTP/1.1 (408|503) .*");
      }
    } finally {
      for (final Socket upload : uploads) {
        upload.close();
      }
    }
    assertThat(get("/v2/topology")).isEqualTo(200);
  }

  /**
   * Slow uploads from one address, renewed all the time, hold at most that address's share of the
   * places to wait for a body ({@code gatefork.rest.max-waiting-bodies-per-address}, by default all
   * but the grace places): a request from another address whose body comes a moment after its head
   * still finds a place. Before, the renewed uploads kept the grace places too, and it was answered
   * 503.
   */
  @Test
  void slowUploadsFromOneAddressLeaveAPlaceForAnotherAddress() throws Exception {
    final List<Socket> uploads = new ArrayList<>();
    final Thread renewing =
        new Thread(
            () -> {
              try {
                for (int i = 0; i < 40 && !Thread.currentThread().isInterrupted(); i++) {
                  final Socket upload = connect();
                  synchronized (uploads) {
                    uploads.add(upload);
                  }
                  slowUpload(upload);
                  Thread.sleep(100);
                }
              } catch (final IOException | InterruptedException stopped) {
                // the test is over
              }
            },
            "renewing-slow-uploads");
    renewing.setDaemon(true);
    renewing.start();
    try {
      Thread.sleep(1_500);
      final String json = "{\"processDefinitionId\":\"nothing-deployed\"}";
      try (Socket other =
          new Socket(
              InetAddress.getLoopbackAddress(), restPort, InetAddress.getByName("127.0.0.2"), 0)) {
        other.setSoTimeout(20_000);
        final OutputStream out = other.getOutputStream();
        out.write(
            head("POST", "/v2/process-instances", "Content-Length: " + json.length() + "\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        Thread.sleep(100); // the body a moment after its head, as many clients send it
        out.write(json.getBytes(StandardCharsets.US_ASCII));
        assertThat(answer(other)).startsWith("HTTP/1.1 404 ");
      }
    } finally {
      renewing.interrupt();
      renewing.join(5_000);
      synchronized (uploads) {
        for (final Socket upload : uploads) {
          upload.close();
        }
      }
    }
  }

  /**
   * A slow body pipelined behind a request the broker answers: the first answer is written from the
   * API executor thread that completed it, and Tomcat goes on to the connection's next request
   * where that write started. Were that request's body read there, each such client would hold an
   * API executor thread for the body's deadline, and every answer behind it — gRPC ones too — would
   * wait.
   */
  @Test
  void aSlowBodyPipelinedBehindAnAnswerHoldsNoApiExecutorThread() throws Exception {
    final String answeredByTheBroker = "{\"processDefinitionId\":\"nothing-deployed\"}";
    final List<Socket> pipelines = new ArrayList<>();
    try (CamundaClient grpc = client(false)) {
      for (int i = 0; i < SLOW_UPLOADS; i++) {
        final Socket pipeline = connect();
        pipelines.add(pipeline);
        pipeline
            .getOutputStream()
            .write(
                (head(
                            "POST",
                            "/v2/process-instances",
                            "Content-Length: " + answeredByTheBroker.length() + "\r\n")
                        + answeredByTheBroker
                        + head("POST", "/v2/process-instances", "Content-Length: 100\r\n")
                        + "{")
                    .getBytes(StandardCharsets.US_ASCII));
      }
      Thread.sleep(1_000); // each first request answered, each second one waiting for its body

      final long start = System.nanoTime();
      assertThatThrownBy(
              () ->
                  grpc.newCreateInstanceCommand()
                      .bpmnProcessId("nothing-deployed")
                      .latestVersion()
                      .send()
                      .join(10, TimeUnit.SECONDS))
          .hasMessageContaining("NOT_FOUND");
      assertThat(post("/v2/process-instances", answeredByTheBroker)).isEqualTo(404);
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
    } finally {
      for (final Socket pipeline : pipelines) {
        pipeline.close();
      }
    }
  }

  @Test
  void aBodyDeclaredTooLargeIsRefusedBeforeItIsSent() throws Exception {
    final List<CompletableFuture<String>> answers = new ArrayList<>();
    final List<Socket> sockets = new ArrayList<>();
    try {
      for (int i = 0; i < 10; i++) {
        final Socket socket = connect();
        sockets.add(socket);
        socket
            .getOutputStream()
            .write(
                head("POST", "/v2/process-instances", "Content-Length: 300000000\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
        answers.add(CompletableFuture.supplyAsync(() -> answer(socket), READERS));
      }
      for (final CompletableFuture<String> answer : answers) {
        final String text = answer.get(10, TimeUnit.SECONDS);
        assertThat(text)
            .startsWith("HTTP/1.1 413 ")
            .contains("application/problem+json")
            .contains("gatefork.rest.max-body-size");
      }
    } finally {
      for (final Socket socket : sockets) {
        socket.close();
      }
    }
  }

  @Test
  void aChunkedBodyIsRefusedWhenItGrowsPastTheLimit() throws Exception {
    try (Socket socket = connect()) {
      final OutputStream out = socket.getOutputStream();
      out.write(
          head("POST", "/v2/process-instances", "Transfer-Encoding: chunked\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      final CompletableFuture<String> answer =
          CompletableFuture.supplyAsync(() -> answer(socket), READERS);
      final byte[] start = "{\"variables\":{\"a\":\"".getBytes();
      final byte[] chunk = "x".repeat(1 << 20).getBytes();
      try {
        for (int i = 0; i < 6 && !answer.isDone(); i++) { // 6 MB at most, past the 4 MB limit
          final byte[] data = i == 0 ? start : chunk;
          out.write((Integer.toHexString(data.length) + "\r\n").getBytes());
          out.write(data);
          out.write("\r\n".getBytes());
          out.flush();
        }
      } catch (final IOException closed) {
        // the gateway refused the body and closed the connection
      }
      assertThat(answer.get(10, TimeUnit.SECONDS))
          .startsWith("HTTP/1.1 413 ")
          .contains("gatefork.rest.max-body-size");
    }
  }

  private Socket connect() throws IOException {
    final var socket = new Socket(InetAddress.getLoopbackAddress(), restPort);
    socket.setSoTimeout(20_000);
    return socket;
  }

  private static String head(final String method, final String path, final String headers) {
    return method
        + " "
        + path
        + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + headers
        + "\r\n";
  }

  /** Sends a head announcing 100 bytes, then one byte a second; completes with the answer. */
  private static CompletableFuture<String> slowUpload(final Socket socket) throws IOException {
    socket
        .getOutputStream()
        .write(
            head("POST", "/v2/process-instances", "Content-Length: 100\r\n")
                .getBytes(StandardCharsets.US_ASCII));
    final Thread trickle =
        new Thread(
            () -> {
              try {
                final OutputStream out = socket.getOutputStream();
                for (int i = 0; i < 100; i++) {
                  out.write(i == 0 ? '{' : ' ');
                  out.flush();
                  Thread.sleep(1_000);
                }
              } catch (final IOException | InterruptedException closed) {
                // answered and closed
              }
            },
            "slow-upload");
    trickle.setDaemon(true);
    trickle.start();
    return CompletableFuture.supplyAsync(() -> answer(socket), READERS);
  }

  /** What the gateway sent until it closed the connection (or 20 s passed). */
  private static String answer(final Socket socket) {
    final var received = new ByteArrayOutputStream();
    try {
      final InputStream in = socket.getInputStream();
      final byte[] buffer = new byte[8192];
      for (int read; (read = in.read(buffer)) >= 0; ) {
        received.write(buffer, 0, read);
        if (received.toString(StandardCharsets.UTF_8).contains("}")) {
          break; // the ProblemDetail is complete
        }
      }
    } catch (final SocketException reset) {
      // closed after the answer
    } catch (final IOException e) {
      throw new IllegalStateException("no answer: " + received, e);
    }
    return received.toString(StandardCharsets.UTF_8);
  }

  private int get(final String path) throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create(baseUrl() + path))
                .timeout(Duration.ofSeconds(5))
                .build(),
            HttpResponse.BodyHandlers.discarding())
        .statusCode();
  }

  /**
   * Posts {@code json} with its head in one write, as the well-behaved client the guard expects
   * (one whose body comes a moment later may find every place to wait for it taken, see
   * docs/security.md); answers the status.
   */
  private int post(final String path, final String json) throws Exception {
    try (Socket socket = connect()) {
      socket
          .getOutputStream()
          .write(
              (head("POST", path, "Content-Length: " + json.length() + "\r\n") + json)
                  .getBytes(StandardCharsets.US_ASCII));
      final String answer = answer(socket);
      return Integer.parseInt(answer.substring("HTTP/1.1 ".length(), "HTTP/1.1 ".length() + 3));
    }
  }
}

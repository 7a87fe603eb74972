package io.gatefork.gateway.app.robustness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.gatefork.gateway.app.GatewayTestSupport;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

/**
 * {@code gatefork.rest.max-threads-per-address} through real connections: while another address is
 * connected, one address's requests hold at most that many of Tomcat's request threads at once; its
 * further requests wait in the queue, holding none, and run when its running ones end. Uploads
 * whose bodies stall are the requests that visibly hold a thread: without the bound all four below
 * would (each address may hold as many body waits as there are places).
 */
@TestPropertySource(
    properties = {
      "gatefork.rest.max-threads-per-address=" + ThreadsPerAddressTest.BOUND,
      "gatefork.rest.body-read-timeout=20s"
    })
@DirtiesContext // a setting no other test shares: not for the context cache
class ThreadsPerAddressTest extends GatewayTestSupport {
  static final int BOUND = 2;
  private static final int UPLOADS = 4;
  private static final String BODY = RequestThreads.CREATE_BODY;
  private static final ExecutorService READERS = Executors.newVirtualThreadPerTaskExecutor();

  @Test
  void anAddressHoldsAtMostItsThreadsWhileAnotherIsConnectedAndTheRestRunAfter() throws Exception {
    final List<Socket> sockets = new ArrayList<>();
    try {
      final Socket polite = connect(InetAddress.getLoopbackAddress());
      sockets.add(polite);
      RequestThreads.sendCreate(polite, BODY);
      assertThat(answer(polite)).as("the polite address is connected").startsWith("HTTP/1.1 404");

      final InetAddress other = InetAddress.getByName("127.0.0.2");
      final List<Socket> uploads = new ArrayList<>();
      for (int i = 0; i < UPLOADS; i++) {
        final Socket upload = connect(other);
        sockets.add(upload);
        uploads.add(upload);
        RequestThreads.sendCreate(
            upload, BODY.substring(0, 1)); // the head, then the body's first byte: it stalls
      }
      await()
          .atMost(Duration.ofSeconds(5))
          .pollInterval(Duration.ofMillis(50))
          .until(() -> RequestThreads.readingABody() >= BOUND);
      Thread.sleep(1_000); // time for more to start, were they let
      assertThat(RequestThreads.readingABody())
          .as("request threads that the stalled uploads of 127.0.0.2 hold")
          .isEqualTo(BOUND);

      RequestThreads.sendCreate(polite, BODY);
      assertThat(answer(polite))
          .as("the polite address is still served")
          .startsWith("HTTP/1.1 404");

      final List<CompletableFuture<String>> answers = new ArrayList<>();
      for (final Socket upload : uploads) {
        answers.add(CompletableFuture.supplyAsync(() -> answer(upload), READERS));
        upload.getOutputStream().write(BODY.substring(1).getBytes(StandardCharsets.US_ASCII));
        upload.getOutputStream().flush();
      }
      for (final CompletableFuture<String> answer : answers) {
        assertThat(answer.get(10, TimeUnit.SECONDS))
            .as("each upload, the queued ones once a thread of their address is free")
            .startsWith("HTTP/1.1 404");
      }
    } finally {
      for (final Socket socket : sockets) {
        socket.close();
      }
    }
  }

  private Socket connect(final InetAddress from) throws IOException {
    final var socket = new Socket(InetAddress.getLoopbackAddress(), restPort, from, 0);
    socket.setSoTimeout(20_000);
    return socket;
  }

  /** One answer's head and body (its declared length, or to its last chunk). */
  private static String answer(final Socket socket) {
    try {
      final InputStream in = socket.getInputStream();
      final StringBuilder text = new StringBuilder();
      int length = -1;
      while (true) {
        final int c = in.read();
        if (c < 0) {
          return text.toString();
        }
        text.append((char) c);
        if (text.toString().endsWith("\r\n\r\n")) {
          for (final String line : text.toString().split("\r\n")) {
            if (line.toLowerCase().startsWith("content-length:")) {
              length = Integer.parseInt(line.substring(15).strip());
            }
          }
          break;
        }
      }
      if (length >= 0) {
        text.append(new String(in.readNBytes(length), StandardCharsets.UTF_8));
      } else {
        while (!text.toString().endsWith("\r\n0\r\n\r\n")) { // chunked: to its last chunk
          final int c = in.read();
          if (c < 0) {
            break;
          }
          text.append((char) c);
        }
      }
      return text.toString();
    } catch (final IOException e) {
      return "failed: " + e;
    }
  }
}

package io.gatefork.gateway.app.robustness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.gatefork.gateway.app.GatewayTestSupport;
import io.gatefork.gateway.app.connection.Http11Connection;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

/**
 * While other requests wait for a request thread, a connection that pipelines is served two
 * requests in a row, not {@code gatefork.rest.max-pipelined-requests}: the second answer carries
 * {@code Connection: close} and the waiting request is served next. Two uploads whose bodies stall
 * hold both request threads, so that the pipelining connection and a polite one queue; one upload
 * is then finished to free a thread.
 */
@TestPropertySource(
    properties = {
      "server.tomcat.threads.max=2",
      "gatefork.rest.max-threads-per-address=-1",
      "gatefork.rest.max-waiting-bodies=2",
      "gatefork.rest.body-read-timeout=20s"
    })
@DirtiesContext // settings no other test shares: not for the context cache
class PipeliningWhileOthersWaitTest extends GatewayTestSupport {
  private static final String BODY = RequestThreads.CREATE_BODY;

  @Test
  void aConnectionThatPipelinesWhileOthersWaitIsServedTwoAndClosed() throws Exception {
    final List<Socket> uploads = new ArrayList<>();
    try (var pipelining = new Http11Connection(restPort);
        var polite = new Http11Connection(restPort)) {
      for (int i = 0; i < 2; i++) {
        final var upload = new Socket(InetAddress.getLoopbackAddress(), restPort);
        uploads.add(upload);
        RequestThreads.sendCreate(upload, BODY.substring(0, 1));
      }
      await()
          .atMost(Duration.ofSeconds(5))
          .pollInterval(Duration.ofMillis(50))
          .until(() -> RequestThreads.readingABody() == 2);

      pipelining.pipeline("GET", "/v2/topology", 20);
      Thread.sleep(300); // the poller hands its task to the request threads' queue first
      polite.pipeline("GET", "/v2/topology", 1);
      Thread.sleep(300);
      uploads
          .getFirst()
          .getOutputStream()
          .write(BODY.substring(1).getBytes(StandardCharsets.UTF_8));

      final var first = pipelining.receive();
      assertThat(first.status()).isEqualTo(200);
      assertThat(first.header("Connection")).isNotEqualTo("close");
      final var second = pipelining.receive();
      assertThat(second.status()).isEqualTo(200);
      assertThat(second.header("Connection"))
          .as("the second answer in a row while a request waits")
          .isEqualTo("close");
      assertThat(pipelining.closedByServer()).isTrue();
      assertThat(polite.receive().status()).isEqualTo(200);
    } finally {
      for (final Socket upload : uploads) {
        upload.close();
      }
    }
  }
}

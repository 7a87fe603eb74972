package io.gatefork.gateway.app;

import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.io.CloseMode;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * The dead long polls of {@link DeadLongPollTest} over HTTP/2 (h2c with prior knowledge, {@code
 * server.http2.enabled}): a client that drops its connection ends its streams, and their waiting
 * activations stop waiting, so the job goes to the live poll. (The HTTP/1.1 cases run here too.)
 */
@TestPropertySource(properties = "server.http2.enabled=true")
class DeadLongPollHttp2Test extends DeadLongPollTest {

  @Test
  void aJobGoesToTheLivePollNotToHttp2PollsWhoseClientsLeft() throws Exception {
    deadPollsAheadOfALiveOne("dead-poll-h2", this::http2Poll);
  }

  /**
   * A job activation on an HTTP/2 connection of its own, which its client drops; it has left once
   * the gateway stopped waiting for it. Tomcat reads the connection's end and dispatches the
   * stream's reset to the request on another thread, so a job coming in between would still be
   * handed to this poll (and, its answer written into the closed connection, wait for its timeout).
   */
  private DeadPoll http2Poll(final String type) {
    final CloseableHttpAsyncClient client = HttpAsyncClients.createHttp2Default();
    client.start();
    client.execute(
        SimpleRequestBuilder.post(baseUrl() + "/v2/jobs/activation")
            .setBody(activation(type), ContentType.APPLICATION_JSON)
            .build(),
        null);
    return () -> {
      final int waiting = jobServices.parkedLongPolls(type);
      client.close(CloseMode.IMMEDIATE);
      awaitParked(type, waiting - 1);
    };
  }
}

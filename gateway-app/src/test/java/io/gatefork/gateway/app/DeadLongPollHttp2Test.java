package io.gatefork.gateway.app;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.apache.hc.client5.http.async.methods.SimpleResponseConsumer;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.nio.AsyncEntityProducer;
import org.apache.hc.core5.http.nio.DataStreamChannel;
import org.apache.hc.core5.http.nio.support.AsyncRequestBuilder;
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
    deadPollsAheadOfALiveOne("dead-poll-h2", type -> http2Poll(type, true));
  }

  /**
   * Clients that sent their whole JSON body but not the stream's end (a separate, empty DATA frame
   * with END_STREAM that had not come when the request started waiting): the gateway cannot watch
   * such a request's connection, but Tomcat still reports the dropped connection to the request.
   */
  @Test
  void aJobGoesToTheLivePollNotToHttp2PollsWhoseStreamsHadNotEnded() throws Exception {
    deadPollsAheadOfALiveOne("dead-poll-h2-open", type -> http2Poll(type, false));
  }

  /**
   * A job activation on an HTTP/2 connection of its own, which its client drops; it has left once
   * the gateway stopped waiting for it. Tomcat reads the connection's end and dispatches the
   * stream's reset to the request on another thread, so a job coming in between would still be
   * handed to this poll (and, its answer written into the closed connection, wait for its timeout).
   */
  private DeadPoll http2Poll(final String type, final boolean endStream) {
    final CloseableHttpAsyncClient client = HttpAsyncClients.createHttp2Default();
    client.start();
    final byte[] body = activation(type).getBytes(StandardCharsets.UTF_8);
    client.execute(
        AsyncRequestBuilder.post(baseUrl() + "/v2/jobs/activation")
            .setEntity(new BodyProducer(body, endStream))
            .build(),
        SimpleResponseConsumer.create(),
        null);
    return () -> {
      final int waiting = jobServices.parkedLongPolls(type);
      client.close(CloseMode.IMMEDIATE);
      awaitParked(type, waiting - 1);
    };
  }

  /** A JSON body in one DATA frame, which ends the stream or leaves it open. */
  private static final class BodyProducer implements AsyncEntityProducer {
    private final byte[] body;
    private final boolean endStream;
    private boolean written;

    private BodyProducer(final byte[] body, final boolean endStream) {
      this.body = body;
      this.endStream = endStream;
    }

    @Override
    public int available() {
      return written ? 0 : body.length;
    }

    @Override
    public void produce(final DataStreamChannel channel) throws IOException {
      if (!written) {
        written = true;
        channel.write(ByteBuffer.wrap(body));
        if (endStream) {
          channel.endStream();
        }
      }
    }

    @Override
    public boolean isRepeatable() {
      return false;
    }

    @Override
    public void failed(final Exception cause) {}

    @Override
    public long getContentLength() {
      return body.length;
    }

    @Override
    public String getContentType() {
      return ContentType.APPLICATION_JSON.toString();
    }

    @Override
    public String getContentEncoding() {
      return null;
    }

    @Override
    public boolean isChunked() {
      return false;
    }

    @Override
    public Set<String> getTrailerNames() {
      return Set.of();
    }

    @Override
    public void releaseResources() {}
  }
}

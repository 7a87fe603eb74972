package io.gatefork.gateway.rest.connection;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * Runs TLS handshakes and records through the JVM's TLS implementation in memory, with the REST
 * server's own key, before the REST port opens: a gateway that meets its first storm right after a
 * rolling update otherwise compiles the TLS path (RSA or EC signing, AES-GCM records) while it
 * serves, and on a small CPU quota the compiler's share of the first minute made a TLS answer cost
 * far more than a plaintext one (docs/overload.md). Nothing leaves the process: each handshake is
 * between two engines of this JVM, a new client engine each time, so each one is a full handshake
 * as a new client's is.
 */
final class TlsWarmUp {
  /** An HTTP/1.1 request and answer about the size of a create and its answer. */
  private static final byte[] REQUEST =
      ("POST /v2/process-instances HTTP/1.1\r\nHost: gateway\r\nContent-Type: application/json\r\n"
              + "Content-Length: 64\r\n\r\n{\"processDefinitionId\":\"warm-up\",\"variables\":{\"a\":1}}    ")
          .getBytes(StandardCharsets.US_ASCII);

  private static final byte[] ANSWER =
      ("HTTP/1.1 200 \r\nContent-Type: application/json\r\nContent-Length: 180\r\n\r\n"
              + "{\"processDefinitionId\":\"warm-up\",\"processDefinitionVersion\":1,"
              + "\"processDefinitionKey\":\"2251799813685249\",\"processInstanceKey\":"
              + "\"2251799813685251\",\"tenantId\":\"<default>\",\"variables\":{}}          ")
          .getBytes(StandardCharsets.US_ASCII);

  /** Records each way per handshake: kept connections carry many requests per handshake. */
  static final int EXCHANGES_PER_HANDSHAKE = 16;

  private final SSLContext server;
  private final SSLContext client;

  TlsWarmUp(final SSLContext server) {
    this.server = server;
    this.client = trustingClient();
  }

  /** What a warm-up did. */
  record Done(int handshakes, int exchanges, Duration took) {}

  /** Handshakes and exchanges until {@code budget} has passed (at least one handshake). */
  Done run(final Duration budget) throws SSLException {
    final long start = System.nanoTime();
    final long end = start + budget.toNanos();
    int handshakes = 0;
    do {
      connection();
      handshakes++;
    } while (System.nanoTime() - end < 0);
    return new Done(
        handshakes,
        handshakes * EXCHANGES_PER_HANDSHAKE,
        Duration.ofNanos(System.nanoTime() - start));
  }

  /** One full handshake, then requests and answers as records, then both sides' close. */
  private void connection() throws SSLException {
    final SSLEngine serverEngine = server.createSSLEngine();
    serverEngine.setUseClientMode(false);
    final SSLEngine clientEngine = client.createSSLEngine(); // no peer: no session to resume
    clientEngine.setUseClientMode(true);
    final int packet =
        Math.max(
            clientEngine.getSession().getPacketBufferSize(),
            serverEngine.getSession().getPacketBufferSize());
    final int app =
        Math.max(
            clientEngine.getSession().getApplicationBufferSize(),
            serverEngine.getSession().getApplicationBufferSize());
    final ByteBuffer toServer = ByteBuffer.allocate(packet);
    final ByteBuffer toClient = ByteBuffer.allocate(packet);
    final ByteBuffer atServer = ByteBuffer.allocate(app);
    final ByteBuffer atClient = ByteBuffer.allocate(app);
    final ByteBuffer none = ByteBuffer.allocate(0);

    clientEngine.beginHandshake();
    serverEngine.beginHandshake();
    for (int step = 0;
        step < 64 && (handshaking(clientEngine) || handshaking(serverEngine));
        step++) {
      clientEngine.wrap(none, toServer);
      tasks(clientEngine);
      serverEngine.wrap(none, toClient);
      tasks(serverEngine);
      deliver(toServer, serverEngine, atServer);
      deliver(toClient, clientEngine, atClient);
    }
    if (handshaking(clientEngine) || handshaking(serverEngine)) {
      throw new SSLException("TLS warm-up: the in-memory handshake did not finish");
    }
    for (int i = 0; i < EXCHANGES_PER_HANDSHAKE; i++) {
      clientEngine.wrap(ByteBuffer.wrap(REQUEST), toServer);
      deliver(toServer, serverEngine, atServer);
      serverEngine.wrap(ByteBuffer.wrap(ANSWER), toClient);
      deliver(toClient, clientEngine, atClient);
      atServer.clear();
      atClient.clear();
    }
    clientEngine.closeOutbound();
    serverEngine.closeOutbound();
  }

  private static void deliver(final ByteBuffer net, final SSLEngine to, final ByteBuffer app)
      throws SSLException {
    net.flip();
    while (net.hasRemaining()) {
      final var result = to.unwrap(net, app);
      tasks(to);
      if (result.bytesConsumed() == 0) {
        break; // a partial record: the rest comes with the next wrap
      }
    }
    net.compact();
  }

  private static boolean handshaking(final SSLEngine engine) {
    final HandshakeStatus status = engine.getHandshakeStatus();
    return status != HandshakeStatus.NOT_HANDSHAKING && status != HandshakeStatus.FINISHED;
  }

  private static void tasks(final SSLEngine engine) {
    for (Runnable task = engine.getDelegatedTask();
        task != null;
        task = engine.getDelegatedTask()) {
      task.run();
    }
  }

  /** A client that trusts whatever key it meets: it only ever meets this gateway's, in memory. */
  private static SSLContext trustingClient() {
    try {
      final SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, new TrustManager[] {new TrustingManager()}, null);
      return context;
    } catch (final java.security.GeneralSecurityException e) {
      throw new IllegalStateException("no TLS client context for the warm-up", e);
    }
  }

  private static final class TrustingManager implements X509TrustManager {
    @Override
    public void checkClientTrusted(final X509Certificate[] chain, final String authType) {}

    @Override
    public void checkServerTrusted(final X509Certificate[] chain, final String authType) {}

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }
}

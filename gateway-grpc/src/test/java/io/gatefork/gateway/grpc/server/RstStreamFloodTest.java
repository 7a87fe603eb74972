package io.gatefork.gateway.grpc.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.gateway.grpc.support.TestGateway;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * HTTP/2 rapid reset (CVE-2023-44487): a connection that opens calls and cancels them at once
 * (RST_STREAM) faster than {@code maxRstFramesPerWindow} per window is closed with GOAWAY
 * ENHANCE_YOUR_CALM. Raw frames over a socket: a gRPC client does not send resets at will.
 */
class RstStreamFloodTest {
  private static final int SETTINGS = 0x4;
  private static final int HEADERS = 0x1;
  private static final int RST_STREAM = 0x3;
  private static final int PING = 0x6;
  private static final int GOAWAY = 0x7;
  private static final int END_HEADERS = 0x4;
  private static final int ACK = 0x1;
  private static final int CANCEL = 0x8;
  private static final int ENHANCE_YOUR_CALM = 0xb;

  @Test
  void aConnectionResettingMoreCallsThanTheLimitIsClosed() throws Exception {
    try (var gateway =
            new TestGateway(
                TestGateway.config()
                    .perConnectionLimits(1_000, 10, Duration.ofSeconds(10))
                    .build());
        var connection = new RawHttp2(gateway.server.port())) {
      connection.openAndReset(50);

      assertThat(connection.goAwayCode()).isEqualTo(ENHANCE_YOUR_CALM);
    }
  }

  @Test
  void resetsWithinTheLimitKeepTheConnection() throws Exception {
    try (var gateway =
            new TestGateway(
                TestGateway.config()
                    .perConnectionLimits(1_000, 100, Duration.ofSeconds(10))
                    .build());
        var connection = new RawHttp2(gateway.server.port())) {
      connection.openAndReset(50);

      assertThat(connection.answersPing()).isTrue();
    }
  }

  /** A plaintext HTTP/2 (prior knowledge) connection writing frames by hand. */
  private static final class RawHttp2 implements AutoCloseable {
    private final Socket socket;
    private final OutputStream out;
    private final DataInputStream in;

    RawHttp2(final int port) throws IOException {
      socket = new Socket(InetAddress.getLoopbackAddress(), port);
      socket.setSoTimeout(5_000);
      out = socket.getOutputStream();
      in = new DataInputStream(socket.getInputStream());
      out.write("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      frame(SETTINGS, 0, 0, new byte[0]);
    }

    /**
     * Opens {@code calls} Topology calls (headers, no message yet) and resets each at once. All
     * frames go out in one write: written one by one, a later write can meet the reset of a
     * connection the server already closed for the earlier ones.
     */
    void openAndReset(final int calls) throws IOException {
      final byte[] headers = topologyHeaders();
      final var frames = new ByteArrayOutputStream();
      for (int i = 0; i < calls; i++) {
        final int stream = 2 * i + 1;
        frame(frames, HEADERS, END_HEADERS, stream, headers);
        frame(frames, RST_STREAM, 0, stream, new byte[] {0, 0, 0, CANCEL});
      }
      out.write(frames.toByteArray());
      out.flush();
    }

    /** The error code of the GOAWAY the server sends, or -1 when it sends none. */
    int goAwayCode() throws IOException {
      try {
        while (true) {
          final int length = (in.readUnsignedByte() << 16) | in.readUnsignedShort();
          final int type = in.readUnsignedByte();
          in.readUnsignedByte(); // flags
          in.readInt(); // stream
          final byte[] payload = in.readNBytes(length);
          if (type == GOAWAY) {
            return ((payload[4] & 0xff) << 24)
                | ((payload[5] & 0xff) << 16)
                | ((payload[6] & 0xff) << 8)
                | (payload[7] & 0xff);
          }
        }
      } catch (final EOFException | SocketTimeoutException none) {
        return -1;
      }
    }

    /** Whether the server still answers a PING (and sends no GOAWAY before it). */
    boolean answersPing() throws IOException {
      frame(PING, 0, 0, new byte[8]);
      out.flush();
      try {
        while (true) {
          final int length = (in.readUnsignedByte() << 16) | in.readUnsignedShort();
          final int type = in.readUnsignedByte();
          final int flags = in.readUnsignedByte();
          in.readInt();
          in.readNBytes(length);
          if (type == GOAWAY) {
            return false;
          }
          if (type == PING && (flags & ACK) != 0) {
            return true;
          }
        }
      } catch (final EOFException | SocketTimeoutException none) {
        return false;
      }
    }

    private void frame(final int type, final int flags, final int stream, final byte[] payload)
        throws IOException {
      frame(out, type, flags, stream, payload);
    }

    private static void frame(
        final OutputStream out,
        final int type,
        final int flags,
        final int stream,
        final byte[] payload)
        throws IOException {
      out.write(
          new byte[] {
            (byte) (payload.length >>> 16),
            (byte) (payload.length >>> 8),
            (byte) payload.length,
            (byte) type,
            (byte) flags,
            (byte) (stream >>> 24),
            (byte) (stream >>> 16),
            (byte) (stream >>> 8),
            (byte) stream
          });
      out.write(payload);
    }

    /** HPACK without Huffman or indexing: POST http /gateway_protocol.Gateway/Topology. */
    private static byte[] topologyHeaders() {
      final var block = new ByteArrayOutputStream();
      block.write(0x83); // :method POST (static table 3)
      block.write(0x86); // :scheme http (static table 6)
      literal(block, 4, "/gateway_protocol.Gateway/Topology"); // :path
      literal(block, 1, "127.0.0.1"); // :authority
      literal(block, "content-type", "application/grpc");
      literal(block, "te", "trailers");
      return block.toByteArray();
    }

    private static void literal(
        final ByteArrayOutputStream block, final int name, final String value) {
      block.write(name); // literal without indexing, indexed name (fits the 4-bit prefix)
      string(block, value);
    }

    private static void literal(
        final ByteArrayOutputStream block, final String name, final String value) {
      block.write(0);
      string(block, name);
      string(block, value);
    }

    private static void string(final ByteArrayOutputStream block, final String value) {
      final byte[] bytes = value.getBytes(StandardCharsets.US_ASCII);
      block.write(bytes.length); // all below 127: the 7-bit prefix, no Huffman
      block.writeBytes(bytes);
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }
}

package io.gatefork.gateway.app.connection;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP/1.1 connection to the gateway, used request after request, so a test sees exactly what
 * the server does with it: answers are read by their Content-Length or chunks, and {@link
 * #closedByServer()} tells whether the server has ended the connection.
 */
public final class Http11Connection implements AutoCloseable {
  private final Socket socket;
  private final InputStream in;
  private final OutputStream out;
  private final StringBuilder extraHeaders = new StringBuilder();

  public Http11Connection(final int port) throws IOException {
    this(port, null);
  }

  /** A connection from {@code from} (a loopback address: another caller), or any when null. */
  public Http11Connection(final int port, final InetAddress from) throws IOException {
    socket = new Socket(InetAddress.getLoopbackAddress(), port, from, 0);
    socket.setSoTimeout(20_000);
    in = socket.getInputStream();
    out = socket.getOutputStream();
  }

  /** Sends this header with every request from now on. */
  public Http11Connection withHeader(final String name, final String value) {
    extraHeaders.append(name).append(": ").append(value).append("\r\n");
    return this;
  }

  /** One answer. */
  public record Answer(int status, Map<String, String> headers, String body) {
    public String header(final String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }
  }

  public Answer send(
      final String method, final String path, final String authorization, final String json)
      throws IOException {
    final byte[] body = json == null ? new byte[0] : json.getBytes(StandardCharsets.UTF_8);
    final var head = new StringBuilder();
    head.append(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    if (authorization != null) {
      head.append("Authorization: ").append(authorization).append("\r\n");
    }
    if (json != null) {
      head.append("Content-Type: application/json\r\nContent-Length: ")
          .append(body.length)
          .append("\r\n");
    }
    head.append(extraHeaders).append("\r\n");
    out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
    out.write(body);
    out.flush();
    return read();
  }

  /** Sends {@code count} body-less requests in one write, without reading their answers. */
  public void pipeline(final String method, final String path, final int count) throws IOException {
    final String one = method + ' ' + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extraHeaders;
    out.write((one + "\r\n").repeat(count).getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }

  /** The next answer, without sending a request (one the server writes unasked). */
  public Answer receive() throws IOException {
    return read();
  }

  /** Whether the server has closed its side: a read finds the end of the stream. */
  public boolean closedByServer() throws IOException {
    socket.setSoTimeout(2_000);
    try {
      return in.read() == -1;
    } catch (final SocketTimeoutException open) {
      return false;
    } catch (final IOException reset) {
      return true;
    } finally {
      socket.setSoTimeout(20_000);
    }
  }

  /**
   * What the server sends until it closes the connection: the body of an answer that has neither a
   * Content-Length nor chunks. Fails if the connection stays open.
   */
  public String restUntilClosedByServer() throws IOException {
    socket.setSoTimeout(2_000);
    try {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } finally {
      socket.setSoTimeout(20_000);
    }
  }

  private Answer read() throws IOException {
    final String statusLine = line();
    final int status = Integer.parseInt(statusLine.split(" ")[1]);
    final Map<String, String> headers = new LinkedHashMap<>();
    for (String line = line(); !line.isEmpty(); line = line()) {
      final int colon = line.indexOf(':');
      headers.put(
          line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
          line.substring(colon + 1).trim());
    }
    final byte[] body;
    if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
      final var chunks = new ByteArrayOutputStream();
      for (int size = Integer.parseInt(line().trim(), 16); size > 0; ) {
        chunks.write(exactly(size));
        line(); // the chunk's CRLF
        size = Integer.parseInt(line().trim(), 16);
      }
      line(); // the last chunk's CRLF (no trailers)
      body = chunks.toByteArray();
    } else if (headers.containsKey("content-length")) {
      body = exactly(Integer.parseInt(headers.get("content-length")));
    } else {
      body = new byte[0];
    }
    return new Answer(status, headers, new String(body, StandardCharsets.UTF_8));
  }

  private byte[] exactly(final int length) throws IOException {
    final byte[] bytes = in.readNBytes(length);
    if (bytes.length < length) {
      throw new EOFException("the connection ended inside an answer");
    }
    return bytes;
  }

  private String line() throws IOException {
    final var line = new ByteArrayOutputStream();
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b == -1) {
        throw new EOFException("the connection ended: " + line);
      }
      if (b != '\r') {
        line.write(b);
      }
    }
    return line.toString(StandardCharsets.US_ASCII);
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}

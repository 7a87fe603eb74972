package io.gatefork.gateway.rest.connection;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The whole HTTP/1.1 answer to a connection refused at accept for its address's connections: a 503
 * ProblemDetail {@code RESOURCE_EXHAUSTED} with {@code Retry-After}, the stock backpressure answer
 * the SDKs retry, and {@code Connection: close}. Built once: it is written before any request is
 * read, so it names no {@code instance}. The body has the members, in the order, of the gateway's
 * other ProblemDetails ({@code error.ProblemJson}, which this package cannot use: that package uses
 * this one); its text needs no JSON escapes ({@code TooManyConnectionsAnswerTest}).
 */
final class TooManyConnectionsAnswer {
  static final String KEY = "gatefork.rest.max-connections-per-address";

  private TooManyConnectionsAnswer() {}

  static String detail(final int limit) {
    return "Too many connections from this address: the gateway keeps at most "
        + limit
        + " open per client address ("
        + KEY
        + "); reuse an open connection or retry later";
  }

  static String body(final int limit) {
    return "{\"type\":\"about:blank\",\"title\":\"RESOURCE_EXHAUSTED\",\"status\":503,\"detail\":\""
        + detail(limit)
        + "\"}";
  }

  /** A read-only buffer of the answer; write a {@link ByteBuffer#duplicate()} of it. */
  static ByteBuffer bytes(final int limit) {
    final byte[] body = body(limit).getBytes(StandardCharsets.UTF_8);
    final String head =
        "HTTP/1.1 503 \r\n"
            + "Retry-After: 1\r\n"
            + "Content-Type: application/problem+json\r\n"
            + "Content-Length: "
            + body.length
            + "\r\n"
            + "Connection: close\r\n"
            + "\r\n";
    final byte[] headBytes = head.getBytes(StandardCharsets.US_ASCII);
    final ByteBuffer answer = ByteBuffer.allocate(headBytes.length + body.length);
    answer.put(headBytes).put(body).flip();
    return answer.asReadOnlyBuffer();
  }
}

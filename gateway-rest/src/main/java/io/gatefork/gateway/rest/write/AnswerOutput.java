package io.gatefork.gateway.rest.write;

import io.gatefork.gateway.rest.connection.DispatchTimes;
import io.gatefork.gateway.rest.connection.KeptStatus;
import io.gatefork.gateway.rest.exchange.RestExchange;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one way the gateway writes a REST answer's body: with servlet non-blocking I/O, so that no
 * thread — the API executor's that completed the answer, or a request thread — ever waits on a
 * client's socket. A client that does not read (a full socket buffer) holds only its own connection
 * and the answer's bytes, never a thread, and for at most the write timeout without progress: then
 * its connection is closed.
 *
 * <p>The caller sets the head (status through {@link KeptStatus}, headers, content type and length)
 * and hands the body over; the body goes out in chunks whenever the socket takes more, always on a
 * request thread of Tomcat's, and the async context is completed after the last one. An answer
 * decided in the request's first pass starts async processing for its write; {@link #startedHere}
 * tells the filters after it that nothing but the write was asynchronous. A container without
 * non-blocking output (Spring's mocks) gets a blocking write.
 */
public final class AnswerOutput implements WriteListener {
  private static final Logger LOG = LoggerFactory.getLogger(AnswerOutput.class);

  /** How soon a connection whose request body was abandoned is closed after its answer is out. */
  private static final long CLOSE_AFTER_MILLIS = 1;

  private static final int CHUNK = 32 * 1024;

  private final AsyncContext async;
  private final ServletOutputStream out;
  private final HttpServletResponse response;
  private final long timeoutMillis;
  private final byte[] bytes;
  private final InputStream stream;
  private final AtomicBoolean done = new AtomicBoolean();
  private byte[] buffer;
  private int position;
  private boolean flushed;
  private boolean closing;

  private AnswerOutput(
      final AsyncContext async,
      final ServletOutputStream out,
      final long timeoutMillis,
      final byte[] bytes,
      final InputStream stream) {
    this.async = async;
    this.out = out;
    response = (HttpServletResponse) async.getResponse();
    this.timeoutMillis = timeoutMillis;
    this.bytes = bytes;
    this.stream = stream;
  }

  /**
   * Writes {@code body} to the response of a request still in its first pass (on its request
   * thread), starting async processing for the write.
   *
   * @param marked what {@link KeptStatus#set} returned for the answer's status
   */
  public static void send(
      final HttpServletRequest request,
      final HttpServletResponse response,
      final byte[] body,
      final boolean marked,
      final Duration writeTimeout)
      throws IOException {
    if (request.getDispatcherType() == DispatcherType.ERROR) {
      // the container's error page: Tomcat finishes the response itself when the dispatch returns,
      // and a write left to a listener would never go out
      writeBlocking(response, body, marked);
      return;
    }
    final AsyncContext async;
    final RestExchange exchange = RestExchange.of(request);
    try {
      exchange.answerStartedAsync(true);
      async = startAsync(request, response);
    } catch (final IllegalStateException | UnsupportedOperationException notAsync) {
      exchange.answerStartedAsync(false);
      writeBlocking(response, body, marked);
      return;
    }
    start(async, body, null, marked, writeTimeout);
  }

  /**
   * Makes and writes the answer of a request in async processing, from any thread: on one of
   * Tomcat's request threads, so the thread that completed the answer (the API executor's, shared
   * with gRPC) neither serialises the body — a large document converted and written takes
   * milliseconds — nor runs what Tomcat does after a write listener set from it: the write itself,
   * and after the answer the connection's next pipelined request, whose slow body would hold that
   * thread, and every answer queued behind it, for the body's deadline. The async context is
   * completed when the body is out (or the client gone).
   */
  public static void sendLater(
      final AsyncContext async, final Answer answer, final Duration writeTimeout) {
    try {
      DispatchTimes.onBehalfOf(
          RestExchange.of(async.getRequest()).connection(),
          AsyncContext::start,
          async,
          () -> makeAndStart(async, answer, writeTimeout));
    } catch (final IllegalStateException inContainerCallback) {
      // Tomcat starts nothing while it times the request out or reports an error, nor takes a
      // write listener then: the answer (a 504's few hundred bytes) comes from its listener, on one
      // of its own threads, and is written there as is
      writeInPlace(async, answer);
    }
  }

  /** An answer made on the thread that writes it. */
  @FunctionalInterface
  public interface Answer {
    /**
     * Sets the answer's head (status through {@link KeptStatus}, headers, content type and length).
     *
     * @return its body, or null for none
     */
    Body make() throws IOException;
  }

  /**
   * An answer's body: bytes, with what {@link KeptStatus#set} returned for its status, or a stream.
   */
  public record Body(byte[] bytes, InputStream stream, boolean marked) {
    public static Body of(final byte[] bytes, final boolean marked) {
      return new Body(bytes, null, marked);
    }

    public static Body of(final InputStream stream) {
      return new Body(null, stream, false);
    }
  }

  private static void makeAndStart(
      final AsyncContext async, final Answer answer, final Duration writeTimeout) {
    Body body = null;
    try {
      body = answer.make();
      if (body == null) {
        completeQuietly(async);
      } else {
        start(async, body.bytes(), body.stream(), body.marked(), writeTimeout);
      }
    } catch (final IOException | RuntimeException failure) {
      unwritten(async, body, failure);
    }
  }

  private static void writeInPlace(final AsyncContext async, final Answer answer) {
    Body body = null;
    try {
      body = answer.make();
      if (body != null) {
        final var response = (HttpServletResponse) async.getResponse();
        if (body.bytes() != null) {
          writeBlocking(response, body.bytes(), body.marked());
        } else {
          body.stream().transferTo(response.getOutputStream());
        }
      }
    } catch (final IOException | RuntimeException failure) {
      unwritten(async, body, failure);
      return;
    }
    closeQuietly(body == null ? null : body.stream());
    completeQuietly(async);
  }

  /** The client left, or the container gave the request up; anything else is a bug to report. */
  private static void unwritten(
      final AsyncContext async, final Body body, final Exception failure) {
    if (!(failure instanceof IOException) && !(failure instanceof IllegalStateException)) {
      LOG.warn("Could not write an answer", failure);
    }
    closeQuietly(body == null ? null : body.stream());
    completeQuietly(async);
  }

  /**
   * Starts async processing for an answer that comes later, noting when: a write that stalls gets
   * its timeout counted from then, as the container counts async timeouts.
   */
  public static AsyncContext startAsync(
      final HttpServletRequest request, final HttpServletResponse response) {
    final AsyncContext async = request.startAsync(request, response);
    // with the connection, its later answer is queued as its client's
    RestExchange.of(request)
        .asyncStarted(System.currentTimeMillis(), DispatchTimes.runningConnection());
    return async;
  }

  /**
   * The rest of this request's body is not to be read: once its answer is out, its connection is
   * closed. After an answer Tomcat reads what is left of a body (up to {@code
   * server.tomcat.max-swallow-size}) on a request thread to keep the connection; for a client that
   * sends its body slowly that read would hold the thread as long as the client likes. So the async
   * processing is not completed but left to time out a moment later, which closes the connection
   * without reading.
   */
  public static void abandonBody(final ServletRequest request) {
    RestExchange.of(request).abandonBody();
  }

  /** Whether the request's answer broke off because its client was gone (a failed write). */
  public static boolean undelivered(final ServletRequest request) {
    final RestExchange exchange = RestExchange.find(request);
    return exchange != null && exchange.undelivered();
  }

  /**
   * Whether the request's async processing was started only to write an answer of its first pass.
   */
  public static boolean startedHere(final HttpServletRequest request) {
    final RestExchange exchange = RestExchange.find(request);
    return exchange != null && exchange.answerStartedAsync();
  }

  private static void start(
      final AsyncContext async,
      final byte[] bytes,
      final InputStream stream,
      final boolean marked,
      final Duration writeTimeout)
      throws IOException {
    final var response = (HttpServletResponse) async.getResponse();
    final ServletOutputStream out = response.getOutputStream();
    final var output = new AnswerOutput(async, out, writeTimeout.toMillis(), bytes, stream);
    try {
      out.setWriteListener(output); // Tomcat calls onWritePossible on a request thread
    } catch (final UnsupportedOperationException blockingOnly) {
      try {
        if (bytes != null) {
          writeBlocking(response, bytes, marked);
        } else {
          try (stream) {
            stream.transferTo(out);
          }
        }
      } finally {
        output.finish();
      }
    }
  }

  private static void writeBlocking(
      final HttpServletResponse response, final byte[] body, final boolean marked)
      throws IOException {
    response.getOutputStream().write(body);
    if (marked) {
      KeptStatus.commit(response);
    }
  }

  @Override
  public void onWritePossible() {
    try {
      while (out.isReady()) {
        if (!writeNext()) {
          if (closing) {
            async.setTimeout(elapsedSinceAsyncStart() + CLOSE_AFTER_MILLIS);
            done.set(true); // the timeout ends it: completing would read the rest of the body
          } else {
            finish();
          }
          return;
        }
      }
      // the socket takes no more: the client gets the write timeout from now to read on
      async.setTimeout(elapsedSinceAsyncStart() + timeoutMillis);
    } catch (final IOException | RuntimeException clientGone) {
      brokeOff();
    }
  }

  /**
   * @return false when everything has been written
   */
  private boolean writeNext() throws IOException {
    if (bytes != null && position < bytes.length) {
      final int length = Math.min(CHUNK, bytes.length - position);
      out.write(bytes, position, length);
      position += length;
      return true;
    }
    if (stream != null) {
      if (buffer == null) {
        buffer = new byte[CHUNK];
      }
      final int read = stream.read(buffer);
      if (read >= 0) {
        out.write(buffer, 0, read);
        return true;
      }
    }
    if (!flushed) {
      // The answer's last bytes (a small answer: all of it) may still sit in the response's
      // buffer. Flushed here, without blocking, and the context completed only once the socket
      // took them; completing first leaves them to the container, which writes them blocking on
      // its request thread, for as long as the client does not read. Also sends the head of a
      // marked status (from here on the response reports its own) and, before an abandoned body's
      // connection is closed, the whole answer.
      flushed = true;
      closing = RestExchange.of(async.getRequest()).bodyAbandoned();
      response.flushBuffer();
      return true;
    }
    return false;
  }

  /** Tomcat's async timeout counts from the start of async processing. */
  private long elapsedSinceAsyncStart() {
    final long started = RestExchange.of(async.getRequest()).asyncStartedMillis();
    return started == 0 ? 0 : System.currentTimeMillis() - started;
  }

  @Override
  public void onError(final Throwable failure) {
    brokeOff(); // the client left, or the write timed out: the container closes the connection
  }

  /** The answer did not get out whole: noted for the listeners of the request, then finished. */
  private void brokeOff() {
    if (!done.get()) {
      try {
        RestExchange.of(async.getRequest()).undelivered(true);
      } catch (final IllegalStateException recycled) {
        // the container has given the request up already
      }
    }
    finish();
  }

  private void finish() {
    if (!done.compareAndSet(false, true)) {
      return;
    }
    closeQuietly(stream);
    completeQuietly(async);
  }

  private static void closeQuietly(final InputStream stream) {
    if (stream != null) {
      try {
        stream.close();
      } catch (final IOException ignored) {
        // nothing left to tell
      }
    }
  }

  private static void completeQuietly(final AsyncContext async) {
    try {
      async.complete();
    } catch (final IllegalStateException alreadyCompleted) {
      // the container completed it (timeout, error, shutdown)
    }
  }
}

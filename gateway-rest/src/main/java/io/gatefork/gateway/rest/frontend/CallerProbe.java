package io.gatefork.gateway.rest.frontend;

import io.gatefork.service.job.CallerConnection;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletRequestWrapper;
import java.io.IOException;

/**
 * Tells whether the client of a request that waits asynchronously (a parked job activation) has
 * closed or reset its connection, without writing to it.
 *
 * <p>Tomcat (NIO, HTTP/1.1) does not watch the socket of a request in async mode, so it reports
 * nothing when the client leaves while the request waits: no {@code AsyncListener.onError}, and a
 * first write to the closed connection usually succeeds. With a {@link ReadListener} set (servlet
 * non-blocking I/O), {@link ServletInputStream#available()} reads the socket without blocking once
 * the body is consumed: the end of the stream or a reset then shows as something "available"
 * ({@code Http11InputBuffer.available(true)}). Before the body has been read completely (a chunked
 * body whose last chunk was not consumed) nothing can be told: the probe is not armed.
 *
 * <p>Cannot tell: a client whose host vanished without closing (no FIN or RST reached us), and a
 * client that pipelines its next request (reported gone, so it is answered empty: harmless).
 */
final class CallerProbe implements CallerConnection, ReadListener {
  private final ServletInputStream input;
  private volatile boolean gone;

  private CallerProbe(final ServletInputStream input) {
    this.input = input;
  }

  /**
   * On the container thread that started async processing.
   *
   * @return null when this request's connection cannot be watched
   */
  static CallerProbe arm(final ServletRequest request) {
    try {
      final ServletInputStream input = containerRequest(request).getInputStream();
      if (!input.isFinished()) {
        return null;
      }
      final var probe = new CallerProbe(input);
      input.setReadListener(probe);
      return probe;
    } catch (final IOException | IllegalStateException | UnsupportedOperationException e) {
      return null; // e.g. a reader was used, or the container does not allow it
    }
  }

  /** Below the filters' wrappers, which may replace the input stream. */
  private static ServletRequest containerRequest(final ServletRequest request) {
    ServletRequest current = request;
    while (current instanceof final ServletRequestWrapper wrapper) {
      current = wrapper.getRequest();
    }
    return current;
  }

  /** Any thread, while the request waits. */
  @Override
  public boolean gone() {
    if (gone) {
      return true;
    }
    try {
      // the body is consumed: whatever is readable now is the end of the stream
      if (input.available() > 0) {
        gone = true;
      }
    } catch (final IOException | RuntimeException e) {
      gone = true; // reset, or the container has given the request up meanwhile
    }
    return gone;
  }

  /** The request is over (answered, timed out or broken): the input is no longer ours. */
  void lost() {
    gone = true;
  }

  @Override
  public void onDataAvailable() {
    // nothing to read: the body was consumed before the request started waiting
  }

  @Override
  public void onAllDataRead() {
    // as above
  }

  @Override
  public void onError(final Throwable failure) {
    gone = true;
  }
}

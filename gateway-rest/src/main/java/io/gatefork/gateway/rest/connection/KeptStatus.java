package io.gatefork.gateway.rest.connection;

import jakarta.servlet.ServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Sets the status of an answer the gateway writes itself, so that an error answer keeps the
 * HTTP/1.1 connection where {@link KeepAliveOnErrorProtocol} serves it.
 *
 * <p>Tomcat closes the connection after a 400, 500, 501 or 503 it sends. For the gateway these are
 * ordinary answers (bad input, backpressure, a shed request), so on a connection of that protocol
 * such a status is set marked ({@code 1000 +} the status, which Tomcat does not close on) and the
 * protocol puts the real status back into the status line. The caller writes a body of known length
 * and then {@link #commit}s, so that everything after it (filters, metrics) sees the real status.
 * Anywhere else (HTTP/2 streams, the switch off) the status is set as it is.
 */
public final class KeptStatus {
  /** Request attribute set on the HTTP/1.x requests of a connection that keeps such answers. */
  static final String KEEPING = KeptStatus.class.getName() + ".keeping";

  static final int MARK = 1000;

  private KeptStatus() {}

  /**
   * Sets {@code status} on the response of an answer whose body of known length the caller writes
   * next.
   *
   * @return whether it was marked: then the caller must {@link #commit} after writing the body
   */
  public static boolean set(
      final ServletRequest request, final HttpServletResponse response, final int status) {
    if (dropsConnection(status) && request.getAttribute(KEEPING) != null) {
      response.setStatus(MARK + status);
      return true;
    }
    response.setStatus(status);
    return false;
  }

  /** Whether the response's status was set marked: its head must be {@link #commit}ted. */
  public static boolean isMarked(final HttpServletResponse response) {
    return marked(response.getStatus());
  }

  /** Sends the marked answer's head now: from here on the response reports its real status. */
  public static void commit(final HttpServletResponse response) throws IOException {
    response.flushBuffer();
  }

  /**
   * The statuses Tomcat's HTTP/1.1 processor closes the connection after that the gateway answers
   * as a matter of course; 408, 411, 413 and 414 say the message itself is in doubt and keep
   * Tomcat's behaviour.
   */
  static boolean dropsConnection(final int status) {
    return status == 400 || status == 500 || status == 501 || status == 503;
  }

  static boolean marked(final int status) {
    return status > MARK && dropsConnection(status - MARK);
  }
}

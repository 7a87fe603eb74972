package io.gatefork.gateway.rest.connection;

import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.coyote.ActionCode;
import org.apache.coyote.Adapter;
import org.apache.coyote.Request;
import org.apache.coyote.Response;

/**
 * Tomcat's HTTP/1.1 NIO protocol, except that the error answers the gateway writes itself keep the
 * keep-alive connection, as a 2xx does ({@code gatefork.rest.keep-alive-on-error}).
 *
 * <p>Tomcat's {@code Http11Processor} ends the connection after every 400, 500, 501 and 503 it
 * sends ({@code statusDropsConnection}: private, and the Tomcat project declined to make it
 * configurable). Under backpressure that turns every answer into a reconnect, with TLS a handshake.
 * The processor decides from the status twice: when it prepares the response head, and, for a
 * request answered in its first dispatch, once more after the application returned. So an answer
 * set by {@link KeptStatus} carries a marked status ({@code 1000 +} the status, on no list) at both
 * points, and its real status in between, where the status line is written:
 *
 * <ul>
 *   <li>preparing the head, the processor reads the status (marked: the connection stays), then
 *       asks this protocol whether to compress the body ({@link #useCompression}), which puts the
 *       real status back, then writes the status line;
 *   <li>after a first dispatch that answered (not async), {@link Keeping#service} marks the status
 *       again for the processor's second look; the access log was written before.
 * </ul>
 *
 * Answers Tomcat writes itself (a malformed request, a refused URI) are never marked and close as
 * before; the client's {@code Connection: close} and the keep-alive limits still end a connection.
 * HTTP/2 streams, which share the adapter after an upgrade, are never marked (their status goes out
 * as set). {@code KeepAliveOnErrorTest} in dist fails if a Tomcat update changes any of this.
 *
 * <p>It is a {@link ClientBoundsProtocol}, so the bounds per client hold with it as with the stock
 * protocol.
 */
public class KeepAliveOnErrorProtocol extends ClientBoundsProtocol {
  /** A coyote response note, in the range Tomcat leaves unallocated (17-31). */
  static final int RESTORED_NOTE = 17;

  @Override
  public void setAdapter(final Adapter adapter) {
    super.setAdapter(new Keeping(adapter));
  }

  /** Called while the head of a response with a body is prepared, before its status line. */
  @Override
  public boolean useCompression(final Request request, final Response response) {
    final int status = response.getStatus();
    if (KeptStatus.marked(status)) {
      response.setStatus(status - KeptStatus.MARK);
      response.setNote(RESTORED_NOTE, Boolean.TRUE);
    }
    return super.useCompression(request, response);
  }

  /** Tells the application which requests may be marked, and marks answered ones again. */
  private static final class Keeping extends DelegatingAdapter {
    private static final String HTTP_2 = "HTTP/2.0";

    private Keeping(final Adapter adapter) {
      super(adapter);
    }

    @Override
    public void service(final Request req, final Response res) throws Exception {
      res.setNote(RESTORED_NOTE, null);
      if (!req.protocol().equals(HTTP_2)) {
        req.setAttribute(KeptStatus.KEEPING, Boolean.TRUE);
      }
      super.service(req, res);
      if (res.getNote(RESTORED_NOTE) != null && !isAsync(req)) {
        // answered in this dispatch, on this thread: the processor looks at the status once more
        res.setStatus(KeptStatus.MARK + res.getStatus());
      }
    }

    private static boolean isAsync(final Request req) {
      final AtomicBoolean async = new AtomicBoolean();
      req.action(ActionCode.ASYNC_IS_ASYNC, async);
      return async.get();
    }
  }
}

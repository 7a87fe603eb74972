package io.gatefork.gateway.rest.connection;

import io.gatefork.service.connection.ConnectionsPerAddress;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import org.apache.coyote.Adapter;
import org.apache.coyote.Request;
import org.apache.coyote.Response;
import org.apache.coyote.http11.Http11InputBuffer;
import org.apache.coyote.http11.upgrade.UpgradeProcessorInternal;
import org.apache.tomcat.util.net.NioChannel;
import org.apache.tomcat.util.net.NioEndpoint;
import org.apache.tomcat.util.net.SecureNioChannel;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.net.SocketProcessorBase;
import org.apache.tomcat.util.net.SocketWrapperBase;

/**
 * Tomcat's NIO endpoint, except that it counts its open connections by remote address and closes a
 * connection at accept when its address holds {@code gatefork.rest.max-connections-per-address}
 * already ({@link ConnectionsPerAddress}), and that it bounds the requests a connection has served
 * in a row ({@code gatefork.rest.max-pipelined-requests}).
 *
 * <p>The acceptor hands every accepted socket to {@link #setSocketOptions}: that is where a
 * connection is counted, or refused before Tomcat allocates anything for it and before a request
 * thread sees it. A refused connection gets {@link TooManyConnectionsAnswer} in one non-blocking
 * write (best effort; none with TLS) and is closed at once, as Tomcat closes a socket it could not
 * set up (which also gives back its place among {@code maxConnections}). Every connection the
 * endpoint took is closed through its socket wrapper, which tells the endpoint's handler to release
 * it exactly once: {@link Bounding} uncounts it there.
 *
 * <p>Tomcat serves the requests a client pipelined one after the other on the request thread that
 * read them, without going back to its poller: a connection that pipelines thousands of cheap
 * requests keeps a request thread until its socket buffers are full, and a few such connections
 * keep them all. {@link Bounding} gives the connection its full keep-alive count each time a thread
 * takes it ({@link SocketWrapperBase#setKeepAliveLeft}), so Tomcat's count of requests per
 * connection becomes a count of requests served in a row; while other tasks wait for a request
 * thread, only {@value #CONTENDED_IN_A_ROW}: a hundred connections that pipeline cheap requests
 * then take a thread for two requests each before the waiting task gets one, not a hundred (clients
 * that pipeline resend what a close left unanswered, RFC 9112 section 9.3.2). Only pipelined
 * requests count against the two: a request that came alone ({@link Renewing}: nothing of the next
 * one read with it) renews the count for the next, so a client that sends its next request as soon
 * as its answer came keeps its connection even when the thread that answered is still on it and
 * reads that request in the same run; the run as a whole stays within {@code
 * max-pipelined-requests}.
 *
 * <p>Each task it hands to the request threads says which connection and address it is for ({@link
 * ConnectionTask}), so that the executor can order them fairly ({@link FairTaskQueue}); a released
 * connection is forgotten there.
 */
final class ClientBoundsEndpoint extends NioEndpoint {
  private volatile ConnectionsPerAddress limit = ConnectionsPerAddress.UNLIMITED;
  private volatile ByteBuffer answer = ByteBuffer.allocate(0);

  /**
   * The requests in a row a connection may have served while other tasks wait for a request thread:
   * the fewest that keep a connection whose requests come one at a time open (Tomcat closes when
   * the count reaches zero after a request).
   */
  static final int CONTENDED_IN_A_ROW = 2;

  private volatile int pipelinedRequestsAsked; // 0: none
  private volatile int pipelinedRequests; // 0: Tomcat's own count per connection, if any

  /** The run of requests the current request thread serves on one connection, if it serves one. */
  private static final ThreadLocal<Run> RUN = ThreadLocal.withInitial(Run::new);

  /** Limits the connections from now on; set before the connector starts. */
  void limit(final ConnectionsPerAddress limit) {
    this.limit = limit;
    answer = TooManyConnectionsAnswer.bytes(limit.limit());
  }

  /** Bounds the requests served in a row; set before the connector starts. */
  void boundPipelining(final int max) {
    pipelinedRequestsAsked = max;
  }

  /** The protocol's adapter, telling pipelined requests from ones that came alone if bounded. */
  Adapter adapter(final Adapter adapter) {
    return pipelinedRequestsAsked > 0 ? new Renewing(adapter) : adapter;
  }

  /**
   * Applies the bound of requests in a row, unless Tomcat limits the requests per connection itself
   * ({@code server.tomcat.max-keep-alive-requests} positive), which bounds pipelining too. Only at
   * start: until the endpoint is bound, Tomcat reports 1 whatever is set.
   */
  @Override
  public void startInternal() throws Exception {
    final int asked = pipelinedRequestsAsked;
    if (asked > 0 && (getMaxKeepAliveRequests() <= 0 || pipelinedRequests > 0)) {
      setMaxKeepAliveRequests(asked);
      pipelinedRequests = asked;
    }
    super.startInternal();
  }

  /** Requests a connection may be served in a row from now on: fewer while other tasks wait. */
  private int inARow(final int max) {
    return max > CONTENDED_IN_A_ROW && tasksWaiting() ? CONTENDED_IN_A_ROW : max;
  }

  private boolean tasksWaiting() {
    return getExecutor() instanceof final DispatchTimes.StampingExecutor threads
        && threads.tasksWaiting();
  }

  /** The protocol sets its connection handler here (in its constructor). */
  @Override
  public void setHandler(final Handler<NioChannel> handler) {
    super.setHandler(new Bounding(handler));
  }

  @Override
  protected SocketProcessorBase<NioChannel> createSocketProcessor(
      final SocketWrapperBase<NioChannel> wrapper, final SocketEvent event) {
    return new ConnectionProcessor(wrapper, event);
  }

  @Override
  protected boolean setSocketOptions(final SocketChannel socket) {
    final ConnectionsPerAddress perAddress = limit;
    if (!perAddress.limits()) {
      return super.setSocketOptions(socket);
    }
    final InetAddress address = remoteAddress(socket);
    if (!perAddress.open(address)) {
      refuse(socket);
      // as Tomcat does for a socket it could not wrap: the acceptor closes only wrapped ones
      destroySocket(socket);
      return false;
    }
    final boolean taken = super.setSocketOptions(socket);
    if (!taken && !connections.containsKey(socket)) {
      // Tomcat failed before it made a wrapper: no release will come
      perAddress.closed(address);
    }
    return taken;
  }

  /** One write of the 503 on the still empty socket buffer; the connection closes either way. */
  private void refuse(final SocketChannel socket) {
    if (isSSLEnabled()) {
      return; // the client expects a TLS handshake: plain HTTP would be noise to it
    }
    try {
      socket.configureBlocking(false);
      socket.write(answer.duplicate());
    } catch (final IOException gone) {
      // the client left already
    }
  }

  private boolean isUnixSocket() {
    return getUnixDomainSocketPath() != null;
  }

  private InetAddress remoteAddress(final SocketChannel socket) {
    // the channel's own copy of the peer address (no system call)
    return isUnixSocket() ? null : socket.socket().getInetAddress();
  }

  /** Tomcat's task for one event of a connection, naming the connection and its address. */
  private final class ConnectionProcessor extends SocketProcessor implements ConnectionTask {
    ConnectionProcessor(final SocketWrapperBase<NioChannel> wrapper, final SocketEvent event) {
      super(wrapper, event);
    }

    @Override
    public Object connection() {
      final SocketWrapperBase<NioChannel> wrapper = socketWrapper;
      return wrapper == null || wrapper.isClosed() ? null : wrapper;
    }

    @Override
    public Object address() {
      final SocketWrapperBase<NioChannel> wrapper = socketWrapper;
      final NioChannel channel = wrapper == null ? null : wrapper.getSocket();
      final SocketChannel socket = channel == null ? null : channel.getIOChannel();
      return socket == null ? null : remoteAddress(socket);
    }

    @Override
    public boolean multiplexed() {
      final SocketWrapperBase<NioChannel> wrapper = socketWrapper;
      return wrapper != null && wrapper.getCurrentProcessor() instanceof UpgradeProcessorInternal;
    }

    @Override
    public boolean startsHandshake() {
      final SocketWrapperBase<NioChannel> wrapper = socketWrapper;
      // the engine is made once the client's hello is read (for its server name)
      return wrapper != null
          && wrapper.getSocket() instanceof final SecureNioChannel tls
          && !tls.isHandshakeComplete()
          && tls.getSslEngine() == null;
    }
  }

  /**
   * The protocol's connection handler, uncounting each connection when it is released and renewing
   * its count of requests in a row whenever a thread takes it.
   */
  private final class Bounding implements Handler<NioChannel> {
    private final Handler<NioChannel> handler;

    Bounding(final Handler<NioChannel> handler) {
      this.handler = handler;
    }

    @Override
    public void release(final SocketWrapperBase<NioChannel> wrapper) {
      try {
        handler.release(wrapper);
      } finally {
        uncount(wrapper);
        if (getExecutor() instanceof final DispatchTimes.StampingExecutor requestThreads) {
          requestThreads.closed(wrapper);
        }
      }
    }

    private void uncount(final SocketWrapperBase<NioChannel> wrapper) {
      final ConnectionsPerAddress perAddress = limit;
      if (!perAddress.limits()) {
        return;
      }
      // called before the wrapper closes its channel: the channel is still the accepted one
      final NioChannel channel = wrapper.getSocket();
      final SocketChannel socket = channel == null ? null : channel.getIOChannel();
      if (socket != null) {
        perAddress.closed(remoteAddress(socket));
      }
    }

    @Override
    public SocketState process(
        final SocketWrapperBase<NioChannel> socket, final SocketEvent status) {
      final int max = pipelinedRequests;
      if (max <= 0) {
        return handler.process(socket, status);
      }
      socket.setKeepAliveLeft(inARow(max));
      final Run run = RUN.get();
      run.connection = socket;
      run.served = 0;
      try {
        return handler.process(socket, status);
      } finally {
        // a run Tomcat nested in this one (none is known) leaves the rest of it counted as before
        run.connection = null;
      }
    }

    @Override
    public Object getGlobal() {
      return handler.getGlobal();
    }

    @Override
    public void pause() {
      handler.pause();
    }

    @Override
    public void recycle() {
      handler.recycle();
    }
  }

  /** The connection a request thread is serving and how many requests it served in this run. */
  private static final class Run {
    private SocketWrapperBase<?> connection;
    private int served;
  }

  /**
   * Before each HTTP/1.1 request of a run, renews its connection's count of requests in a row when
   * the request came alone: nothing beyond its own body had been read with it, so the client sent
   * nothing more before this request was taken up (pipelined requests arrive together and Tomcat
   * reads them together). A chunked body cannot be told from what follows it: such a request counts
   * as pipelined, as every request did before.
   */
  private final class Renewing extends DelegatingAdapter {
    private Renewing(final Adapter adapter) {
      super(adapter);
    }

    @Override
    public void service(final Request req, final Response res) throws Exception {
      final Run run = RUN.get();
      final SocketWrapperBase<?> connection = run.connection;
      if (connection != null) {
        final int served = ++run.served;
        if (cameAlone(req)) {
          final int max = pipelinedRequests;
          connection.setKeepAliveLeft(Math.min(inARow(max), max - served));
        }
      }
      super.service(req, res);
    }

    private static boolean cameAlone(final Request req) {
      if (!(req.getInputBuffer() instanceof final Http11InputBuffer input)) {
        return false; // an HTTP/2 stream: not counted this way
      }
      final long body = req.getContentLengthLong();
      if (body < 0 && req.getMimeHeaders().getHeader("transfer-encoding") != null) {
        return false;
      }
      return input.getByteBuffer().remaining() <= Math.max(body, 0);
    }
  }
}

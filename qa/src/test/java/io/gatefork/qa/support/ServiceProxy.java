package io.gatefork.qa.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntPredicate;

/**
 * What a Kubernetes Service does for one port, in the test JVM: each new TCP connection goes to the
 * ready backend with the fewest open connections (kube-proxy's IPVS "least connection" mode; ties
 * in turn), and stays there for its whole life; a backend that is not ready gets no new
 * connections, its open ones are left alone. The clients' connection reuse, and the gateway's max
 * connection age that ends it, decide how load spreads, as in a cluster.
 */
public final class ServiceProxy implements AutoCloseable {
  private final ServerSocket server;
  private final IntPredicate ready;
  private final List<Integer> backends = new CopyOnWriteArrayList<>();
  private final Map<Integer, AtomicLong> connections = new ConcurrentHashMap<>();
  private final Map<Integer, AtomicInteger> openTo = new ConcurrentHashMap<>();
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  private final AtomicInteger next = new AtomicInteger();
  private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();

  /**
   * @param ready whether the backend on a port takes new connections now (its readiness)
   */
  public ServiceProxy(final IntPredicate ready) {
    this.ready = ready;
    try {
      server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
    threads.execute(this::accept);
  }

  public int port() {
    return server.getLocalPort();
  }

  /** A backend port, e.g. a gateway's REST port. */
  public void addBackend(final int port) {
    connections.putIfAbsent(port, new AtomicLong());
    openTo.putIfAbsent(port, new AtomicInteger());
    backends.add(port);
  }

  /** Connections handed to the backend on this port so far. */
  public long connectionsTo(final int port) {
    return connections.getOrDefault(port, new AtomicLong()).get();
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        final Socket client = server.accept();
        threads.execute(() -> connect(client));
      } catch (final IOException e) {
        return; // closed
      }
    }
  }

  private synchronized int leastConnected() {
    final int size = backends.size();
    final int first = Math.floorMod(next.getAndIncrement(), Math.max(size, 1));
    int chosen = -1;
    for (int i = 0; i < size; i++) {
      final int port = backends.get((first + i) % size);
      if (ready.test(port) && (chosen < 0 || openTo.get(port).get() < openTo.get(chosen).get())) {
        chosen = port;
      }
    }
    if (chosen > 0) {
      openTo.get(chosen).incrementAndGet();
    }
    return chosen;
  }

  private void connect(final Socket client) {
    open.add(client);
    final int port = leastConnected();
    if (port < 0) {
      close(client); // no ready backend: the client sees the connection closed, as with none
      return;
    }
    final Socket backend = new Socket();
    try {
      backend.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 2_000);
    } catch (final IOException refused) {
      openTo.get(port).decrementAndGet();
      close(backend);
      close(client);
      return;
    }
    open.add(backend);
    connections.get(port).incrementAndGet();
    threads.execute(() -> pipe(client, backend));
    pipe(backend, client);
    openTo.get(port).decrementAndGet();
  }

  /** Copies until either side ends, then ends both (a half-close is not worth keeping here). */
  private void pipe(final Socket from, final Socket to) {
    try (InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream()) {
      in.transferTo(out);
    } catch (final IOException e) {
      // reset or closed by the other direction
    } finally {
      close(from);
      close(to);
    }
  }

  private void close(final Socket socket) {
    open.remove(socket);
    try {
      socket.close();
    } catch (final IOException e) {
      // closing anyway
    }
  }

  @Override
  public void close() {
    try {
      server.close();
    } catch (final IOException e) {
      // closing anyway
    }
    open.forEach(this::close);
    threads.shutdownNow();
  }
}

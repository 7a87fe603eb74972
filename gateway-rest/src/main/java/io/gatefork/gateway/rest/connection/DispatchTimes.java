package io.gatefork.gateway.rest.connection;

import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.connector.Connector;
import org.apache.coyote.AbstractProtocol;
import org.apache.tomcat.util.threads.TaskQueue;
import org.apache.tomcat.util.threads.TaskThreadFactory;
import org.apache.tomcat.util.threads.ThreadPoolExecutor;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;

/**
 * How long the request a Tomcat thread runs waited since Tomcat handed its connection's readable
 * data to the request threads: the wait before the gateway's own code sees a request (the request
 * threads' queue and their share of the CPU), which no request timer covers and which grows first
 * when the gateway falls behind.
 *
 * <p>The API connector's request threads are Tomcat's own pool, built as Tomcat builds it from the
 * connector's settings ({@code server.tomcat.threads.*}), behind an executor that stamps each task
 * with the time it was handed over; the stamp is the running thread's while the task runs.
 *
 * <p>Unless {@code server.tomcat.threads.max} is set, the pool has {@value #THREADS_PER_CPU}
 * threads per CPU instead of Spring Boot's 200: no request blocks a request thread (answers are
 * written by the thread that completes them), and on a small CPU quota 200 runnable threads starve
 * Tomcat's one poller thread, so requests waited unseen in the kernel instead of in this pool's
 * queue, where their wait is measured (at 0.1 CPU and twice the capacity: 39 % of the capacity
 * served with 200 threads, 97 % with 8, docs/overload.md).
 *
 * <p>With admission shared among callers ({@code gatefork.overload.partition-by} other than {@code
 * none}) the queued tasks get a thread in a fair order instead of first come first served ({@link
 * FairTaskQueue}): by client address, by the request-thread time each took lately, and one
 * address's on at most {@code gatefork.rest.max-threads-per-address} threads at once while other
 * addresses are connected. The pool's own queue then holds one placeholder per task, and the
 * placeholder runs whichever task is due: still one hand-over per task (a task held back for its
 * address's bound is run by the thread that ends one of that address's tasks).
 */
public final class DispatchTimes {
  private static final ThreadLocal<Running> RUNNING = ThreadLocal.withInitial(Running::new);
  private static final ThreadLocal<Object> ON_BEHALF_OF = new ThreadLocal<>();
  private static final long IDLE_THREAD_MILLIS = 60_000; // Tomcat's threadsMaxIdleTime
  static final int THREADS_PER_CPU = 4;

  private DispatchTimes() {}

  /**
   * Nanoseconds since the running Tomcat task was handed to the request threads; 0 on a thread that
   * runs none (or a connector without the stamping executor).
   */
  public static long waitedNanos(final long now) {
    final long dispatched = RUNNING.get().dispatched;
    return dispatched == 0 ? 0 : Math.max(0, now - dispatched);
  }

  /**
   * The connection whose task the running request thread runs, as the fair queue knows it (an
   * opaque key); null on other threads, or with the queue first come first served.
   */
  public static Object runningConnection() {
    return RUNNING.get().connection;
  }

  /**
   * Hands {@code task} to the request threads through {@code handOver} (Tomcat's {@code
   * AsyncContext.start} on {@code target}) so that the fair queue counts it to {@code connection}
   * (from {@link #runningConnection()}, on the thread that started the request): an answer made
   * later is then queued as its client's, not as everyone's. A task handed over from a request
   * thread is counted to that thread's connection without it. A method reference for {@code
   * handOver} keeps this free of allocations.
   */
  public static <T> void onBehalfOf(
      final Object connection,
      final BiConsumer<T, Runnable> handOver,
      final T target,
      final Runnable task) {
    if (connection == null) {
      handOver.accept(target, task);
      return;
    }
    ON_BEHALF_OF.set(connection);
    try {
      handOver.accept(target, task);
    } finally {
      ON_BEHALF_OF.remove();
    }
  }

  /**
   * How many request threads the API connector has: {@code server.tomcat.threads.max} when set,
   * else {@value #THREADS_PER_CPU} per CPU with admission on, else Spring Boot's default.
   */
  public static int requestThreads(
      final boolean admissionOn, final boolean threadsConfigured, final int configuredMax) {
    return admissionOn && !threadsConfigured
        ? THREADS_PER_CPU * Runtime.getRuntime().availableProcessors()
        : configuredMax;
  }

  /**
   * Installs the stamping executor on the API connector. Runs after Spring Boot's own customizer
   * has set the thread settings on the connector (its connector customizers run in the order they
   * were added, and this one is added last).
   */
  public static WebServerFactoryCustomizer<TomcatServletWebServerFactory> customizer(
      final boolean threadsConfigured, final boolean fair, final int maxThreadsPerAddress) {
    return new Customizer(threadsConfigured, fair, maxThreadsPerAddress);
  }

  /**
   * @param maxThreadsPerAddress with {@code fair}, how many request threads one address's tasks may
   *     take at once while others are connected ({@link FairTaskQueue}); 0: no bound
   */
  private record Customizer(boolean threadsConfigured, boolean fair, int maxThreadsPerAddress)
      implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {
    @Override
    public void customize(final TomcatServletWebServerFactory factory) {
      factory.addConnectorCustomizers(
          connector -> {
            if (!threadsConfigured
                && connector.getProtocolHandler() instanceof final AbstractProtocol<?> protocol) {
              final int threads = THREADS_PER_CPU * Runtime.getRuntime().availableProcessors();
              protocol.setMaxThreads(threads);
              protocol.setMinSpareThreads(Math.min(protocol.getMinSpareThreads(), threads));
            }
            install(connector, fair, maxThreadsPerAddress);
          });
    }

    @Override
    public int getOrder() {
      return Ordered.LOWEST_PRECEDENCE;
    }
  }

  /** Gives the connector's protocol the stamping executor over a pool like Tomcat's own. */
  static void install(
      final Connector connector, final boolean fair, final int maxThreadsPerAddress) {
    if (!(connector.getProtocolHandler() instanceof final AbstractProtocol<?> protocol)
        || protocol.getExecutor() != null) {
      return;
    }
    final TaskQueue queue = new TaskQueue(protocol.getMaxQueueSize());
    final ThreadPoolExecutor pool =
        new ThreadPoolExecutor(
            protocol.getMinSpareThreads(),
            protocol.getMaxThreads(),
            IDLE_THREAD_MILLIS,
            TimeUnit.MILLISECONDS,
            queue,
            new TaskThreadFactory(
                protocol.getName().replace("\"", "") + "-exec-",
                true,
                protocol.getThreadPriority()));
    queue.setParent(pool);
    protocol.setExecutor(fair ? fair(pool, maxThreadsPerAddress) : stamping(pool));
    connector.addLifecycleListener(
        event -> {
          if (Lifecycle.AFTER_STOP_EVENT.equals(event.getType())) {
            pool.shutdown();
          }
        });
  }

  /** Runs tasks first come first served. */
  static StampingExecutor stamping(final Executor pool) {
    return new StampingExecutor(pool, null);
  }

  /**
   * Runs tasks in a {@link FairTaskQueue}'s order, one address's on at most {@code
   * maxThreadsPerAddress} threads at once while others are connected (0: no bound).
   */
  static StampingExecutor fair(final Executor pool, final int maxThreadsPerAddress) {
    return new StampingExecutor(pool, new FairTaskQueue(maxThreadsPerAddress));
  }

  /** The API connector's executor: stamps each task, runs it on the pool. */
  public static final class StampingExecutor implements Executor {
    private final Executor pool;
    private final FairTaskQueue queue; // null: first come first served
    private final Runnable due = this::runDue;

    private StampingExecutor(final Executor pool, final FairTaskQueue queue) {
      this.pool = pool;
      this.queue = queue;
    }

    /** Whether tasks are ordered fairly among addresses and connections. */
    public boolean fair() {
      return queue != null;
    }

    /** A connection Tomcat released: nothing is kept for it any more. */
    void closed(final Object connection) {
      if (queue != null) {
        handOver(queue.forget(connection));
      }
    }

    private void handOver(final int owed) {
      for (int i = 0; i < owed; i++) {
        pool.execute(due);
      }
    }

    FairTaskQueue queue() {
      return queue;
    }

    /**
     * Whether tasks wait for a free request thread now (every thread busy): the pool's queue holds
     * them, or their placeholders (a task held back for its address's bound holds none).
     */
    boolean tasksWaiting() {
      return pool instanceof final ThreadPoolExecutor threads && !threads.getQueue().isEmpty();
    }

    /** The pool's most threads (Tomcat reports -1 for an executor it did not build). */
    public int maxThreads() {
      return pool instanceof final ThreadPoolExecutor threads ? threads.getMaximumPoolSize() : -1;
    }

    @Override
    public void execute(final Runnable task) {
      final long dispatched = System.nanoTime();
      if (queue != null) {
        if (task instanceof final ConnectionTask ofConnection) {
          queue.add(task, ofConnection, dispatched);
        } else {
          final Object onBehalfOf = ON_BEHALF_OF.get();
          if (onBehalfOf != null) {
            queue.addTo(task, onBehalfOf, dispatched, true);
          } else {
            queue.addTo(task, RUNNING.get().connection, dispatched, false);
          }
        }
        // a pool that refuses (stopped) leaves the task queued: it is not run, as it would not be
        pool.execute(due);
        return;
      }
      pool.execute(
          () -> {
            final Running running = RUNNING.get();
            running.dispatched = dispatched;
            try {
              task.run();
            } finally {
              running.dispatched = 0;
            }
          });
    }

    /**
     * One placeholder's turn: runs the task that is due, timed for its flow's charge, then the
     * tasks owed a thread because their address's were all taken, while there are any.
     */
    private void runDue() {
      FairTaskQueue.Task task = queue.poll();
      final Running running = RUNNING.get();
      while (task != null) {
        running.dispatched = task.handedOver;
        running.connection = FairTaskQueue.connectionOf(task);
        final long started = System.nanoTime();
        try {
          task.runnable.run();
        } finally {
          running.dispatched = 0;
          running.connection = null;
          handOver(queue.ran(task, System.nanoTime() - started));
        }
        task = queue.pollOwed();
      }
    }
  }

  /** What the running request thread runs: when it was handed over, and for which connection. */
  private static final class Running {
    private long dispatched; // 0: none
    private Object connection; // the fair queue's key; null: none
  }
}

package io.gatefork.gateway.rest.connection;

import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * The order in which Tomcat's queued tasks get a request thread: fair among client addresses, by
 * the request-thread time each has taken lately, instead of first come first served; within one
 * address first come first served, as before.
 *
 * <p>Start-time fair queuing (Goyal, Vin, Cheng 1996) over addresses: each address has a finish
 * tag, the request-thread time it took added to the virtual time at which it last started; the next
 * task is the oldest of the address with the smallest tag. So an address whose clients send a
 * request now and then starts at the current virtual time and is served before addresses that took
 * much (connections that pipeline hundreds of requests, send megabyte bodies or hold a thread while
 * their body trickles in), and an address that floods with many connections is one flow beside the
 * others. The queue is work-conserving: nothing waits while a thread is free, and an address that
 * took much is served as soon as nobody else waits.
 *
 * <p>Within an address, a task that starts a TLS handshake ({@link ConnectionTask#startsHandshake})
 * goes after the tasks of connections set up already. A handshake costs what several requests do,
 * and a client that finds its connections busy opens another for its next request: served in
 * arrival order, a fresh gateway under 300 requests/s spent its core on handshakes, so every
 * connection stayed busy and the client opened one more per request for 20 s
 * (bench/cost/results/2026-12-06-tls-storm-fresh). A handshake runs as soon as no set-up
 * connection's task waits, which admission keeps short by answering at once what waited too long.
 * Not after some patience: with a handshake passed over for a second let go first, the same storm
 * melted down as before.
 *
 * <p>Not by connection within an address: the time of a connection's task is wall time, which a CPU
 * quota's throttling inflates at random, and an open-loop client (vegeta, an HTTP/1.1 pool whose
 * answers come late) keeps opening connections that would start at the current virtual time ahead
 * of its older ones, whose requests then waited for seconds (at twice the capacity on 0.1 CPU,
 * bench/cost/results/2026-12-05-two-callers-fair-dispatch). Nor are new connections put behind kept
 * ones: measured, that doubled a well-behaved client's p99, as vegeta's new connections went behind
 * a burst (bench/cost/results/2026-12-05-hostile-fair-dispatch-staggered).
 *
 * <p>A task's time is known only when it ran: its address is charged its connection's average (the
 * last few of its tasks) when the task starts, so that a backlogged address does not take every
 * thread at one tag, and the difference when it ends.
 *
 * <p>While more than one address has connections, one address's tasks run on at most {@code
 * maxRunningPerAddress} threads at once (the CPUs, unless set): more never ran faster on those
 * CPUs, and the tasks of an address that sends megabyte documents on a hundred connections then no
 * longer share the CPU eight to one with another client's small request (or with gRPC, which has
 * none of these threads). Its other tasks stay queued, holding no thread, until one of its own
 * ends. Not held back: the tasks of an HTTP/2 connection ({@link ConnectionTask#multiplexed}) and
 * the tasks a request thread hands over for its own connection, which may be what the running ones
 * wait for (a stream's frames); nor anything while one address alone is connected.
 *
 * <p>State is bounded by the open connections: a connection's entry lives until Tomcat releases the
 * connection ({@link #forget}), an address's while it has connections or tasks.
 */
final class FairTaskQueue {
  /** What a task of a connection never seen is taken to cost: about one small request. */
  static final long FIRST_COST_NANOS = 100_000;

  /** Tasks that belong to no connection (Tomcat's async runnables): one flow of their own. */
  private static final Object NO_CONNECTION = new Object();

  private static final Object NO_ADDRESS = new Object();

  private final PriorityQueue<Group> backlogged =
      new PriorityQueue<>(
          Comparator.comparingLong((Group group) -> group.start)
              .thenComparingLong(group -> group.order));
  private final Map<Object, Group> groups = new HashMap<>();
  private final Map<Object, Flow> flows = new HashMap<>();
  private final int maxRunningPerAddress; // 0: no bound
  private volatile int owed; // queued tasks whose hand-over found only tasks held back
  private long virtualTime; // the start tag of the address served last
  private long order; // ties go to the earlier

  /**
   * @param maxRunningPerAddress how many threads one address's tasks may run on at once while other
   *     addresses have connections; 0: no bound
   */
  FairTaskQueue(final int maxRunningPerAddress) {
    this.maxRunningPerAddress = Math.max(0, maxRunningPerAddress);
  }

  /** Queues a task of {@code connection} (null: of none). */
  synchronized void add(
      final Runnable task, final ConnectionTask connection, final long handedOver) {
    enqueue(
        task,
        flowOf(connection),
        handedOver,
        connection != null && maxRunningPerAddress > 0 && !connection.multiplexed(),
        connection != null && connection.startsHandshake());
  }

  /**
   * Queues a task that is not a connection's event as one of the connection whose task {@code
   * connection} came from ({@link #connectionOf}), also when that connection is closed since; null:
   * of none.
   *
   * @param bounded whether it counts to its address's threads (an answer made later), or may be
   *     what that connection's running tasks wait for (handed over by one of them)
   */
  synchronized void addTo(
      final Runnable task, final Object connection, final long handedOver, final boolean bounded) {
    enqueue(
        task,
        connection == null ? flowOf(null) : (Flow) connection,
        handedOver,
        bounded && maxRunningPerAddress > 0,
        false);
  }

  /** The key of the connection a polled task is for, for {@link #addTo}. */
  static Object connectionOf(final Task task) {
    return task.flow;
  }

  private void enqueue(
      final Runnable task,
      final Flow flow,
      final long handedOver,
      final boolean bounded,
      final boolean handshake) {
    final Group group = flow.group;
    final Task queued = new Task(task, flow, handedOver, bounded && group.address != NO_ADDRESS);
    if (group.isEmpty()) {
      group.start = Math.max(virtualTime, group.finish);
      group.order = order++;
      backlogged.add(group);
    }
    (handshake ? group.handshakes : group.tasks).add(queued);
  }

  /**
   * The next task to run, charged its estimate; null when none is queued, or when every queued one
   * is held back: it is then owed a thread, which {@link #pollOwed} gives it.
   */
  synchronized Task poll() {
    Group group;
    while ((group = backlogged.poll()) != null && heldBack(group)) {
      group.held = true; // back in line when one of its running tasks ends
    }
    if (group == null) {
      owed++;
      return null;
    }
    final Task task = group.poll();
    final Flow flow = task.flow;
    virtualTime = Math.max(virtualTime, group.start);
    task.charged = flow.cost;
    group.finish = Math.max(group.finish, group.start) + flow.cost;
    group.running++;
    if (task.bounded) {
      group.boundedRunning++;
    }
    if (!group.isEmpty()) {
      group.start = group.finish;
      group.order = order++;
      backlogged.add(group);
    }
    return task;
  }

  /** A task that was owed a thread and may run now, on the thread asking; null: none. */
  Task pollOwed() {
    if (owed == 0) {
      return null; // the common case, without the lock
    }
    synchronized (this) {
      if (owed == 0) {
        return null;
      }
      owed--;
      return poll(); // null again: owed again
    }
  }

  /** How many tasks were left without a thread by {@link #poll}. */
  synchronized int owed() {
    return owed;
  }

  /**
   * {@code task} ran for {@code nanos}: its address is charged the difference to its estimate.
   *
   * @return how many owed tasks may run now on other threads ({@link #unheldWhenAlone})
   */
  synchronized int ran(final Task task, final long nanos) {
    final Flow flow = task.flow;
    final Group group = flow.group;
    group.finish += nanos - task.charged;
    flow.cost += (nanos - flow.cost) / 4;
    group.running--;
    if (task.bounded) {
      group.boundedRunning--;
      release(group);
    }
    dropWhenDone(group);
    return unheldWhenAlone();
  }

  /**
   * The connection is closed: its flow is dropped, and its address's with its last connection.
   *
   * @return how many owed tasks may run now ({@link #unheldWhenAlone})
   */
  synchronized int forget(final Object connection) {
    final Flow flow = flows.remove(connection);
    if (flow == null) {
      return 0;
    }
    flow.group.connections--;
    dropWhenDone(flow.group);
    return unheldWhenAlone();
  }

  /** With one address left nothing is held back: every owed task may run. */
  private int unheldWhenAlone() {
    if (owed == 0 || clientAddresses() > 1) {
      return 0;
    }
    final int due = owed;
    owed = 0;
    for (final Group group : groups.values()) {
      release(group);
    }
    return due;
  }

  private boolean heldBack(final Group group) {
    return group.boundedRunning >= maxRunningPerAddress
        && group.peek().bounded
        && clientAddresses() > 1;
  }

  private void release(final Group group) {
    if (group.held && !heldBack(group)) {
      group.held = false;
      backlogged.add(group);
    }
  }

  /** Connections and addresses with state, for tests. */
  synchronized int flows() {
    return flows.size();
  }

  synchronized int addresses() {
    return groups.size();
  }

  /** Groups of a client address: all but the one of tasks without an address. */
  private int clientAddresses() {
    return groups.size() - (groups.containsKey(NO_ADDRESS) ? 1 : 0);
  }

  private Flow flowOf(final ConnectionTask task) {
    final Object ofTask = task == null ? null : task.connection();
    final Object connection = ofTask == null ? NO_CONNECTION : ofTask;
    final Flow known = flows.get(connection);
    if (known != null) {
      return known;
    }
    final Object address = ofTask == null ? NO_ADDRESS : task.address();
    final Group group = groups.computeIfAbsent(address == null ? NO_ADDRESS : address, Group::new);
    group.connections++;
    final Flow flow = new Flow(group);
    flows.put(connection, flow);
    return flow;
  }

  private void dropWhenDone(final Group group) {
    // not a successor: a closed connection's late task may have kept its group
    if (group.connections == 0 && group.running == 0 && group.isEmpty()) {
      groups.remove(group.address, group);
    }
  }

  /** A queued task and what it was charged. */
  static final class Task {
    final Runnable runnable;
    final long handedOver;
    private final Flow flow;
    private final boolean bounded; // counts to its address's threads
    private long charged;

    private Task(
        final Runnable runnable, final Flow flow, final long handedOver, final boolean bounded) {
      this.runnable = runnable;
      this.flow = flow;
      this.handedOver = handedOver;
      this.bounded = bounded;
    }
  }

  /** One connection: its address, and what its tasks take. */
  private static final class Flow {
    private final Group group;
    private long cost = FIRST_COST_NANOS;

    private Flow(final Group group) {
      this.group = group;
    }
  }

  /** One client address: its connections' queued tasks, oldest first, new handshakes last. */
  private static final class Group {
    private final Object address;
    private final ArrayDeque<Task> tasks = new ArrayDeque<>();
    private final ArrayDeque<Task> handshakes = new ArrayDeque<>();
    private long start;
    private long finish;
    private long order;
    private int connections;
    private int running;
    private int boundedRunning;
    private boolean held; // out of line: its next task would run beyond the address's threads

    private Group(final Object address) {
      this.address = address;
    }

    private boolean isEmpty() {
      return tasks.isEmpty() && handshakes.isEmpty();
    }

    private Task peek() {
      return next().peek();
    }

    private Task poll() {
      return next().poll();
    }

    /** Where the next task comes from: the set-up connections' tasks, while there are any. */
    private ArrayDeque<Task> next() {
      return tasks.isEmpty() ? handshakes : tasks;
    }
  }
}

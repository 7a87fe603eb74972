package io.gatefork.gateway.rest.connection;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * The order in which Tomcat's queued tasks get a request thread: fair among client addresses, and
 * among the connections of one address, by the request-thread time each has taken lately, instead
 * of first come first served.
 *
 * <p>Hierarchical start-time fair queuing (Goyal, Vin, Cheng 1996): each address and each
 * connection has a finish tag, the request-thread time it took added to the virtual time at which
 * it last started; the next task is the one whose address, and within that address whose
 * connection, has the smallest tag. So a client that sends a request now and then starts at the
 * current virtual time and is served before connections that took much (those that pipeline
 * hundreds of requests, send megabyte bodies or hold a thread while their body trickles in), even
 * when they share its address; and an address that floods with many connections is one flow beside
 * the others. The queue is work-conserving: nothing waits while a thread is free, and a flow that
 * took much is served as soon as nobody else waits.
 *
 * <p>Connections are told apart only once they took time: a burst of new connections from one
 * address (a hundred that each pipeline thousands of requests, or send a megabyte body) has its
 * first tasks start at the virtual time at which a kept connection's next request starts too. New
 * connections are not put behind kept ones: a well-behaved client whose answers come late opens new
 * connections too (vegeta, HTTP/1.1 pools), and measured so, its p99 doubled
 * (bench/cost/results/2026-12-05-hostile-fair-dispatch-staggered). Between addresses the burst is
 * one flow.
 *
 * <p>A task's time is known only when it ran: a flow is charged its connection's average (the last
 * few of its tasks) when its task starts, so that a backlogged address does not take every thread
 * at one tag, and the difference when it ends.
 *
 * <p>State is bounded by the open connections: a connection's flow lives until Tomcat releases the
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
  private long virtualTime; // the start tag of the address served last
  private long order; // ties go to the earlier

  /** Queues a task of {@code connection} (null: of none). */
  synchronized void add(
      final Runnable task, final ConnectionTask connection, final long handedOver) {
    final Flow flow = flowOf(connection);
    final Group group = flow.group;
    final Task queued =
        new Task(task, flow, Math.max(group.virtualTime, flow.finish), order++, handedOver);
    if (group.tasks.isEmpty()) {
      group.start = Math.max(virtualTime, group.finish);
      group.order = order++;
      backlogged.add(group);
    }
    group.tasks.add(queued);
  }

  /** The next task to run, charged its estimate; null when none is queued. */
  synchronized Task poll() {
    final Group group = backlogged.poll();
    if (group == null) {
      return null;
    }
    final Task task = group.tasks.poll();
    final Flow flow = task.flow;
    virtualTime = Math.max(virtualTime, group.start);
    group.virtualTime = Math.max(group.virtualTime, task.tag);
    task.charged = flow.cost;
    group.finish = Math.max(group.finish, group.start) + flow.cost;
    flow.finish = Math.max(flow.finish, task.tag) + flow.cost;
    group.running++;
    if (!group.tasks.isEmpty()) {
      group.start = group.finish;
      group.order = order++;
      backlogged.add(group);
    }
    return task;
  }

  /** {@code task} ran for {@code nanos}: its flow is charged the difference to its estimate. */
  synchronized void ran(final Task task, final long nanos) {
    final Flow flow = task.flow;
    final Group group = flow.group;
    final long difference = nanos - task.charged;
    flow.finish += difference;
    group.finish += difference;
    flow.cost += (nanos - flow.cost) / 4;
    group.running--;
    dropWhenDone(group);
  }

  /** The connection is closed: its flow is dropped, and its address's with its last connection. */
  synchronized void forget(final Object connection) {
    final Flow flow = flows.remove(connection);
    if (flow != null) {
      flow.group.connections--;
      dropWhenDone(flow.group);
    }
  }

  /** Connections and addresses with state, for tests. */
  synchronized int flows() {
    return flows.size();
  }

  synchronized int addresses() {
    return groups.size();
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
    if (group.connections == 0 && group.running == 0 && group.tasks.isEmpty()) {
      groups.remove(group.address);
    }
  }

  /** A queued task and what it was charged. */
  static final class Task {
    final Runnable runnable;
    final long handedOver;
    private final Flow flow;
    private final long tag;
    private final long order;
    private long charged;

    private Task(
        final Runnable runnable,
        final Flow flow,
        final long tag,
        final long order,
        final long handedOver) {
      this.runnable = runnable;
      this.flow = flow;
      this.tag = tag;
      this.order = order;
      this.handedOver = handedOver;
    }
  }

  /** One connection. */
  private static final class Flow {
    private final Group group;
    private long finish;
    private long cost = FIRST_COST_NANOS;

    private Flow(final Group group) {
      this.group = group;
    }
  }

  /** One client address: its connections' queued tasks, in their flows' order. */
  private static final class Group {
    private final Object address;
    private final PriorityQueue<Task> tasks =
        new PriorityQueue<>(
            Comparator.comparingLong((Task task) -> task.tag)
                .thenComparingLong(task -> task.order));
    private long start;
    private long finish;
    private long virtualTime; // the tag of its connection served last
    private long order;
    private int connections;
    private int running;

    private Group(final Object address) {
      this.address = address;
    }
  }
}

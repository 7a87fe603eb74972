package io.gatefork.gateway.rest.connection;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FairTaskQueueTest {
  private static final long MILLI = 1_000_000;

  private final FairTaskQueue queue = new FairTaskQueue(2);

  @Test
  void anAddressThatTookLittleGoesBeforeOneThatTookMuch() {
    final var heavy = List.of(connection("h1", "a"), connection("h2", "a"), connection("h3", "a"));
    final var light = connection("light", "b");
    for (final Connection each : heavy) {
      runNow(each, 10 * MILLI);
    }
    runNow(light, MILLI / 10);

    for (final Connection each : heavy) {
      add(each);
    }
    add(light);

    assertThat(pollAll()).first().isEqualTo("light");
  }

  @Test
  void withinAnAddressFirstComeFirstServed() {
    final var heavy = connection("heavy", "a");
    final var light = connection("light", "a");
    runNow(heavy, 10 * MILLI);
    runNow(light, MILLI / 10);

    add(heavy);
    add(light);

    assertThat(pollAll()).containsExactly("heavy", "light");
  }

  @Test
  void withinAnAddressANewTlsHandshakeGoesAfterTheConnectionsSetUp() {
    final var first = new Connection("handshake 1", "a", false, true);
    final var second = new Connection("handshake 2", "a", false, true);
    final var setUp = connection("set up", "a");
    add(first);
    add(setUp);
    add(second);
    add(setUp);

    assertThat(pollAll()).containsExactly("set up", "set up", "handshake 1", "handshake 2");
  }

  @Test
  void anAddressThatFloodsWithManyConnectionsIsOneFlowBesideAnother() {
    final List<Connection> flood = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      flood.add(connection("flood-" + i, "flood"));
    }
    final var polite = connection("polite", "polite");
    for (int round = 0; round < 5; round++) {
      flood.forEach(this::add);
    }
    add(polite);

    final List<String> order = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      final FairTaskQueue.Task task = queue.poll();
      order.add(name(task));
      queue.ran(task, MILLI);
      if (i == 3) {
        add(polite); // its next request, while the flood is still queued
      }
    }

    assertThat(order.subList(0, 2)).contains("polite");
    assertThat(order.subList(4, 7)).contains("polite");
  }

  @Test
  void aFloodIsServedWhenNobodyElseWaits() {
    final var flood = connection("flood", "flood");
    runNow(flood, 100 * MILLI);
    add(flood);

    assertThat(pollAll()).containsExactly("flood");
  }

  @Test
  void tasksOfNoConnectionRunToo() {
    queue.add(() -> {}, null, 0);
    assertThat(queue.poll()).isNotNull();
  }

  @Test
  void stateIsKeptOnlyForOpenConnections() {
    final List<Connection> connections = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      connections.add(connection("c" + i, "address-" + (i % 10)));
    }
    connections.forEach(this::add);
    final FairTaskQueue.Task running = queue.poll();
    assertThat(queue.flows()).isEqualTo(100);
    assertThat(queue.addresses()).isEqualTo(10);

    connections.forEach(each -> queue.forget(each));
    assertThat(queue.addresses()).as("the running and queued tasks keep theirs").isEqualTo(10);
    queue.ran(running, MILLI);
    for (FairTaskQueue.Task task = queue.poll(); task != null; task = queue.poll()) {
      queue.ran(task, MILLI);
    }

    assertThat(queue.flows()).isZero();
    assertThat(queue.addresses()).isZero();
  }

  @Test
  void anAddressRunsOnNoMoreThreadsThanItsBoundWhileAnotherIsConnected() {
    final var polite = connection("polite", "polite");
    runNow(polite, MILLI); // connected, nothing queued
    final var flood = connection("flood", "flood");
    for (int i = 0; i < 4; i++) {
      add(flood);
    }

    final FairTaskQueue.Task first = queue.poll();
    assertThat(queue.poll()).isNotNull();
    assertThat(queue.poll()).as("two of its tasks run: the third is held back").isNull();
    assertThat(queue.owed()).isEqualTo(1);
    add(polite);
    assertThat(name(queue.poll()))
        .as("the other address's request gets a thread")
        .isEqualTo("polite");

    assertThat(queue.ran(first, MILLI)).isZero();
    assertThat(name(queue.pollOwed()))
        .as("the thread that ended one of its tasks runs the held one")
        .isEqualTo("flood");
    assertThat(queue.owed()).isZero();
    assertThat(queue.poll()).as("its fourth: three placeholders ran, two of its own run").isNull();
  }

  @Test
  void aloneAnAddressTakesEveryThread() {
    final var flood = connection("flood", "flood");
    for (int i = 0; i < 5; i++) {
      add(flood);
    }
    for (int i = 0; i < 5; i++) {
      assertThat(queue.poll()).isNotNull();
    }
  }

  @Test
  void whenTheOtherAddressLeavesTheHeldTasksAreOwedTheirThreads() {
    final var polite = connection("polite", "polite");
    runNow(polite, MILLI);
    final var flood = connection("flood", "flood");
    for (int i = 0; i < 4; i++) {
      add(flood);
    }
    queue.poll();
    queue.poll();
    assertThat(queue.poll()).isNull();
    assertThat(queue.poll()).isNull();

    assertThat(queue.forget(polite)).as("two tasks owed a thread").isEqualTo(2);
    assertThat(queue.poll()).isNotNull();
    assertThat(queue.poll()).isNotNull();
  }

  @Test
  void http2TasksAndTasksARunningTaskHandsOverAreNotHeldBack() {
    final var polite = connection("polite", "polite");
    runNow(polite, MILLI);
    final var h2 = new Connection("h2", "flood", true);
    for (int i = 0; i < 3; i++) {
      queue.add(new Named("h2"), h2, 0);
    }
    final FairTaskQueue.Task stream = queue.poll();
    queue.poll();
    queue.poll();
    final Object key = FairTaskQueue.connectionOf(stream);
    queue.addTo(new Named("handed over"), key, 0, false);
    queue.addTo(new Named("handed over"), key, 0, false);
    queue.addTo(new Named("handed over"), key, 0, false);
    assertThat(pollAll()).as("three streams run, and the three handed over").hasSize(3);

    final var http11 = connection("http11", "flood");
    add(http11);
    add(http11);
    queue.addTo(new Named("answer"), FairTaskQueue.connectionOf(stream), 0, true);
    assertThat(queue.poll()).isNotNull();
    assertThat(queue.poll()).isNotNull();
    assertThat(queue.poll()).as("an answer made later counts to its address").isNull();
  }

  private void runNow(final Connection connection, final long nanos) {
    add(connection);
    final FairTaskQueue.Task task = queue.poll();
    assertThat(name(task)).isEqualTo(connection.name());
    queue.ran(task, nanos);
  }

  private void add(final Connection connection) {
    queue.add(new Named(connection.name()), connection, 0);
  }

  private List<String> pollAll() {
    final List<String> order = new ArrayList<>();
    for (FairTaskQueue.Task task = queue.poll(); task != null; task = queue.poll()) {
      order.add(name(task));
      queue.ran(task, MILLI);
    }
    return order;
  }

  private static String name(final FairTaskQueue.Task task) {
    return ((Named) task.runnable).name();
  }

  private static Connection connection(final String name, final String address) {
    return new Connection(name, address);
  }

  private record Named(String name) implements Runnable {
    @Override
    public void run() {}
  }

  /** A connection is its own key here (identity: records with equal names are distinct keys). */
  private static final class Connection implements ConnectionTask {
    private final String name;
    private final String address;
    private final boolean multiplexed;
    private final boolean startsHandshake;

    Connection(final String name, final String address) {
      this(name, address, false);
    }

    Connection(final String name, final String address, final boolean multiplexed) {
      this(name, address, multiplexed, false);
    }

    Connection(
        final String name,
        final String address,
        final boolean multiplexed,
        final boolean startsHandshake) {
      this.name = name;
      this.address = address;
      this.multiplexed = multiplexed;
      this.startsHandshake = startsHandshake;
    }

    @Override
    public boolean startsHandshake() {
      return startsHandshake;
    }

    @Override
    public boolean multiplexed() {
      return multiplexed;
    }

    String name() {
      return name;
    }

    @Override
    public Object connection() {
      return this;
    }

    @Override
    public Object address() {
      return address;
    }
  }
}

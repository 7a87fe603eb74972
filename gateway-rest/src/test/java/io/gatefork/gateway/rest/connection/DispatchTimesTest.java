package io.gatefork.gateway.rest.connection;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class DispatchTimesTest {
  /** How long the second task is kept queued behind the first: what it must see it waited. */
  private static final Duration QUEUED_BEHIND_THE_FIRST = Duration.ofMillis(200);

  @Test
  void aTaskSeesHowLongItWaitedForAThreadAndOtherCodeSeesNothing() throws Exception {
    final ExecutorService single = Executors.newSingleThreadExecutor();
    try {
      final var stamping = DispatchTimes.stamping(single);
      final CountDownLatch blocker = new CountDownLatch(1);
      stamping.execute(
          () -> {
            try {
              blocker.await(5, TimeUnit.SECONDS);
            } catch (final InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          });
      final CompletableFuture<Long> waited = new CompletableFuture<>();
      stamping.execute(() -> waited.complete(DispatchTimes.waitedNanos(System.nanoTime())));
      Thread.sleep(QUEUED_BEHIND_THE_FIRST); // the second task waits behind the first this long
      blocker.countDown();
      assertThat(waited.get(5, TimeUnit.SECONDS))
          .isGreaterThanOrEqualTo(QUEUED_BEHIND_THE_FIRST.toNanos());

      final CompletableFuture<Long> after = new CompletableFuture<>();
      single.execute(() -> after.complete(DispatchTimes.waitedNanos(System.nanoTime())));
      assertThat(after.get(5, TimeUnit.SECONDS)).as("a task not handed over stamped").isZero();
      assertThat(DispatchTimes.waitedNanos(System.nanoTime())).isZero();
    } finally {
      single.shutdownNow();
    }
  }

  @Test
  void theFairExecutorRunsAQueuedTaskOfAnAddressThatTookLittleFirst() throws Exception {
    final ExecutorService single = Executors.newSingleThreadExecutor();
    try {
      final var fair = DispatchTimes.fair(single, 0);
      final var heavy = new Connection("a");
      final var light = new Connection("c");
      final CountDownLatch heavyRan = new CountDownLatch(3);
      for (int i = 0; i < 3; i++) {
        fair.execute(task(heavy, () -> sleep(20), heavyRan));
      }
      assertThat(heavyRan.await(5, TimeUnit.SECONDS)).isTrue();

      final CountDownLatch blocker = new CountDownLatch(1);
      fair.execute(task(new Connection("b"), () -> await(blocker), new CountDownLatch(1)));
      final List<String> order = new CopyOnWriteArrayList<>();
      final CountDownLatch all = new CountDownLatch(4);
      for (int i = 0; i < 3; i++) {
        fair.execute(task(heavy, () -> order.add("heavy"), all));
      }
      fair.execute(task(light, () -> order.add("light"), all));
      blocker.countDown();

      assertThat(all.await(5, TimeUnit.SECONDS)).isTrue();
      assertThat(order).containsExactly("light", "heavy", "heavy", "heavy");
      assertThat(fair.fair()).isTrue();
      assertThat(DispatchTimes.stamping(single).fair()).isFalse();
    } finally {
      single.shutdownNow();
    }
  }

  @Test
  void aTaskHandedOverOnBehalfOfAConnectionQueuesAsThatConnections() throws Exception {
    final ExecutorService single = Executors.newSingleThreadExecutor();
    try {
      final var fair = DispatchTimes.fair(single, 0);
      final var heavy = new Connection("a");
      final CompletableFuture<Object> heavyKey = new CompletableFuture<>();
      final CountDownLatch heavyRan = new CountDownLatch(3);
      for (int i = 0; i < 3; i++) {
        fair.execute(
            task(
                heavy,
                () -> {
                  heavyKey.complete(DispatchTimes.runningConnection());
                  sleep(20);
                },
                heavyRan));
      }
      assertThat(heavyRan.await(5, TimeUnit.SECONDS)).isTrue();
      assertThat(heavyKey.get()).isNotNull();
      assertThat(DispatchTimes.runningConnection()).as("not on a request thread").isNull();

      final CountDownLatch blocker = new CountDownLatch(1);
      fair.execute(task(new Connection("b"), () -> await(blocker), new CountDownLatch(1)));
      final List<String> order = new CopyOnWriteArrayList<>();
      final CountDownLatch all = new CountDownLatch(2);
      // as an answer made later is handed over: from another thread, not a connection's event
      DispatchTimes.onBehalfOf(
          heavyKey.get(),
          Executor::execute,
          fair,
          () -> {
            order.add("heavy's answer");
            all.countDown();
          });
      fair.execute(task(new Connection("c"), () -> order.add("light"), all));
      blocker.countDown();

      assertThat(all.await(5, TimeUnit.SECONDS)).isTrue();
      assertThat(order).containsExactly("light", "heavy's answer");
    } finally {
      single.shutdownNow();
    }
  }

  @Test
  void anAddressRunsOnAtMostItsThreadsWhileAnotherIsConnectedAndTheRestWhenItsOwnEnd()
      throws Exception {
    final ExecutorService threads = Executors.newFixedThreadPool(4);
    try {
      final var fair = DispatchTimes.fair(threads, 2);
      final var polite = new Connection("polite");
      final CountDownLatch connected = new CountDownLatch(1);
      fair.execute(task(polite, () -> {}, connected));
      assertThat(connected.await(5, TimeUnit.SECONDS)).isTrue();

      final var flood = new Connection("flood");
      final CountDownLatch release = new CountDownLatch(1);
      final List<String> started = new CopyOnWriteArrayList<>();
      final CountDownLatch floodRan = new CountDownLatch(4);
      for (int i = 0; i < 4; i++) {
        final String name = "flood-" + i;
        fair.execute(
            task(
                flood,
                () -> {
                  started.add(name);
                  await(release);
                },
                floodRan));
      }
      final CountDownLatch politeRan = new CountDownLatch(1);
      fair.execute(task(polite, () -> started.add("polite"), politeRan));

      assertThat(politeRan.await(5, TimeUnit.SECONDS)).as("a thread was left for it").isTrue();
      Thread.sleep(100);
      assertThat(started).containsExactlyInAnyOrder("flood-0", "flood-1", "polite");

      release.countDown();
      assertThat(floodRan.await(5, TimeUnit.SECONDS))
          .as("the held tasks ran once the flood's own ended")
          .isTrue();
    } finally {
      threads.shutdownNow();
    }
  }

  private static Runnable task(
      final Connection connection, final Runnable body, final CountDownLatch done) {
    return new Task(connection, body, done);
  }

  private static void sleep(final long millis) {
    try {
      Thread.sleep(millis);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void await(final CountDownLatch latch) {
    try {
      latch.await(5, TimeUnit.SECONDS);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** A connection from an address; its identity is the key. */
  private record Connection(String address) {
    @Override
    public boolean equals(final Object other) {
      return this == other;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(this);
    }
  }

  private record Task(Connection of, Runnable body, CountDownLatch done)
      implements Runnable, ConnectionTask {
    @Override
    public void run() {
      body.run();
      done.countDown();
    }

    @Override
    public Object connection() {
      return of;
    }

    @Override
    public Object address() {
      return of.address();
    }

    @Override
    public boolean multiplexed() {
      return false;
    }

    @Override
    public boolean startsHandshake() {
      return false;
    }
  }
}

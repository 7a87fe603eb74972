package io.gatefork.gateway.rest.connection;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
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
}

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
      Thread.sleep(200); // the second task waits behind the first this long at least
      blocker.countDown();
      assertThat(waited.get(5, TimeUnit.SECONDS))
          .isGreaterThanOrEqualTo(Duration.ofMillis(200).toNanos());

      final CompletableFuture<Long> after = new CompletableFuture<>();
      single.execute(() -> after.complete(DispatchTimes.waitedNanos(System.nanoTime())));
      assertThat(after.get(5, TimeUnit.SECONDS)).as("a task not handed over stamped").isZero();
      assertThat(DispatchTimes.waitedNanos(System.nanoTime())).isZero();
    } finally {
      single.shutdownNow();
    }
  }
}

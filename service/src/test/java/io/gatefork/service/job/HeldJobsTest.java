package io.gatefork.service.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.service.job.HeldJobs.Held;
import java.util.concurrent.CompletableFuture;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class HeldJobsTest {
  private final HeldJobs held = new HeldJobs(2);

  private static Held expiringAt(final long nanos) {
    return new Held(new UnsafeBuffer(new byte[0]), new CompletableFuture<>(), nanos);
  }

  @Test
  void aSweepTakesOnlyTheJobsWhoseHoldTimeoutPassedOldestFirst() {
    final Held first = expiringAt(100);
    final Held second = expiringAt(200);
    held.add(first);
    held.add(second);

    assertThat(held.takeExpired(99)).isEmpty();
    assertThat(held.takeExpired(150)).containsExactly(first);
    assertThat(held.takeExpired(150)).isEmpty();
    assertThat(held.takeExpired(200)).containsExactly(second);
    assertThat(held.isEmpty()).isTrue();
  }

  @Test
  void holdsNoMoreThanItsMaximumAndNothingOnceClosed() {
    assertThat(held.add(expiringAt(1))).isTrue();
    assertThat(held.add(expiringAt(2))).isTrue();
    assertThat(held.add(expiringAt(3))).as("full").isFalse();

    assertThat(held.close()).hasSize(2);

    assertThat(held.add(expiringAt(4))).as("closed").isFalse();
    assertThat(held.isEmpty()).isTrue();
  }
}

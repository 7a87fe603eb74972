package io.gatefork.gateway.rest.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ConnectionAgesTest {
  private static final Duration MAX_AGE = Duration.ofMillis(300);

  @Test
  void aConnectionReachesTheAgeNotBeforeItAndAtMostATenthAfter() throws InterruptedException {
    final var ages = new ConnectionAges(MAX_AGE);
    final long firstSeen = System.nanoTime();

    boolean reached = ages.reached(7);
    while (!reached) {
      final long elapsed = System.nanoTime() - firstSeen;
      reached = ages.reached(7);
      if (!reached) {
        assertThat(Duration.ofNanos(elapsed)).isLessThan(MAX_AGE.multipliedBy(2));
      } else {
        assertThat(Duration.ofNanos(System.nanoTime() - firstSeen)).isGreaterThanOrEqualTo(MAX_AGE);
      }
      Thread.sleep(5);
    }
  }

  @Test
  void aConnectionAcceptedBeforeANewerOneSeenCountsAsAtLeastAsOld() throws InterruptedException {
    final var ages = new ConnectionAges(MAX_AGE);
    ages.reached(9);
    Thread.sleep(MAX_AGE.toMillis() / 2);

    // 8 was accepted before 9: its first request now finds it as old as 9
    assertThat(ages.reached(8)).isFalse();
    Thread.sleep(MAX_AGE.toMillis() * 3 / 4);

    assertThat(ages.reached(8)).isTrue();
    assertThat(ages.reached(9)).isTrue();
  }

  @Test
  void newerConnectionsAreYoung() throws InterruptedException {
    final var ages = new ConnectionAges(MAX_AGE);
    ages.reached(1);
    Thread.sleep(MAX_AGE.toMillis() * 2);

    assertThat(ages.reached(2)).isFalse();
    assertThat(ages.reached(1)).isTrue();
    Thread.sleep(MAX_AGE.toMillis() + MAX_AGE.toMillis() / 5);
    assertThat(ages.reached(2)).isTrue();
  }

  @Test
  void refusesAnAgeOfZero() {
    assertThatThrownBy(() -> new ConnectionAges(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class);
  }
}

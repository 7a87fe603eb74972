package io.gatefork.gateway.rest.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ConnectionAgesTest {
  private static final Duration MAX_AGE = Duration.ofMinutes(5);
  private static final Duration FORGET_AFTER = Duration.ofMinutes(11);

  private final AtomicLong nanos = new AtomicLong(1_000);
  private final Ticker clock = nanos::get;
  private static final int MAX_ENTRIES = 100;

  private final ConnectionAges ages = new ConnectionAges(MAX_AGE, FORGET_AFTER, MAX_ENTRIES, clock);

  private void pass(final Duration time) {
    nanos.addAndGet(time.toNanos());
  }

  @Test
  void aConnectionReachesTheAgeExactlyThatLongAfterItsFirstRequest() {
    assertThat(ages.reached("7")).isFalse();
    pass(MAX_AGE.minusNanos(1));
    assertThat(ages.reached("7")).isFalse();
    pass(Duration.ofNanos(1));
    assertThat(ages.reached("7")).isTrue();
  }

  @Test
  void idsAreOnlyToldApartNotOrdered() {
    ages.reached("ff");
    pass(MAX_AGE.dividedBy(2));
    // an id that would sort or count lower says nothing about its age
    assertThat(ages.reached("1")).isFalse();
    pass(MAX_AGE.dividedBy(2));
    assertThat(ages.reached("ff")).isTrue();
    assertThat(ages.reached("1")).isFalse();
    pass(MAX_AGE.dividedBy(2));
    assertThat(ages.reached("1")).isTrue();
  }

  @Test
  void aConnectionIdleLongerThanTheServerKeepsOneIsForgotten() {
    ages.reached("a");
    pass(FORGET_AFTER.plusSeconds(1));
    assertThat(ages.reached("a")).as("seen again: a new connection").isFalse();
  }

  @Test
  void requestsKeepAConnectionRemembered() {
    ages.reached("a");
    for (int i = 0; i < 4; i++) {
      pass(FORGET_AFTER.dividedBy(2));
      ages.reached("a");
    }
    assertThat(ages.reached("a")).isTrue();
  }

  @Test
  void manyConnectionsWithinTheForgetTimeAreRememberedUpToTheBound() {
    // connections opened and closed faster than they are forgotten
    for (int i = 0; i < 10_000; i++) {
      ages.reached(Integer.toString(i));
    }
    assertThat(ages.size()).isLessThanOrEqualTo(MAX_ENTRIES);
  }

  @Test
  void refusesAnAgeOfZero() {
    assertThatThrownBy(() -> new ConnectionAges(Duration.ZERO, FORGET_AFTER, MAX_ENTRIES))
        .isInstanceOf(IllegalArgumentException.class);
  }
}

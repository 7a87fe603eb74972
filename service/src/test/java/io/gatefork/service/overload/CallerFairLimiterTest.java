package io.gatefork.service.overload;

import static org.assertj.core.api.Assertions.assertThat;

import com.netflix.concurrency.limits.Limiter.Listener;
import com.netflix.concurrency.limits.limit.FixedLimit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class CallerFairLimiterTest {
  private final AtomicLong now = new AtomicLong(1);
  private final CallerFairLimiter limiter =
      CallerFairLimiter.newBuilder().limit(FixedLimit.of(10)).nanoClock(now::get).build();

  @Test
  void aLoneCallerHasTheWholeLimitAndNoMore() {
    assertThat(acquire("a", 10)).hasSize(10);
    assertThat(limiter.acquire("a")).isEmpty();
    assertThat(limiter.getInflight()).isEqualTo(10);
  }

  @Test
  void aFloodingCallerTakesWhatOthersLeaveNeverTheirPart() {
    acquire("polite", 1);
    final List<Listener> flood = acquire("flood", 9);
    sweepLater("flood");
    assertThat(limiter.acquire("flood")).as("at the limit, above the average").isEmpty();
    assertThat(limiter.activeCallers()).isEqualTo(2);

    // the polite caller keeps getting in while it has fewer in flight than the average caller
    final List<Listener> polite = acquire("polite", 3);
    assertThat(polite).hasSize(3);
    assertThat(limiter.getInflight()).isEqualTo(13);
    assertThat(limiter.acquire("flood")).isEmpty();

    // places the flood gives back go to whoever asks while below the limit
    flood.forEach(Listener::onSuccess);
    assertThat(acquire("flood", 6)).hasSize(6);
    assertThat(limiter.acquire("flood")).isEmpty();
  }

  @Test
  void aCallerThatSendsLessThanTheOthersGetsInThoughItHasAsManyInFlight() {
    acquire("polite", 1);
    acquire("flood", 1);
    sweepLater("flood"); // both known
    acquire("polite", 4);
    assertThat(acquire("flood", 15)).as("the flood resends its shed requests").hasSize(4);
    sweepLater("flood");
    assertThat(limiter.acquire("flood")).isEmpty();
    assertThat(limiter.acquire("polite"))
        .as("5 in flight each, but the polite caller sent 4 requests, the flood 16")
        .isPresent();
  }

  @Test
  void aCallerNewBesideAFloodIsAdmittedBeforeTheNextSweep() {
    acquire("flood", 12);
    sweepLater("flood");
    assertThat(limiter.activeCallers()).isEqualTo(1);
    assertThat(limiter.acquire("flood")).isEmpty();

    assertThat(limiter.acquire("new")).as("active at once, nothing sent yet").isPresent();
    assertThat(limiter.activeCallers()).isEqualTo(2);
  }

  @Test
  void callersBelowTheAverageNeverTakeTheGatewayBeyondTwiceTheLimit() {
    for (int i = 0; i < 30; i++) {
      limiter.acquire("c" + i);
    }
    acquire("c0", 5); // the others sent less than the average
    sweepLater("c0");
    for (int round = 0; round < 5; round++) {
      for (int i = 0; i < 30; i++) {
        limiter.acquire("c" + i);
      }
    }
    assertThat(limiter.getInflight()).isEqualTo(20);
  }

  @Test
  void idleCallersAreForgottenAtTheNextSweep() {
    now.addAndGet(Duration.ofMillis(600).toNanos());
    acquire("a", 1).forEach(Listener::onSuccess);
    acquire("b", 1);
    now.addAndGet(Duration.ofMillis(1100).toNanos());
    limiter.acquire("b").ifPresent(Listener::onIgnore);
    assertThat(limiter.activeCallers()).isEqualTo(2);
    now.addAndGet(Duration.ofMillis(1500).toNanos());
    limiter.acquire("b").ifPresent(Listener::onIgnore);
    assertThat(limiter.activeCallers()).as("b has requests in flight, a is idle").isEqualTo(1);
  }

  @Test
  void withoutAKeyEveryRequestIsOneSharedCaller() {
    acquire(null, 10);
    sweepLater(null);
    assertThat(limiter.acquire(null)).isEmpty();
    assertThat(limiter.activeCallers()).isEqualTo(1);
  }

  @Test
  void withAMaximumAgeRequestsAreAdmittedWhileWhatIsInFlightIsYoungerThanItOnAverage() {
    final CallerFairLimiter aged = aged(1);
    final Listener oldest = aged.acquire("a").orElseThrow();
    now.addAndGet(Duration.ofMillis(60).toNanos());
    aged.acquire("a").orElseThrow(); // in flight: 60 ms
    now.addAndGet(Duration.ofMillis(60).toNanos());
    aged.acquire("a").orElseThrow(); // in flight: 120 and 60 ms, 90 on average
    now.addAndGet(Duration.ofMillis(60).toNanos());
    assertThat(aged.averageAge(now.get(), aged.getInflight()))
        .isEqualTo(Duration.ofMillis(120).toNanos());
    assertThat(aged.acquire("a")).as("180, 120, 60 ms: 120 on average").isEmpty();

    oldest.onSuccess();
    assertThat(aged.acquire("a")).as("120 and 60 ms: 90 on average").isPresent();
    assertThat(aged.getInflight()).isEqualTo(3);
  }

  @Test
  void aRequestThatWaitedLongerThanTheMaximumAgeBeforeItAskedIsLate() {
    final CallerFairLimiter aged = aged(1);
    aged.acquire("a").orElseThrow();
    assertThat(aged.acquire("a", Duration.ofMillis(150).toNanos())).isEmpty();
    assertThat(aged.acquire("a", Duration.ofMillis(50).toNanos())).isPresent();
  }

  @Test
  void aMaximumWaitBoundsTheWaitBeforeAdmissionApartFromTheAge() {
    final CallerFairLimiter aged = aged(1, Duration.ofMillis(40));
    aged.acquire("a").orElseThrow();
    now.addAndGet(Duration.ofMillis(80).toNanos());
    assertThat(aged.acquire("a", Duration.ofMillis(50).toNanos()))
        .as("waited 50 ms, above the maximum wait, though younger than the maximum age")
        .isEmpty();
    assertThat(aged.acquire("a", Duration.ofMillis(30).toNanos()))
        .as("waited 30 ms, the one in flight 80 ms old")
        .isPresent();
    now.addAndGet(Duration.ofMillis(100).toNanos());
    assertThat(aged.acquire("a")).as("waited nothing, but those in flight are old").isEmpty();
  }

  @Test
  void belowTheMinimumInFlightAgeDoesNotMatter() {
    final CallerFairLimiter aged = aged(2);
    aged.acquire("a").orElseThrow();
    now.addAndGet(Duration.ofSeconds(5).toNanos());
    assertThat(aged.acquire("a")).as("one in flight, the minimum is two").isPresent();
    assertThat(aged.acquire("a")).isEmpty();
  }

  @Test
  void aCallerBelowTheAverageIsAdmittedWhileItsOwnRequestsAreYoungerThanTwiceTheMaximumAge() {
    final CallerFairLimiter aged = aged(1);
    aged.acquire("polite").orElseThrow().onSuccess();
    now.addAndGet(Duration.ofMillis(900).toNanos());
    for (int i = 0; i < 4; i++) {
      aged.acquire("flood").orElseThrow();
    }
    now.addAndGet(Duration.ofMillis(150).toNanos());
    assertThat(aged.acquire("flood")).as("150 ms old, above the average").isEmpty();
    assertThat(aged.activeCallers()).isEqualTo(2);
    final Listener served = aged.acquire("polite").orElseThrow(); // below the average, none old
    now.addAndGet(Duration.ofMillis(100).toNanos());
    assertThat(aged.acquire("polite"))
        .as("the flood's requests are 250 ms old, the polite caller's one 100 ms")
        .isPresent();
    assertThat(aged.acquire("polite", Duration.ofMillis(250).toNanos()))
        .as("but not a request that waited 250 ms before it asked")
        .isEmpty();
    now.addAndGet(Duration.ofSeconds(1).toNanos());
    assertThat(aged.acquire("polite")).as("its own requests 1.1 and 1 s old").isEmpty();
    served.onSuccess();
    assertThat(aged.acquire("flood")).as("the flood's are older still").isEmpty();
  }

  @Test
  void atItsCpuQuotaWhileClientsOpenConnectionsItAdmitsFewer() {
    final AtomicLong cpu = new AtomicLong();
    final AtomicLong accepted = new AtomicLong();
    final CpuHeadroom headroom =
        new CpuHeadroom(
            () -> Optional.of(new CpuQuota.Quota(0.1, Duration.ofMillis(100))),
            cpu::get,
            accepted::get,
            0.97,
            2,
            100,
            now.get());
    final CallerFairLimiter aged =
        CallerFairLimiter.newBuilder()
            .limit(FixedLimit.of(100))
            .nanoClock(now::get)
            .maxAge(Duration.ofMillis(100), 2)
            .cpuHeadroom(headroom)
            .build();
    final List<Listener> inFlight = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      inFlight.add(aged.acquire("a").orElseThrow());
    }
    final long late = Duration.ofMillis(150).toNanos();
    for (int second = 0; second < 2; second++) {
      now.addAndGet(Duration.ofSeconds(1).toNanos());
      cpu.addAndGet(Duration.ofMillis(100).toNanos());
      accepted.incrementAndGet();
      for (int i = 0; i < 5; i++) {
        assertThat(aged.acquire("a", late)).isEmpty();
      }
    }
    assertThat(aged.effectiveLimit()).as("nine tenths of the 10 in flight").isEqualTo(9);
    assertThat(aged.cpuUsed()).isEqualTo(1.0);

    inFlight.forEach(Listener::onSuccess);
    for (int i = 0; i < 9; i++) {
      aged.acquire("a").orElseThrow();
    }
    assertThat(aged.acquire("a")).as("young, but 9 in flight").isEmpty();
  }

  /**
   * A limit of 100 in flight, younger than 100 ms on average, whatever the age below {@code min}.
   */
  private CallerFairLimiter aged(final int min) {
    return aged(min, Duration.ZERO);
  }

  /** As {@link #aged(int)}, and a request that waited longer than {@code maxWait} is late. */
  private CallerFairLimiter aged(final int min, final Duration maxWait) {
    return CallerFairLimiter.newBuilder()
        .limit(FixedLimit.of(100))
        .nanoClock(now::get)
        .maxAge(Duration.ofMillis(100), min)
        .maxWait(maxWait)
        .build();
  }

  /** Moves to the next sweep of the callers' table, which a request of {@code caller} runs. */
  private void sweepLater(final String caller) {
    now.addAndGet(Duration.ofMillis(1000).toNanos());
    limiter.acquire(caller).ifPresent(Listener::onIgnore);
  }

  private List<Listener> acquire(final String caller, final int count) {
    final List<Listener> admitted = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      final Optional<Listener> listener = limiter.acquire(caller);
      listener.ifPresent(admitted::add);
    }
    return admitted;
  }
}

package io.gatefork.service.overload;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.service.overload.CpuQuota.Quota;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class CpuHeadroomTest {
  private static final long SECOND = Duration.ofSeconds(1).toNanos();

  /** 0.1 CPU per 100 ms: a sample each second. */
  private final AtomicReference<Optional<Quota>> quota =
      new AtomicReference<>(Optional.of(new Quota(0.1, Duration.ofMillis(100))));

  private final AtomicLong now = new AtomicLong(SECOND);
  private final AtomicLong cpu = new AtomicLong();
  private final AtomicLong shed = new AtomicLong();
  private final AtomicLong accepted = new AtomicLong();
  private final CpuHeadroom headroom =
      new CpuHeadroom(quota::get, cpu::get, accepted::get, 0.97, 20, 1000, now.get());

  @Test
  void aGatewayAtItsQuotaThatShedsAdmitsFewerEachSampleDownToTheFloor() {
    sample(0, 0, 200); // the first sample only records where it starts
    assertThat(headroom.cap()).isEqualTo(1000);

    sample(0.1, 500, 200);
    assertThat(headroom.used()).isEqualTo(1.0);
    assertThat(headroom.cap()).as("nine tenths of what is in flight").isEqualTo(180);
    sample(0.1, 500, 300);
    assertThat(headroom.cap()).as("of the cap, when more are in flight").isEqualTo(162);
    for (int i = 0; i < 30; i++) {
      sample(0.099, 500, 150);
    }
    assertThat(headroom.cap()).isEqualTo(20);
  }

  @Test
  void belowTheTargetTheCapHoldsThenGrowsAndWithoutShedsItIsLifted() {
    sample(0, 0, 100);
    sample(0.1, 500, 100);
    assertThat(headroom.cap()).isEqualTo(90);

    sample(0.095, 500, 100);
    assertThat(headroom.cap()).as("0.95: between the target and 0.07 below it").isEqualTo(90);
    sample(0.089, 500, 100);
    assertThat(headroom.cap()).as("0.89: a tenth more").isEqualTo(99);
    sample(0.1, 0, 100);
    assertThat(headroom.cap()).as("at the quota, but nothing shed").isEqualTo(1000);
  }

  @Test
  void atItsQuotaWhileClientsKeepTheirConnectionsTheCapGrows() {
    sample(0, 0, 100);
    sample(0.1, 500, 100);
    assertThat(headroom.cap()).isEqualTo(90);

    // a closed loop that resends every shed answer at once on its connections
    sample(0.1, 500, 0, 100);
    assertThat(headroom.cap()).as("no connection accepted: a tenth more").isEqualTo(99);
    sample(0.1, 500, 24, 100);
    assertThat(headroom.cap()).as("one accept per 21 shed: a tenth more").isEqualTo(108);
    sample(0.1, 500, 25, 100);
    assertThat(headroom.cap()).as("one per twenty: behind").isEqualTo(90);
  }

  @Test
  void atItsQuotaWithoutShedsNothingIsCapped() {
    sample(0, 0, 100);
    sample(0.1, 0, 100);
    assertThat(headroom.cap()).isEqualTo(1000);
  }

  @Test
  void withoutAQuotaThereIsNoCap() {
    sample(0, 0, 100);
    sample(0.1, 500, 100);
    assertThat(headroom.cap()).isEqualTo(90);

    quota.set(Optional.empty());
    sample(0.1, 500, 100);
    assertThat(headroom.cap()).isEqualTo(1000);
    assertThat(headroom.used()).isNaN();
  }

  @Test
  void samplesAtMostOncePerTenPeriods() {
    sample(0, 0, 100);
    cpu.addAndGet(SECOND / 10);
    shed.addAndGet(500);
    accepted.addAndGet(25);
    now.addAndGet(SECOND / 2);
    headroom.sampleIfDue(now.get(), 100, shed::get);
    assertThat(headroom.cap()).as("half a second: not due").isEqualTo(1000);
    now.addAndGet(SECOND / 2);
    headroom.sampleIfDue(now.get(), 100, shed::get);
    assertThat(headroom.cap()).isEqualTo(90);
  }

  /**
   * A second later: the process used {@code cores} of CPU, shed {@code shedding} requests and
   * accepted a connection per ten of them.
   */
  private void sample(final double cores, final long shedding, final int inFlight) {
    sample(cores, shedding, shedding / 10, inFlight);
  }

  private void sample(
      final double cores, final long shedding, final long connections, final int inFlight) {
    now.addAndGet(SECOND);
    cpu.addAndGet((long) (cores * SECOND));
    shed.addAndGet(shedding);
    accepted.addAndGet(connections);
    headroom.sampleIfDue(now.get(), inFlight, shed::get);
  }
}

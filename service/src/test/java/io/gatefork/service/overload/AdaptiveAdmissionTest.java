package io.gatefork.service.overload;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.service.overload.Admission.Permit;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class AdaptiveAdmissionTest {
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  /** A limit of two that latency cannot move: what is counted and what is shed, exactly. */
  private final AdaptiveAdmission admission =
      new AdaptiveAdmission(
          new OverloadConfig(
              LimitAlgorithm.GRADIENT2, 2, 2, 2, Duration.ofSeconds(1), Duration.ZERO),
          registry);

  @Test
  void limitedOperationsCountUntilTheLimitThenAreShedAndCounted() {
    final Permit first = admission.admit("rest", "create-process-instance");
    final Permit second = admission.admit("grpc", "publish-message");
    assertThat(first).isNotNull();
    assertThat(second).isNotNull();
    assertThat(admission.inFlight()).isEqualTo(2);

    assertThat(admission.admit("rest", "create-process-instance")).isNull();
    assertThat(admission.admit("rest", "create-process-instance")).isNull();
    assertThat(admission.admit("grpc", "create-process-instance")).isNull();
    assertThat(shed("rest", "create-process-instance")).isEqualTo(2);
    assertThat(shed("grpc", "create-process-instance")).isEqualTo(1);

    first.answered();
    assertThat(admission.inFlight()).isEqualTo(1);
    assertThat(admission.admit("rest", "create-process-instance")).isNotNull();
  }

  @Test
  void whatFreesTheClusterWaitsOrStaysInTheGatewayIsNeverShedNorCounted() {
    admission.admit("rest", "create-process-instance");
    admission.admit("rest", "create-process-instance");
    for (final String operation :
        new String[] {
          "complete-job",
          "fail-job",
          "cancel-process-instance",
          "deploy-resources",
          "deploy-process",
          "activate-jobs",
          "stream-activated-jobs",
          "topology"
        }) {
      assertThat(admission.admit("rest", operation)).as(operation).isSameAs(Permit.NONE);
    }
    assertThat(admission.inFlight()).isEqualTo(2);
  }

  @Test
  void awaitingAnInstanceIsShedAtTheLimitButDoesNotCountWhileItWaits() {
    assertThat(admission.admit("grpc", "create-process-instance-with-result"))
        .isSameAs(Permit.NONE);
    assertThat(admission.inFlight()).isZero();

    admission.admit("rest", "create-process-instance");
    admission.admit("rest", "create-process-instance");
    assertThat(admission.admit("grpc", "create-process-instance-with-result")).isNull();
  }

  @Test
  void everyWayOfGivingAPermitBackFreesItsPlace() {
    admission.admit("rest", "a").answered();
    admission.admit("rest", "b").overloaded();
    admission.admit("rest", "c").ignored();
    assertThat(admission.inFlight()).isZero();
    assertThat(registry.get(AdaptiveAdmission.LIMIT_METER).gauge().value()).isEqualTo(2);
    assertThat(registry.get(AdaptiveAdmission.IN_FLIGHT_METER).gauge().value()).isZero();
  }

  /**
   * A cold gateway answers a burst slowly. With a window, AIMD learns one sample per window (at
   * most a second long while answers are this slow), so a burst answered over 1.3 s cuts the limit
   * by a tenth once; without, once per answer, which takes it from 1000 to its minimum, 20.
   */
  @Test
  void aBurstOfSlowAnswersCutsTheLimitOncePerWindowNotOncePerAnswer() {
    assertThat(limitAfterSlowBurst(Duration.ofMillis(100))).isEqualTo(900);
    assertThat(limitAfterSlowBurst(Duration.ZERO)).isEqualTo(20);
  }

  private static int limitAfterSlowBurst(final Duration window) {
    final AtomicLong now = new AtomicLong(1);
    final AdaptiveAdmission aimd =
        new AdaptiveAdmission(
            new OverloadConfig(LimitAlgorithm.AIMD, 1000, 20, 1000, Duration.ofMillis(250), window),
            new SimpleMeterRegistry(),
            now::get);
    final List<Permit> burst = new ArrayList<>();
    for (int i = 0; i < 64; i++) {
      burst.add(aimd.admit("grpc", "create-process-instance"));
    }
    now.addAndGet(Duration.ofSeconds(2).toNanos());
    for (final Permit permit : burst) {
      permit.answered();
      now.addAndGet(Duration.ofMillis(20).toNanos());
    }
    return aimd.limit();
  }

  private double shed(final String api, final String operation) {
    return registry
        .get(AdaptiveAdmission.SHED_METER)
        .tag("api", api)
        .tag("operation", operation)
        .counter()
        .count();
  }
}

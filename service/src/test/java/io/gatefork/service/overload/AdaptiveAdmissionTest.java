package io.gatefork.service.overload;

import static io.gatefork.service.operation.Api.GRPC;
import static io.gatefork.service.operation.Api.REST;
import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.service.operation.Api;
import io.gatefork.service.operation.Operation;
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
              LimitAlgorithm.GRADIENT2,
              2,
              2,
              2,
              Duration.ofSeconds(1),
              Duration.ZERO,
              Duration.ZERO,
              CallerPartition.NONE,
              0),
          registry);

  @Test
  void limitedOperationsCountUntilTheLimitThenAreShedAndCounted() {
    final Permit first = admission.admit(REST, Operation.CREATE_PROCESS_INSTANCE);
    final Permit second = admission.admit(GRPC, Operation.PUBLISH_MESSAGE);
    assertThat(first).isNotNull();
    assertThat(second).isNotNull();
    assertThat(admission.inFlight()).isEqualTo(2);

    assertThat(admission.admit(REST, Operation.CREATE_PROCESS_INSTANCE)).isNull();
    assertThat(admission.admit(REST, Operation.CREATE_PROCESS_INSTANCE)).isNull();
    assertThat(admission.admit(GRPC, Operation.CREATE_PROCESS_INSTANCE)).isNull();
    assertThat(shed(REST, Operation.CREATE_PROCESS_INSTANCE)).isEqualTo(2);
    assertThat(shed(GRPC, Operation.CREATE_PROCESS_INSTANCE)).isEqualTo(1);

    first.answered();
    assertThat(admission.inFlight()).isEqualTo(1);
    assertThat(admission.admit(REST, Operation.CREATE_PROCESS_INSTANCE)).isNotNull();
  }

  @Test
  void whatFreesTheClusterWaitsOrStaysInTheGatewayIsNeverShedNorCounted() {
    admission.admit(REST, Operation.CREATE_PROCESS_INSTANCE);
    admission.admit(REST, Operation.CREATE_PROCESS_INSTANCE);
    for (final Operation operation :
        new Operation[] {
          Operation.COMPLETE_JOB,
          Operation.FAIL_JOB,
          Operation.CANCEL_PROCESS_INSTANCE,
          Operation.DEPLOY_RESOURCES,
          Operation.DEPLOY_PROCESS,
          Operation.ACTIVATE_JOBS,
          Operation.STREAM_ACTIVATED_JOBS,
          Operation.TOPOLOGY
        }) {
      assertThat(admission.admit(REST, operation)).as(operation.tag()).isSameAs(Permit.NONE);
    }
    assertThat(admission.inFlight()).isEqualTo(2);
  }

  @Test
  void awaitingAnInstanceIsShedAtTheLimitButDoesNotCountWhileItWaits() {
    assertThat(admission.admit(GRPC, Operation.CREATE_PROCESS_INSTANCE_WITH_RESULT))
        .isSameAs(Permit.NONE);
    assertThat(admission.inFlight()).isZero();

    admission.admit(REST, Operation.CREATE_PROCESS_INSTANCE);
    admission.admit(REST, Operation.CREATE_PROCESS_INSTANCE);
    assertThat(admission.admit(GRPC, Operation.CREATE_PROCESS_INSTANCE_WITH_RESULT)).isNull();
  }

  @Test
  void everyWayOfGivingAPermitBackFreesItsPlace() {
    admission.admit(REST, Operation.CREATE_PROCESS_INSTANCE).answered();
    admission.admit(REST, Operation.PUBLISH_MESSAGE).overloaded();
    admission.admit(REST, Operation.SET_VARIABLES).ignored();
    assertThat(admission.inFlight()).isZero();
    assertThat(registry.get(AdaptiveAdmission.LIMIT_METER).gauge().value()).isEqualTo(2);
    assertThat(registry.get(AdaptiveAdmission.IN_FLIGHT_METER).gauge().value()).isZero();
  }

  /**
   * A cold gateway answers a burst slowly. With a window, the limit learns one sample per window
   * (at most a second long while answers are this slow), so a burst answered over 1.3 s cuts it
   * once: AIMD by a tenth, the target-latency limit by half at most; without, once per answer,
   * which takes either from 1000 to its minimum, 20.
   */
  /**
   * The configured wait threshold reaches the age limit: past it a request is shed however young
   * those in flight are; zero leaves the wait to the latency threshold.
   */
  @Test
  void aRequestThatWaitedPastTheWaitThresholdIsShedAndZeroMeansTheLatencyThreshold() {
    final long waited = Duration.ofMillis(200).toNanos();
    final AdaptiveAdmission bounded = ageLimited(Duration.ofMillis(100));
    assertThat(bounded.admit(REST, Operation.CREATE_PROCESS_INSTANCE, "a", 0)).isNotNull();
    assertThat(bounded.admit(REST, Operation.CREATE_PROCESS_INSTANCE, "a", waited)).isNull();
    assertThat(bounded.admit(REST, Operation.CREATE_PROCESS_INSTANCE, "a", waited / 4)).isNotNull();

    final AdaptiveAdmission unset = ageLimited(Duration.ZERO);
    assertThat(unset.admit(REST, Operation.CREATE_PROCESS_INSTANCE, "a", 0)).isNotNull();
    assertThat(unset.admit(REST, Operation.CREATE_PROCESS_INSTANCE, "a", waited)).isNotNull();
  }

  /** The age limit: 10 in flight, those younger than an hour, one in flight whatever its age. */
  private static AdaptiveAdmission ageLimited(final Duration waitThreshold) {
    return new AdaptiveAdmission(
        new OverloadConfig(
            LimitAlgorithm.AGE,
            10,
            1,
            10,
            Duration.ofHours(1),
            waitThreshold,
            Duration.ZERO,
            CallerPartition.NONE,
            0),
        new SimpleMeterRegistry());
  }

  @Test
  void aBurstOfSlowAnswersCutsTheLimitOncePerWindowNotOncePerAnswer() {
    assertThat(limitAfterSlowBurst(LimitAlgorithm.AIMD, Duration.ofMillis(100))).isEqualTo(900);
    assertThat(limitAfterSlowBurst(LimitAlgorithm.AIMD, Duration.ZERO)).isEqualTo(20);
  }

  private static int limitAfterSlowBurst(final LimitAlgorithm algorithm, final Duration window) {
    final AtomicLong now = new AtomicLong(1);
    final AdaptiveAdmission admission =
        new AdaptiveAdmission(
            new OverloadConfig(
                algorithm,
                1000,
                20,
                1000,
                Duration.ofMillis(250),
                Duration.ZERO,
                window,
                CallerPartition.NONE,
                0),
            new SimpleMeterRegistry(),
            now::get);
    final List<Permit> burst = new ArrayList<>();
    for (int i = 0; i < 64; i++) {
      burst.add(admission.admit(GRPC, Operation.CREATE_PROCESS_INSTANCE));
    }
    now.addAndGet(Duration.ofSeconds(2).toNanos());
    for (final Permit permit : burst) {
      permit.answered();
      now.addAndGet(Duration.ofMillis(20).toNanos());
    }
    return admission.limit();
  }

  private double shed(final Api api, final Operation operation) {
    return registry
        .get(AdaptiveAdmission.SHED_METER)
        .tag("api", api.tag())
        .tag("operation", operation.tag())
        .counter()
        .count();
  }
}

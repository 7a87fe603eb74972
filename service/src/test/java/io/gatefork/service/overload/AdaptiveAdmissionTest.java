package io.gatefork.service.overload;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.service.overload.Admission.Permit;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class AdaptiveAdmissionTest {
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  /** A limit of two that latency cannot move: what is counted and what is shed, exactly. */
  private final AdaptiveAdmission admission =
      new AdaptiveAdmission(
          new OverloadConfig(LimitAlgorithm.GRADIENT2, 2, 2, 2, Duration.ofSeconds(1)), registry);

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

  private double shed(final String api, final String operation) {
    return registry
        .get(AdaptiveAdmission.SHED_METER)
        .tag("api", api)
        .tag("operation", operation)
        .counter()
        .count();
  }
}

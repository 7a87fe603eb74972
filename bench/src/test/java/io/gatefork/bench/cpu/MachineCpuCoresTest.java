package io.gatefork.bench.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class MachineCpuCoresTest {
  private static final String BEFORE =
      """
      cpu  300 0 100 1600 0 0 0 0 0 0
      cpu0 200 0 50 750 0 0 0 0 0 0
      cpu1 100 0 50 850 0 0 0 0 0 0
      intr 1
      """;
  private static final String AFTER =
      """
      cpu  480 0 120 1800 0 0 0 0 0 0
      cpu0 380 0 60 760 0 0 0 0 0 0
      cpu1 100 0 60 1040 0 0 0 0 0 0
      intr 2
      """;

  @Test
  void theBrokerSideIsReadFromItsOwnCoresNotTheWholeMachine() {
    final var load =
        MachineCpu.parse(AFTER, List.of(0)).busyPctSince(MachineCpu.parse(BEFORE, List.of(0)));
    // cpu0: 190 busy of 200 ticks; the machine as a whole was 200 of 400
    assertThat(load).isEqualTo(95.0);
    assertThat(MachineCpu.parse(AFTER, List.of()).busyPctSince(MachineCpu.parse(BEFORE, List.of())))
        .isEqualTo(50.0);
  }

  @Test
  void aCoreMissingFromProcStatIsAnError() {
    assertThatThrownBy(() -> MachineCpu.parse(AFTER, List.of(0, 5)))
        .hasMessageContaining("lacks some of the CPUs");
  }
}

package io.gatefork.bench.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CgroupCpuStatTest {
  private static final String V2 =
      """
      usage_usec 2500000
      user_usec 2000000
      system_usec 500000
      core_sched.force_idle_usec 0
      nr_periods 100
      nr_throttled 25
      throttled_usec 400000
      nr_bursts 0
      burst_usec 0
      """;

  private static final String V1 =
      """
      nr_periods 200
      nr_throttled 50
      throttled_time 900000000
      nr_bursts 0
      burst_time 0
      """;

  @Test
  void cgroupV2CountsMicrosecondsOfUsageAndThrottling() {
    final var sample = CgroupCpuStat.parseV2(V2, 0);
    assertThat(sample.usageNanos()).isEqualTo(2_500_000_000L);
    assertThat(sample.periods()).isEqualTo(100);
    assertThat(sample.throttledPeriods()).isEqualTo(25);
    assertThat(sample.throttledNanos()).isEqualTo(400_000_000L);
  }

  @Test
  void cgroupV1TakesUsageFromCpuacctAndThrottledTimeInNanoseconds() {
    final var sample = CgroupCpuStat.parseV1(V1, "123456789\n", 0);
    assertThat(sample.usageNanos()).isEqualTo(123_456_789L);
    assertThat(sample.periods()).isEqualTo(200);
    assertThat(sample.throttledPeriods()).isEqualTo(50);
    assertThat(sample.throttledNanos()).isEqualTo(900_000_000L);
  }

  @Test
  void aV2FileWithoutUsageIsRejected() {
    assertThatThrownBy(() -> CgroupCpuStat.parseV2("nr_periods 1\n", 0))
        .hasMessageContaining("usage_usec");
  }

  @Test
  void theDeltaOfTwoSamplesGivesCoresAndTheThrottledShare() {
    final var before = new CpuSample(1_000_000_000L, 100, 10, 100_000_000L, 0);
    // 10 s later: 15 more CPU seconds, 100 more periods of which 40 throttled
    final var after = new CpuSample(16_000_000_000L, 200, 50, 2_100_000_000L, 10_000_000_000L);
    final var delta = after.since(before);
    assertThat(delta.coresUsed()).isCloseTo(1.5, within(1e-9));
    assertThat(delta.periods()).isEqualTo(100);
    assertThat(delta.throttledPeriods()).isEqualTo(40);
    assertThat(delta.throttledPct()).isCloseTo(40.0, within(1e-9));
    assertThat(delta.throttledSeconds()).isCloseTo(2.0, within(1e-9));
  }

  @Test
  void noPeriodsMeansNothingThrottled() {
    final var sample = new CpuSample(0, 0, 0, 0, 0);
    assertThat(new CpuSample(5, 0, 0, 0, 1_000).since(sample).throttledPct()).isZero();
  }

  @Test
  void locatesACgroupV1ContainerFromItsProcessCgroupFile(@TempDir final Path dir)
      throws IOException {
    final Path cgroup = dir.resolve("cgroup");
    final Path proc = dir.resolve("proc");
    write(
        proc.resolve("42/cgroup"),
        """
        9:name=systemd:/docker/abc
        4:memory:/docker/abc
        2:cpuacct:/docker/abc
        1:cpu:/docker/abc
        0::/docker/abc
        """);
    write(cgroup.resolve("cpu/docker/abc/cpu.stat"), V1);
    write(cgroup.resolve("cpuacct/docker/abc/cpuacct.usage"), "777\n");
    final var source = new CgroupLocator(cgroup, proc).locate("abc", 42).orElseThrow();
    assertThat(source.describe()).contains("cgroup v1");
    assertThat(source.sample().usageNanos()).isEqualTo(777);
    assertThat(source.sample().throttledPeriods()).isEqualTo(50);
  }

  @Test
  void locatesACgroupV2SystemdScopeByContainerId(@TempDir final Path dir) throws IOException {
    final Path cgroup = dir.resolve("cgroup");
    write(cgroup.resolve("system.slice/docker-abc.scope/cpu.stat"), V2);
    final var source =
        new CgroupLocator(cgroup, dir.resolve("proc")).locate("abc", -1).orElseThrow();
    assertThat(source.describe()).contains("cgroup v2");
    assertThat(source.sample().usageNanos()).isEqualTo(2_500_000_000L);
  }

  @Test
  void locatesACombinedCpuCpuacctV1Mount(@TempDir final Path dir) throws IOException {
    final Path cgroup = dir.resolve("cgroup");
    write(cgroup.resolve("cpu,cpuacct/docker/abc/cpu.stat"), V1);
    write(cgroup.resolve("cpu,cpuacct/docker/abc/cpuacct.usage"), "5\n");
    final var source =
        new CgroupLocator(cgroup, dir.resolve("proc")).locate("abc", -1).orElseThrow();
    assertThat(source.sample().usageNanos()).isEqualTo(5);
  }

  @Test
  void findsNothingForAnUnknownContainer(@TempDir final Path dir) {
    assertThat(new CgroupLocator(dir, dir).locate("nope", -1)).isEmpty();
  }

  @Test
  void machineCpuCountsIdleAndIowaitAsNotBusyAndIgnoresGuestTime() {
    final var before =
        MachineCpu.parse(
            """
        cpu  100 0 100 800 0 0 0 0 0 0
        cpu0 50 0 50 400 0 0 0 0 0 0
        """);
    final var after =
        MachineCpu.parse(
            """
        cpu  250 0 150 900 100 0 0 0 50 0
        intr 1 2 3
        """);
    assertThat(before.busy()).isEqualTo(200);
    assertThat(before.total()).isEqualTo(1000);
    // busy +200 of total +400
    assertThat(after.busyPctSince(before)).isCloseTo(50.0, within(1e-9));
  }

  private static void write(final Path file, final String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }
}

package io.gatefork.service.overload;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.service.overload.CpuQuota.Quota;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuQuotaTest {
  @TempDir Path root;

  @Test
  void cgroupV1QuotaOfTheProcessGroup() throws IOException {
    process(
        "4:memory:/pod\n2:cpuacct:/\n1:cpu:/gatefork-bench\n0::/\n",
        "35 24 0:30 / /sys/fs/cgroup/cpu rw,relatime shared:9 - cgroup cgroup rw,cpu\n"
            + "36 24 0:31 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct\n");
    write("sys/fs/cgroup/cpu/gatefork-bench/cpu.cfs_quota_us", "10000");
    write("sys/fs/cgroup/cpu/gatefork-bench/cpu.cfs_period_us", "100000");
    write("sys/fs/cgroup/cpu/cpu.cfs_quota_us", "-1");
    write("sys/fs/cgroup/cpu/cpu.cfs_period_us", "100000");

    assertThat(quota().read()).contains(new Quota(0.1, Duration.ofMillis(100)));
  }

  @Test
  void cgroupV1WithoutAQuota() throws IOException {
    process(
        "3:cpu,cpuacct:/\n",
        "35 24 0:30 / /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct\n");
    write("sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us", "-1");
    write("sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us", "100000");

    assertThat(quota().read()).isEmpty();
  }

  @Test
  void cgroupV2InAContainerThatSeesOnlyItsOwnGroup() throws IOException {
    // the path names a group of the host; the container's mount holds its own group at the top
    process(
        "0::/kubepods/burstable/pod1/abc\n",
        "30 25 0:26 /kubepods/burstable/pod1/abc /sys/fs/cgroup ro - cgroup2 cgroup2 rw\n");
    write("sys/fs/cgroup/cpu.max", "250000 100000");

    assertThat(quota().read()).contains(new Quota(2.5, Duration.ofMillis(100)));
  }

  @Test
  void cgroupV2WithoutAQuotaOrWithoutCgroups() throws IOException {
    process("0::/\n", "30 25 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n");
    write("sys/fs/cgroup/cpu.max", "max 100000");
    assertThat(quota().read()).isEmpty();

    assertThat(new CpuQuota(root.resolve("no-proc"), root).read()).isEmpty();
  }

  private CpuQuota quota() {
    return new CpuQuota(root.resolve("proc"), root);
  }

  private void process(final String cgroup, final String mountinfo) throws IOException {
    write("proc/cgroup", cgroup);
    write("proc/mountinfo", mountinfo);
  }

  private void write(final String path, final String content) throws IOException {
    final Path file = root.resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
  }
}

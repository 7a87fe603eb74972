package io.gatefork.bench.cpu;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds a container's CPU control group. First from {@code /proc/<pid>/cgroup} of its main process
 * (exact on any driver), then by the usual Docker layouts: cgroup v2 with systemd ({@code
 * system.slice/docker-<id>.scope}) or cgroupfs ({@code docker/<id>}), cgroup v1 ({@code
 * cpu/docker/<id>} plus {@code cpuacct/docker/<id>}). v1 wins over a hybrid host's v2 "unified"
 * tree because only v1's cpu controller carries the throttling counters there.
 */
public final class CgroupLocator {
  private final Path cgroupRoot;
  private final Path procRoot;

  public CgroupLocator(final Path cgroupRoot, final Path procRoot) {
    this.cgroupRoot = cgroupRoot;
    this.procRoot = procRoot;
  }

  public static CgroupLocator system() {
    return new CgroupLocator(Path.of("/sys/fs/cgroup"), Path.of("/proc"));
  }

  public Optional<CpuSource> locate(final String containerId, final long pid) {
    final List<String> v1Cpu = new ArrayList<>();
    final List<String> v1Cpuacct = new ArrayList<>();
    final List<String> v2 = new ArrayList<>();
    if (pid > 0) {
      for (final String line : readLines(procRoot.resolve(pid + "/cgroup"))) {
        final String[] parts = line.split(":", 3);
        if (parts.length < 3) {
          continue;
        }
        if (parts[0].equals("0") && parts[1].isEmpty()) {
          v2.add(parts[2]);
        }
        for (final String controller : parts[1].split(",")) {
          if (controller.equals("cpu")) {
            v1Cpu.add(parts[2]);
          } else if (controller.equals("cpuacct")) {
            v1Cpuacct.add(parts[2]);
          }
        }
      }
    }
    v1Cpu.add("/docker/" + containerId);
    v1Cpuacct.add("/docker/" + containerId);
    v1Cpu.add("/system.slice/docker-" + containerId + ".scope");
    v1Cpuacct.add("/system.slice/docker-" + containerId + ".scope");
    v2.add("/system.slice/docker-" + containerId + ".scope");
    v2.add("/docker/" + containerId);

    for (final String path : v1Cpu) {
      final Path cpuDir = firstExisting(path, "cpu", "cpu,cpuacct", "cpuacct,cpu");
      if (cpuDir == null) {
        continue;
      }
      for (final String acctPath : v1Cpuacct) {
        final Path acctDir = firstExisting(acctPath, "cpuacct", "cpu,cpuacct", "cpuacct,cpu");
        if (acctDir != null && Files.isReadable(acctDir.resolve("cpuacct.usage"))) {
          return Optional.of(new V1(cpuDir, acctDir));
        }
      }
    }
    for (final String path : v2) {
      final Path dir = resolve(cgroupRoot, path);
      if (Files.isReadable(dir.resolve("cpu.stat"))
          && readable(dir.resolve("cpu.stat")).contains("usage_usec")) {
        return Optional.of(new V2(dir));
      }
    }
    return Optional.empty();
  }

  private Path firstExisting(final String path, final String... mounts) {
    for (final String mount : mounts) {
      final Path dir = resolve(cgroupRoot.resolve(mount), path);
      if (Files.isReadable(dir.resolve("cpu.stat"))
          || Files.isReadable(dir.resolve("cpuacct.usage"))) {
        return dir;
      }
    }
    return null;
  }

  private static Path resolve(final Path root, final String cgroupPath) {
    final String relative = cgroupPath.startsWith("/") ? cgroupPath.substring(1) : cgroupPath;
    return relative.isEmpty() ? root : root.resolve(relative);
  }

  private static List<String> readLines(final Path file) {
    try {
      return Files.isReadable(file) ? Files.readAllLines(file) : List.of();
    } catch (final IOException e) {
      return List.of();
    }
  }

  static String readable(final Path file) {
    try {
      return Files.readString(file);
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  record V2(Path dir) implements CpuSource {
    @Override
    public CpuSample sample() {
      return CgroupCpuStat.parseV2(readable(dir.resolve("cpu.stat")), System.nanoTime());
    }

    @Override
    public String describe() {
      return "cgroup v2 " + dir;
    }

    @Override
    public boolean hasThrottling() {
      return true;
    }
  }

  record V1(Path cpuDir, Path cpuacctDir) implements CpuSource {
    @Override
    public CpuSample sample() {
      final String stat =
          Files.isReadable(cpuDir.resolve("cpu.stat")) ? readable(cpuDir.resolve("cpu.stat")) : "";
      return CgroupCpuStat.parseV1(
          stat, readable(cpuacctDir.resolve("cpuacct.usage")), System.nanoTime());
    }

    @Override
    public String describe() {
      return "cgroup v1 " + cpuDir + " + " + cpuacctDir.resolve("cpuacct.usage");
    }

    @Override
    public boolean hasThrottling() {
      return true;
    }
  }
}

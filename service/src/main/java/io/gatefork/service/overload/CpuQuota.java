package io.gatefork.service.overload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The CPU quota of the cgroup this process runs in, cgroup v1 ({@code cpu.cfs_quota_us} / {@code
 * cpu.cfs_period_us}) or v2 ({@code cpu.max}), as Kubernetes sets it from a container's CPU limit.
 * Read from {@code /proc/self/cgroup} and {@code /proc/self/mountinfo} each time it is asked, so a
 * process moved into another group, or a pod resized in place, is seen at the next reading.
 */
final class CpuQuota {
  /** A quota: {@code cores} of CPU time per wall-clock time, granted per {@code period}. */
  record Quota(double cores, Duration period) {}

  private final Path proc;
  private final Path root;

  /** The running process's quota. */
  static CpuQuota ofThisProcess() {
    return new CpuQuota(Path.of("/proc/self"), Path.of("/"));
  }

  /**
   * @param proc where {@code cgroup} and {@code mountinfo} of the process are
   * @param root what the mount points in {@code mountinfo} are relative to
   */
  CpuQuota(final Path proc, final Path root) {
    this.proc = proc;
    this.root = root;
  }

  /** The quota now; empty without one (no limit, no cgroup, not Linux). */
  Optional<Quota> read() {
    try {
      return read(
          Files.readAllLines(proc.resolve("cgroup")),
          Files.readAllLines(proc.resolve("mountinfo")));
    } catch (final IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private Optional<Quota> read(final List<String> cgroups, final List<String> mounts)
      throws IOException {
    for (final String line : cgroups) {
      // hierarchy-id:controllers:path; v2 is "0::path"
      final String[] parts = line.split(":", 3);
      if (parts.length == 3 && hasCpu(parts[1])) {
        final Path dir = directory(mounts, false, parts[2]);
        if (dir != null) {
          return v1(dir);
        }
      }
    }
    for (final String line : cgroups) {
      final String[] parts = line.split(":", 3);
      if (parts.length == 3 && "0".equals(parts[0]) && parts[1].isEmpty()) {
        final Path dir = directory(mounts, true, parts[2]);
        if (dir != null) {
          return v2(dir);
        }
      }
    }
    return Optional.empty();
  }

  private static boolean hasCpu(final String controllers) {
    for (final String controller : controllers.split(",")) {
      if ("cpu".equals(controller)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The group's directory: the mount of its hierarchy plus its path below the mount's root; the
   * mount itself where that does not exist (a container that sees only its own group).
   */
  private Path directory(final List<String> mounts, final boolean v2, final String path) {
    for (final String line : mounts) {
      // id parent major:minor root mount-point options [optional...] - type source super-options
      final int separator = line.indexOf(" - ");
      if (separator < 0) {
        continue;
      }
      final String[] fields = line.substring(0, separator).split(" ");
      final String[] tail = line.substring(separator + 3).split(" ");
      if (fields.length < 5 || tail.length < 1) {
        continue;
      }
      final boolean matches =
          v2
              ? "cgroup2".equals(tail[0])
              : "cgroup".equals(tail[0]) && tail.length >= 3 && hasCpu(tail[2]);
      if (!matches) {
        continue;
      }
      final Path mount = root.resolve(fields[4].substring(1));
      final String mountRoot = fields[3];
      if (path.startsWith(mountRoot)) {
        final String below = path.substring(mountRoot.length()).replaceFirst("^/+", "");
        final Path dir = mount.resolve(below);
        if (Files.isDirectory(dir)) {
          return dir;
        }
      }
      return mount;
    }
    return null;
  }

  private static Optional<Quota> v1(final Path dir) throws IOException {
    final long quota = Long.parseLong(Files.readString(dir.resolve("cpu.cfs_quota_us")).trim());
    final long period = Long.parseLong(Files.readString(dir.resolve("cpu.cfs_period_us")).trim());
    return quota(quota, period);
  }

  private static Optional<Quota> v2(final Path dir) throws IOException {
    final String[] max = Files.readString(dir.resolve("cpu.max")).trim().split(" ");
    if (max.length != 2 || "max".equals(max[0])) {
      return Optional.empty();
    }
    return quota(Long.parseLong(max[0]), Long.parseLong(max[1]));
  }

  private static Optional<Quota> quota(final long quotaMicros, final long periodMicros) {
    if (quotaMicros <= 0 || periodMicros <= 0) {
      return Optional.empty();
    }
    return Optional.of(
        new Quota((double) quotaMicros / periodMicros, Duration.ofNanos(periodMicros * 1000)));
  }
}

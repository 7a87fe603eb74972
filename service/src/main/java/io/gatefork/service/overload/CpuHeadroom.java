package io.gatefork.service.overload;

import io.gatefork.service.overload.CpuQuota.Quota;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * A cap on requests in flight that keeps a gateway at its CPU quota from falling behind on reading.
 *
 * <p>A gateway that uses its whole quota while it sheds may be behind on reading: every answer,
 * shed or not, costs CPU, the quota covers fewer answers than are asked for, and the rest wait — in
 * socket buffers, before Tomcat's poller runs, where no admission sees them — ever longer, until
 * clients time out. HTTP/1.1 clients meanwhile open a connection for each request they cannot put
 * on a busy one, and each costs the gateway an accept. Shedding requests after their wait does not
 * shorten it; only admitting fewer leaves the CPU to read and answer the rest. But a gateway at its
 * quota whose clients keep their connections — a closed loop that resends every shed answer at
 * once, a client with a bounded pool — is not behind: their connections bound what can wait, and a
 * cap would only turn served requests into more shed ones. So the sign of being behind is new
 * connections: once per sample (ten CFS periods, at least 250 ms), with the share of the quota the
 * process used since the last one,
 *
 * <ul>
 *   <li>nothing shed since: the cap is lifted;
 *   <li>at or above {@code target}, with at least one connection accepted per twenty requests shed:
 *       the cap becomes nine tenths of the most in flight since the last sample (not below {@code
 *       floor});
 *   <li>below {@code target} less 0.07, or fewer connections accepted: it grows by a tenth.
 * </ul>
 *
 * <p>Without a quota (none set, or not on Linux) there is nothing to stay under: no cap.
 */
final class CpuHeadroom {
  private static final long MIN_SAMPLE_NANOS = TimeUnit.MILLISECONDS.toNanos(250);
  private static final long NO_QUOTA_SAMPLE_NANOS = TimeUnit.SECONDS.toNanos(1);
  private static final int PERIODS_PER_SAMPLE = 10;
  private static final double HYSTERESIS = 0.07;

  private final Supplier<Optional<Quota>> quota;
  private final LongSupplier cpuNanos;
  private final LongSupplier accepted;
  private final double target;
  private final int floor;
  private final int ceiling;
  private final AtomicLong nextSample;

  private volatile int cap;
  private volatile double used = Double.NaN;

  /** The most requests in flight since the last sample. */
  private volatile int peak;

  // written by the one sampling thread (nextSample's CAS), read by the next one
  private long lastWall;
  private long lastCpu;
  private long lastShed;
  private long lastAccepted;

  /**
   * @param quota the process's CPU quota now
   * @param cpuNanos the CPU time the process has used
   * @param accepted the connections accepted so far, a running count; negative: unknown
   * @param target the share of the quota above which, while shedding, fewer are admitted
   * @param floor the cap never goes below this
   * @param ceiling the cap when nothing holds it down
   * @param now the clock's reading now
   */
  CpuHeadroom(
      final Supplier<Optional<Quota>> quota,
      final LongSupplier cpuNanos,
      final LongSupplier accepted,
      final double target,
      final int floor,
      final int ceiling,
      final long now) {
    this.quota = quota;
    this.cpuNanos = cpuNanos;
    this.accepted = accepted;
    this.target = target;
    this.floor = floor;
    this.ceiling = ceiling;
    cap = ceiling;
    nextSample = new AtomicLong(now);
  }

  /** For this process: its cgroup's quota, its CPU time, its network namespace's accepts. */
  static CpuHeadroom ofThisProcess(
      final double target, final int floor, final int ceiling, final long now) {
    final CpuQuota quota = CpuQuota.ofThisProcess();
    final var os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    return new CpuHeadroom(
        quota::read,
        os::getProcessCpuTime,
        AcceptedConnections.ofThisNamespace()::count,
        target,
        floor,
        ceiling,
        now);
  }

  /** The most requests in flight the CPU allows now. */
  int cap() {
    return cap;
  }

  /** The share of the quota the process used in the last sample; NaN without a quota. */
  double used() {
    return used;
  }

  /**
   * Samples when a sample is due (one caller at a time, the others return at once).
   *
   * @param now the clock's reading
   * @param inFlight requests in flight now
   * @param shed requests shed so far, a running count
   */
  void sampleIfDue(final long now, final int inFlight, final LongSupplier shed) {
    if (inFlight > peak) {
      peak = inFlight; // racy: the most in flight is an estimate anyway
    }
    final long due = nextSample.get();
    if (now - due < 0 || !nextSample.compareAndSet(due, now + MIN_SAMPLE_NANOS)) {
      return;
    }
    final Optional<Quota> current = quota.get();
    final long cpu = cpuNanos.getAsLong();
    final long shedSoFar = shed.getAsLong();
    final long acceptedSoFar = accepted.getAsLong();
    if (current.isEmpty()) {
      cap = ceiling;
      used = Double.NaN;
      nextSample.set(now + NO_QUOTA_SAMPLE_NANOS);
    } else {
      final Duration period = current.get().period();
      nextSample.set(now + Math.max(MIN_SAMPLE_NANOS, PERIODS_PER_SAMPLE * period.toNanos()));
      if (lastWall != 0 && now > lastWall) {
        used = (cpu - lastCpu) / ((now - lastWall) * current.get().cores());
        final long shedSince = shedSoFar - lastShed;
        final long opened =
            acceptedSoFar >= 0 && lastAccepted >= 0 ? acceptedSoFar - lastAccepted : 0;
        final boolean behind = 20 * opened >= shedSince;
        cap = next(used, shedSince, behind, peak);
      }
    }
    lastWall = now;
    lastCpu = cpu;
    lastShed = shedSoFar;
    lastAccepted = acceptedSoFar;
    peak = inFlight;
  }

  private int next(
      final double share, final long shed, final boolean behind, final int mostInFlight) {
    if (shed <= 0) {
      return ceiling;
    }
    if (share >= target && behind) {
      return Math.max(floor, Math.min(cap, mostInFlight) * 9 / 10);
    }
    if (share < target - HYSTERESIS || !behind) {
      return Math.min(ceiling, cap + Math.max(1, cap / 10));
    }
    return cap;
  }
}

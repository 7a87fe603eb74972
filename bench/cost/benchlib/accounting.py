"""Where the CPU went, from /proc and the cgroup v1 cpu controller: a process's CPU seconds and its
threads' (the JIT compiler threads' share), every session's (load from processes that are not
ours), the cores' busy share, the TCP connections the kernel accepted, memory, a CPU quota."""
import os
import re
import time
from pathlib import Path

from .procs import BenchError, log, stat_fields

CLK_TCK = os.sysconf("SC_CLK_TCK")


def _cpu_seconds(fields):
    # fields[0] is field 3 (state): utime is field 14, stime field 15
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def process_cpu_seconds(pid):
    return _cpu_seconds(stat_fields("/proc/%d/stat" % pid)[1])


def thread_cpu_seconds(pid):
    """CPU seconds per thread of the process: {tid: (name, seconds)}."""
    result = {}
    try:
        tasks = os.listdir("/proc/%d/task" % pid)
    except OSError:
        return result
    for tid in tasks:
        try:
            name, fields = stat_fields("/proc/%d/task/%s/stat" % (pid, tid))
        except OSError:
            continue
        result[int(tid)] = (name, _cpu_seconds(fields))
    return result


def sessions_cpu_seconds():
    """CPU seconds (utime + stime) of every process: {(pid, session id): seconds}."""
    result = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                fields = stat_fields("/proc/%s/stat" % entry.name)[1]
            except OSError:
                continue
            result[(int(entry.name), int(fields[3]))] = _cpu_seconds(fields)
    return result


def foreign_cpu_seconds(before, after, own_sessions):
    """CPU time used over the window by processes that are not ours (other sessions)."""
    own = set(own_sessions) | {os.getsid(0)}
    return sum(value - before.get(key, 0.0) for key, value in after.items() if key[1] not in own)


def cpu_times():
    """Per CPU: (busy, total) jiffies from /proc/stat."""
    result = {}
    for line in Path("/proc/stat").read_text().splitlines():
        if line.startswith("cpu") and line[3:4].isdigit():
            parts = line.split()
            values = [int(v) for v in parts[1:]]
            total = sum(values[:8])  # user..steal; guest time is already in user
            idle = values[3] + values[4]  # idle + iowait
            result[int(parts[0][3:])] = (total - idle, total)
    return result


def utilisation(before, after, cpus):
    """Busy share of the CPUs between two cpu_times()."""
    busy = sum(after[cpu][0] - before[cpu][0] for cpu in cpus)
    total = sum(after[cpu][1] - before[cpu][1] for cpu in cpus)
    return busy / total if total else 0.0


def thread_group(name):
    """Thread name without its numbers: "http-nio-...-exec-3" and "-exec-7" are one group."""
    return "".join("#" if c.isdigit() else c for c in name).replace("##", "#").replace("##", "#")


JIT_THREADS = ("C1 Compiler", "C2 Compiler")  # HotSpot's C1/C2 CompilerThreadN


def jit_cpu_seconds(before, after):
    """CPU time of the JIT compiler threads between two thread_cpu_seconds()."""
    return sum(seconds - before.get(tid, (name, 0.0))[1] for tid, (name, seconds) in after.items()
               if name.startswith(JIT_THREADS))


def thread_breakdown(before, after, requests, top=8):
    """CPU µs per request by thread group over the window (threads that ended during the window
    are missing), the biggest first."""
    groups = {}
    for tid, (name, seconds) in after.items():
        used = seconds - before.get(tid, (name, 0.0))[1]
        if used > 0:
            groups[thread_group(name)] = groups.get(thread_group(name), 0.0) + used
    ranked = sorted(groups.items(), key=lambda kv: -kv[1])[:top]
    return {name: round(used * 1e6 / requests, 1) for name, used in ranked} if requests else {}


def passive_opens():
    """Tcp: PassiveOpens of /proc/net/snmp: connections the kernel accepted (this network
    namespace, every process)."""
    lines = [l.split() for l in Path("/proc/net/snmp").read_text().splitlines()
             if l.startswith("Tcp:")]
    return int(lines[1][lines[0].index("PassiveOpens")])


def rss_kb(pid):
    for line in Path("/proc/%d/status" % pid).read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return None


def heap_used_kb(text):
    """Heap used from jcmd GC.heap_info: G1's "garbage-first heap total ..., used NK", else
    the sum of the generations' "used" (Parallel, Serial), or ZGC's "used NM"."""
    text = text.split("## GC.heap_info", 1)[-1]
    units = {"K": 1, "M": 1024, "G": 1024 * 1024}
    for line in text.splitlines():
        if "garbage-first heap" in line or "ZHeap" in line or "Shenandoah" in line:
            m = re.search(r"used (\d+)([KMG])", line)
            if m:
                return int(m.group(1)) * units[m.group(2)]
    used = [int(m.group(1)) * units[m.group(2)] for line in text.splitlines()
            if re.match(r"\s*(PSYoungGen|ParOldGen|def new generation|tenured generation)", line)
            for m in [re.search(r"used (\d+)([KMG])", line)] if m]
    return sum(used) if used else None


class CpuQuota:
    """/sys/fs/cgroup/cpu/gatefork-bench with cpu.cfs_period_us and cpu.cfs_quota_us = quota x
    period (set() before a gateway moves in; one gateway runs at a time). A JVM is moved in by its
    pid (cgroup.procs moves every thread of the process); remove() moves whatever is left back to
    the root group and deletes the group. The period is also the longest stretch a throttled
    gateway waits in one go, which a shorter one keeps below the latencies being measured."""

    MOUNT = Path("/sys/fs/cgroup/cpu")  # cgroup v1 cpu controller

    def __init__(self, period_ms, name="gatefork-bench"):
        self.path = self.MOUNT / name
        self.period_us = int(round(period_ms * 1000))

    def quota_us(self, quota):
        return int(round(quota * self.period_us))

    def create(self):
        if not (self.MOUNT / "cpu.cfs_quota_us").exists():
            raise BenchError("no cgroup v1 cpu controller at %s: --gateway-quota needs one "
                             "(or pass --gateway-quota 0)" % self.MOUNT)
        if self.path.exists():  # left over from a run that was killed
            self._empty()
        else:
            self.path.mkdir()
        (self.path / "cpu.cfs_period_us").write_text(str(self.period_us))
        log("CPU quota group: %s (cpu.cfs_period_us %d)" % (self.path, self.period_us))

    def set(self, quota):
        if self.quota_us(quota) < 1000:
            raise BenchError("quota %.3f is below the kernel's minimum of 1 ms per %d us period"
                             % (quota, self.period_us))
        (self.path / "cpu.cfs_quota_us").write_text(str(self.quota_us(quota)))

    def add(self, pid, exempt=()):
        """Moves the process in; its threads whose names start with one of `exempt` go back to
        the root group (a thread they start inherits that)."""
        (self.path / "cgroup.procs").write_text(str(pid))
        exempted = set()
        for tid, (name, _) in thread_cpu_seconds(pid).items():
            if exempt and name.startswith(tuple(exempt)):
                (self.MOUNT / "tasks").write_text(str(tid))
                exempted.add(str(tid))
        tasks = set((self.path / "tasks").read_text().split())
        threads = set(os.listdir("/proc/%d/task" % pid)) - exempted
        if not threads <= tasks:
            raise BenchError("threads of pid %d missing from %s: %s" % (
                pid, self.path, sorted(threads - tasks)[:5]))
        return len(exempted)

    def stat(self):
        """cpu.stat: nr_periods, nr_throttled, throttled_time."""
        try:
            return {k: int(v) for k, v in (line.split() for line in
                                           (self.path / "cpu.stat").read_text().splitlines())}
        except (OSError, ValueError):
            return {}

    def _empty(self):
        for pid in (self.path / "cgroup.procs").read_text().split():
            try:
                (self.MOUNT / "cgroup.procs").write_text(pid)
            except OSError:
                pass  # exited meanwhile

    def remove(self):
        if not self.path.exists():
            return
        try:
            self._empty()
            for _ in range(50):
                try:
                    self.path.rmdir()
                    log("CPU quota group %s removed" % self.path)
                    return
                except OSError:
                    time.sleep(0.1)  # a process leaving it
            log("warning: could not remove %s" % self.path)
        except OSError as e:
            log("warning: removing %s: %s" % (self.path, e))


class Window:
    """The readings that bound a measured window of a process: its CPU and its threads', the
    cores' busy time, every session's CPU, the clock. start() and stop() are taken as close to the
    window's edges as the caller can; figures() gives what was used between them."""

    def __init__(self, pid):
        self.pid = pid

    def start(self):
        # the slow scans first, the clock last: the window's edge is the process's own reading
        self.all0, self.threads0 = sessions_cpu_seconds(), thread_cpu_seconds(self.pid)
        self.cpu0, self.stat0 = process_cpu_seconds(self.pid), cpu_times()
        self.t0 = time.monotonic()

    def stop(self):
        self.cpu1, self.stat1 = process_cpu_seconds(self.pid), cpu_times()
        self.t1 = time.monotonic()
        self.all1, self.threads1 = sessions_cpu_seconds(), thread_cpu_seconds(self.pid)

    def figures(self, own_sessions, gateway_cpus, load_cpus):
        """seconds, cpu_s, jit_s, the gateway's and the load cores' busy share, other sessions'
        CPU in cores."""
        seconds = self.t1 - self.t0
        return {"seconds": seconds, "cpu_s": self.cpu1 - self.cpu0,
                "jit_s": jit_cpu_seconds(self.threads0, self.threads1),
                "gateway_util": utilisation(self.stat0, self.stat1, gateway_cpus),
                "load_util": utilisation(self.stat0, self.stat1, load_cpus),
                "foreign_cores": foreign_cpu_seconds(self.all0, self.all1, own_sessions) / seconds}

    def breakdown(self, units):
        return thread_breakdown(self.threads0, self.threads1, units)

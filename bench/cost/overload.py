"""Overload cells of the cost benchmark (issue #22, item 3): the gateway under a CPU quota, past
its capacity. Run through cost_bench.py (`--overload`, `--soak`); see bench/cost/README.md.

It reuses cost_bench's machinery: its processes (each in its own session, all stopped at the
end), brokers (the main one and the one that refuses every creation), gateway start (the modes
of bench/modes.json, as cost_bench.MODES), load tool command lines (vegeta for REST,
ghz for gRPC, both pinned to the load CPUs), settle logic, /proc CPU accounting and results.json.
What it adds: a cgroup v1 CPU quota for the gateway, per-request records of every window
(answers by kind, latency of the successes and of the shed answers), new TCP connections the
kernel accepted, a recovery probe after each burst, the backpressure storm over plain and TLS
REST, the soak and the report.

Python 3.11 standard library only.
"""
import argparse
import datetime
import gzip
import http.client
import json
import math
import os
import re
import resource
import shlex
import signal
import ssl
import statistics
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import cost_bench as cb

CGROUP_MOUNT = Path("/sys/fs/cgroup/cpu")  # cgroup v1 cpu controller
CGROUP_NAME = "gatefork-bench"
CFS_PERIOD_US = 100000  # --cfs-period-ms sets it for the run
RECOVERY_INTERVAL = 0.050  # a lone request every 50 ms ...
RECOVERY_FAST = 0.100  # ... until one answers 2xx/OK in less than this ...
RECOVERY_STREAK = 3  # ... this many times in a row
ABOVE_CAPACITY = 1.10  # a burst's goodput above this x 1x: flagged (1x was not the limit)
TOOL_LIMITED = 0.95  # an open loop that sent less than this share of rate x window: flagged
KINDS = ("ok", "shed", "timeout", "conn", "other")
CONN_ERRORS = ("connection refused", "connection reset", "EOF", "broken pipe",
               "server closed", "closed network connection", "Unavailable")
# acceptance (issue #22, item 3)
GOODPUT_SHARE = 0.90  # goodput at 2x and 4x >= this share of capacity (adaptive)
P99_FACTOR = 10.0  # p99 of the successes <= this x the unloaded p99
SHED_MEDIAN_MS = 10.0  # the excess is answered within this
RECOVERY_MAX_S = 1.0
CONNS_PER_ANSWER = 0.01  # backpressure with the keep-alive fix
TLS_CPU_RATIO = 1.5  # CPU per REST 503, TLS / plaintext, same rate

# option defaults of an overload run (cost_bench.parse_args applies them); the cost run's
# SMOKE / DEFAULTS fill in the rest (gateway warm-up, idle window)
# the gateway warm-up runs on the whole core, before the gateway moves under the quota, as the
# cells' (it ends once the JIT uses < 5 % of the gateway's CPU, or at the maximum)
DEFAULTS = {"rounds": 3, "modes": ["off", "adaptive", "stock"], "window": 30, "warmup": 10,
            "gateway_warmup": 60, "gateway_warmup_max": 300,
            "overload_multiples": [1, 2, 4], "storm_rates": [300, 1000],
            "storm_protocols": ["rest", "rest-tls", "grpc"], "opens_baseline": 2.0,
            "storm_warmup": 30.0,
            "soak_minutes": 30.0, "soak_window_minutes": 5.0, "recovery_timeout": 60.0}
# a check of the harness in about 5 minutes; its numbers mean little (the JIT is still busy)
SMOKE = {"rounds": 1, "modes": ["off", "adaptive", "stock"], "window": 5, "warmup": 0,
         "gateway_warmup": 5, "gateway_warmup_max": 5, "idle_window": 0,
         "overload_multiples": [1, 2], "storm_rates": [300],
         "storm_protocols": ["rest", "rest-tls"], "opens_baseline": 0.5, "storm_warmup": 5.0,
         "soak_minutes": 2.0, "soak_window_minutes": 1.0, "recovery_timeout": 5.0}
PROTOCOLS = ("rest", "grpc")
CALLER_A_ADDR = "127.0.0.2"  # callers cell: caller A's source address (B's: 127.0.0.1)
STORM_PROTOCOLS = ("rest", "rest-tls", "grpc")


# ---------------------------------------------------------------------------------------------
# options


def _ints(value):
    try:
        values = [int(v) for v in value.split(",") if v.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError("a comma separated list of integers: %r" % value)
    if any(v <= 0 for v in values):
        raise argparse.ArgumentTypeError("positive integers only: %r" % value)
    return values


def _names(known):
    def parse(value):
        names = [v.strip() for v in value.split(",") if v.strip()]
        if names == ["none"]:
            return []
        for n in names:
            if n not in known:
                raise argparse.ArgumentTypeError("unknown %r; known: %s" % (
                    n, ", ".join(known)))
        return names
    return parse


def _capacity(value):
    result = {}
    for part in value.split(","):
        name, _, number = part.partition("=")
        if name.strip() not in PROTOCOLS or not number:
            raise argparse.ArgumentTypeError("PROTOCOL=OK/s,..., e.g. rest=700,grpc=900")
        result[name.strip()] = float(number)
    return result


def add_arguments(p):
    g = p.add_argument_group(
        "overload cells (--overload; bench/cost/overload.py). An overload run uses --modes "
        "(default off,adaptive,stock), --rounds (3) and --window (30 s; --smoke: 5 s, 1 round, "
        "multiples 1,2, storm at 300/s)")
    g.add_argument("--overload", action="store_true",
                   help="run the overload cells (capacity, unloaded, 1x/2x/4x bursts with "
                   "recovery, resend at once, two callers, backpressure storm) instead of the "
                   "cost cells")
    g.add_argument("--soak", action="store_true",
                   help="run the soak (after the overload cells with --overload, alone "
                   "without)")
    g.add_argument("--gateway-quota", type=float, default=0.25,
                   help="the gateway's CPU quota in CPUs (cgroup v1 cpu.cfs_quota_us / "
                   "cpu.cfs_period_us; default 0.25; 0 = no quota)")
    g.add_argument("--cfs-period-ms", type=float, default=100.0,
                   help="the quota group's CFS period, ms (default 100, the kernel's and "
                   "Kubernetes'; the gateway is throttled for at most period x (1 - quota) at "
                   "a time)")
    g.add_argument("--storm-quota", type=float, default=0.0,
                   help="CPU quota of the storm's gateways (default 0 = none: the whole "
                   "gateway CPU, as the cost cells; under 0.25 CPU a 300/s storm of 503s "
                   "that close their connections already saturates the gateway, which then "
                   "measures its queue, not the cost of an answer)")
    g.add_argument("--storm-warmup", type=float, default=None,
                   help="seconds of the same storm, not kept, before each storm cell "
                   "(default 30; --smoke: 5)")
    g.add_argument("--opens-baseline", type=float, default=None,
                   help="before each window, count the connections the kernel accepts for "
                   "this long (s, at least the settle time) as the background subtracted from "
                   "the window's (default 2; --smoke: 0.5)")
    g.add_argument("--overload-connections", type=int, default=64,
                   help="capacity cells: closed-loop connections (default 64)")
    g.add_argument("--overload-multiples", type=_ints, default=None,
                   help="open-loop rates as multiples of capacity (default 1,2,4)")
    g.add_argument("--overload-protocols", type=_names(PROTOCOLS), default=list(PROTOCOLS),
                   help="APIs of the capacity, unloaded and burst cells (default rest,grpc)")
    g.add_argument("--overload-capacity", type=_capacity, default=None,
                   help="1x per API, e.g. rest=700,grpc=900, instead of the capacity measured "
                   "first (the capacity cells still run in mode off)")
    g.add_argument("--unloaded-share", type=float, default=0.10,
                   help="rate of the unloaded cells as a share of capacity (default 0.1)")
    g.add_argument("--recovery-timeout", type=float, default=None,
                   help="after a burst no recovery probe starts later than this, s (default 60; "
                   "--smoke: 10)")
    g.add_argument("--overload-max-workers", type=int, default=10000,
                   help="open loop: vegeta -max-workers / ghz -c = rate x 10 s, at most this "
                   "(default 10000; the file descriptor limit must allow it)")
    g.add_argument("--grpc-connections", type=int, default=8,
                   help="ghz --connections of the overload cells (default 8)")
    g.add_argument("--resend-connections", type=int, default=256,
                   help="resend and callers cells: connections of the closed loop that resends "
                   "at once (vegeta -rate=0 -workers N -max-workers N, ghz -c N; default 256)")
    g.add_argument("--resend-cells", type=_names(PROTOCOLS), default=list(PROTOCOLS),
                   help="APIs of the resend-at-once cells, after the bursts (default rest,grpc; "
                   "none = no such cell)")
    g.add_argument("--callers-cells", type=_names(("rest",)), default=["rest"],
                   help="two callers at once, REST: A an open loop at --callers-share of "
                   "capacity from 127.0.0.2 (vegeta -laddr), B the resend-at-once loop from "
                   "127.0.0.1 (default rest; none = no such cell)")
    g.add_argument("--callers-share", type=float, default=0.5,
                   help="caller A's rate as a share of REST capacity (default 0.5)")
    g.add_argument("--storm-rates", type=_ints, default=None,
                   help="backpressure storm open-loop rates, /s (default 300,1000)")
    g.add_argument("--storm-modes", type=_names(list(cb.MODES)), default=["off", "stock"],
                   help="modes of the storm cells (default off,stock; none = no storm)")
    g.add_argument("--storm-protocols", type=_names(STORM_PROTOCOLS), default=None,
                   help="storm APIs: rest, rest-tls (REST over HTTPS, own gateway), grpc "
                   "(default all; --smoke: rest,rest-tls; none = no storm)")
    g.add_argument("--soak-minutes", type=float, default=None, help="soak length (default 30)")
    g.add_argument("--soak-window-minutes", type=float, default=None,
                   help="soak measurement window (default 5)")
    g.add_argument("--soak-share", type=float, default=0.70,
                   help="soak rate as a share of REST capacity (default 0.7)")
    g.add_argument("--soak-grpc-share", type=float, default=0.0,
                   help="share of the soak rate sent as gRPC creates (default 0: REST only)")
    g.add_argument("--soak-spike-every", type=float, default=0.0,
                   help="soak: stop the gateway (SIGSTOP) this often, s, as a latency spike: "
                   "clients open extra connections that then sit idle (default 0: none)")
    g.add_argument("--soak-spike-length", type=float, default=1.5,
                   help="soak: how long each spike stops the gateway, s (default 1.5)")
    g.add_argument("--soak-workers", type=int, default=0,
                   help="soak: REST job workers polling `ship` jobs (long polls of 10 s) and "
                   "completing them, beside the load (default 0)")
    g.add_argument("--soak-worker-rate", type=float, default=10.0,
                   help="soak: `order` instances (one `ship` job each) created per second for "
                   "the workers, over REST (default 10; only with --soak-workers)")
    g.add_argument("--soak-mode", type=_names(list(cb.MODES)), default=["adaptive"],
                   help="mode of the soak gateway (default adaptive)")


def check_args(p, args):
    if args.gateway_quota < 0 or args.storm_quota < 0 or args.opens_baseline < 0 or \
            args.overload_connections <= 0 or args.resend_connections <= 0 or \
            args.overload_max_workers <= 0 or args.grpc_connections <= 0:
        p.error("quota not negative; connections and workers positive")
    if not 0 < args.unloaded_share <= 1 or not 0 < args.soak_share <= 2 or \
            not 0 <= args.soak_grpc_share <= 1 or not 0 < args.callers_share <= 2:
        p.error("--unloaded-share in (0, 1], --soak-share and --callers-share in (0, 2], "
                "--soak-grpc-share in [0, 1]")
    if len(args.soak_mode) != 1:
        p.error("--soak-mode takes one mode")
    args.soak_mode = args.soak_mode[0]
    if args.soak and (args.soak_minutes <= 0 or args.soak_window_minutes <= 0):
        p.error("soak minutes must be positive")


def uses_refusing_opts(opts):
    return bool(opts.get("overload") and opts.get("storm_protocols")
                and any(m in opts.get("storm_modes", []) for m in opts["modes"]))


def storm_modes(args):
    return [m for m in args.modes if m in args.storm_modes] if args.storm_protocols else []


def uses_refusing(args):
    return bool(args.overload and storm_modes(args))


# ---------------------------------------------------------------------------------------------
# the CPU quota: a cgroup v1 cpu controller group


def quota_us(quota):
    return int(round(quota * CFS_PERIOD_US))


def set_period(period_ms):
    """The CFS period of the quota group: the kernel's and Kubernetes' default is 100 ms; under a
    small quota it is also the longest stretch the gateway may be throttled in one go, which a
    shorter period keeps below the latencies being measured."""
    global CFS_PERIOD_US
    CFS_PERIOD_US = int(round(period_ms * 1000))


class CpuQuota:
    """/sys/fs/cgroup/cpu/gatefork-bench with cpu.cfs_period_us (--cfs-period-ms) and cpu.cfs_quota_us =
    quota x period (set() before a gateway moves in; one gateway runs at a time). A gateway JVM
    is moved in by its pid (cgroup.procs moves every thread of the process); remove() moves
    whatever is left back to the root group and deletes the group."""

    def __init__(self):
        self.path = CGROUP_MOUNT / CGROUP_NAME

    def create(self):
        if not (CGROUP_MOUNT / "cpu.cfs_quota_us").exists():
            raise cb.BenchError("no cgroup v1 cpu controller at %s: --gateway-quota needs one "
                                "(or pass --gateway-quota 0)" % CGROUP_MOUNT)
        if self.path.exists():  # left over from a run that was killed
            self._empty()
        else:
            self.path.mkdir()
        (self.path / "cpu.cfs_period_us").write_text(str(CFS_PERIOD_US))
        cb.log("CPU quota group: %s (cpu.cfs_period_us %d)" % (self.path, CFS_PERIOD_US))

    def set(self, quota):
        if quota_us(quota) < 1000:
            raise cb.BenchError("quota %.3f is below the kernel's minimum of 1 ms per %d us "
                                "period" % (quota, CFS_PERIOD_US))
        (self.path / "cpu.cfs_quota_us").write_text(str(quota_us(quota)))

    def add(self, pid):
        (self.path / "cgroup.procs").write_text(str(pid))
        tasks = set((self.path / "tasks").read_text().split())
        threads = set(os.listdir("/proc/%d/task" % pid))
        if not threads <= tasks:
            raise cb.BenchError("threads of pid %d missing from %s: %s" % (
                pid, self.path, sorted(threads - tasks)[:5]))

    def stat(self):
        try:
            return {k: int(v) for k, v in (line.split() for line in
                                           (self.path / "cpu.stat").read_text().splitlines())}
        except (OSError, ValueError):
            return {}

    def _empty(self):
        for pid in (self.path / "cgroup.procs").read_text().split():
            try:
                (CGROUP_MOUNT / "cgroup.procs").write_text(pid)
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
                    cb.log("CPU quota group %s removed" % self.path)
                    return
                except OSError:
                    time.sleep(0.1)  # a process leaving it
            cb.log("warning: could not remove %s" % self.path)
        except OSError as e:
            cb.log("warning: removing %s: %s" % (self.path, e))


def settle_limit(quota):
    """A gateway is quiet below SETTLED of a core, or that share of its quota."""
    return cb.SETTLED * min(1.0, quota) if quota > 0 else cb.SETTLED


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


# ---------------------------------------------------------------------------------------------
# per-request records: (kind, latency s, status, error, retry-after header, offset s)


def classify_rest(code, error):
    if 200 <= code < 300:
        return "ok"
    if code == 503:
        return "shed"
    if code:
        return "other"
    if "Client.Timeout" in error or "deadline exceeded" in error or "timeout" in error:
        return "timeout"
    if any(s in error for s in CONN_ERRORS):
        return "conn"
    return "other"


def classify_grpc(status):
    return {"OK": "ok", "ResourceExhausted": "shed", "DeadlineExceeded": "timeout",
            "Unavailable": "conn"}.get(status, "other")


def _tod(stamp):
    """Seconds since midnight of an RFC 3339 UTC timestamp (vegeta, ghz), nanoseconds kept."""
    clock = stamp[11:].rstrip("Z")
    clock = re.split(r"[+-]", clock)[0]
    h, m, s = clock.split(":")
    return int(h) * 3600 + int(m) * 60 + float(s)


def percentile(sorted_values, p):
    if not sorted_values:
        return None
    k = max(0, math.ceil(p / 100 * len(sorted_values)) - 1)
    return sorted_values[k]


def summarise_records(records):
    counts = {k: 0 for k in KINDS}
    lat = {k: [] for k in KINDS}
    status, errors = {}, {}
    retry_after = 0
    answered = 0
    for kind, latency, code, error, ra, _ in records:
        counts[kind] += 1
        lat[kind].append(latency)
        status[code] = status.get(code, 0) + 1
        if ra:
            retry_after += 1
        if code not in ("0", "Canceled", "DeadlineExceeded", "Unavailable") \
                and kind not in ("timeout", "conn"):
            answered += 1
        if error and kind not in ("ok", "shed"):
            key = re.sub(r"127\.0\.0\.1:\d+", "127.0.0.1:PORT", error)[:160]
            errors[key] = errors.get(key, 0) + 1
    for v in lat.values():
        v.sort()
    every = sorted(x for v in lat.values() for x in v)

    def ms(values, p):
        x = percentile(values, p)
        return None if x is None else round(x * 1000, 3)

    return {"sent": len(records), "answered": answered, "counts": counts, "status": status,
            "retry_after": retry_after,
            "errors": dict(sorted(errors.items(), key=lambda kv: -kv[1])[:6]),
            "ok_p50_ms": ms(lat["ok"], 50), "ok_p99_ms": ms(lat["ok"], 99),
            "shed_p50_ms": ms(lat["shed"], 50), "shed_p99_ms": ms(lat["shed"], 99),
            "all_p50_ms": ms(every, 50), "all_p99_ms": ms(every, 99)}


def leg_summary(leg, records, window):
    """One leg of a window of several: its records summarised, its rate, goodput, 2xx share."""
    s = {k: v for k, v in summarise_records(records).items() if k != "errors"}
    return {**s, "rate": leg.load.rate, "goodput": round(s["counts"]["ok"] / window, 1),
            "ok_share": round(s["counts"]["ok"] / s["sent"], 4) if s["sent"] else None}


# ---------------------------------------------------------------------------------------------
# the run


@dataclass(frozen=True)
class Leg:
    protocol: str  # rest | rest-tls | grpc
    load: cb.Load
    name: str = ""  # its key in a record's by_leg (default: the protocol)
    laddr: str = ""  # REST: the source address (vegeta -laddr; default: the kernel's)

    def key(self):
        return self.name or self.protocol


@dataclass
class Snapshot:
    t: float
    cpu: float
    threads: dict
    stat: dict
    sessions: dict
    opens: int
    cgroup: dict


class Spikes(threading.Thread):
    """Stops a process (SIGSTOP) for `length` s every `every` s until stopped: a latency spike,
    after which a client's extra connections sit idle until the next one."""

    def __init__(self, pid, every, length):
        super().__init__(daemon=True)
        self.pid, self.every, self.length = pid, every, length
        self.done, self.count = threading.Event(), 0

    def run(self):
        while self.every > 0 and not self.done.wait(self.every):
            os.kill(self.pid, signal.SIGSTOP)
            try:
                self.done.wait(self.length)
            finally:
                os.kill(self.pid, signal.SIGCONT)
            self.count += 1

    def stop(self):
        self.done.set()
        if self.is_alive():
            self.join()


class SoakWorkers:
    """Job workers beside the soak's load, as applications run them: `count` REST workers, each a
    loop of long polls (`POST /v2/jobs/activation`, type `ship`, request timeout 10 s) on one kept
    connection, completing every job it gets; and a feeder creating `order` instances (one `ship`
    job each) at `rate`/s on its own kept connection. Every request is counted by how it ended: an
    HTTP status, or the error a closed connection gives (`RemoteDisconnected`, a reset, ...), after
    which the client opens a new connection, as a pool does."""

    POLL_MS = 10_000

    def __init__(self, rest_url, count, rate):
        self.host, self.port = urlsplit(rest_url).hostname, urlsplit(rest_url).port
        self.count, self.rate = count, rate
        self.done = threading.Event()
        self.lock = threading.Lock()
        self.counts = {}  # (what, outcome) -> n
        self.threads = [threading.Thread(target=self.work, args=(i,), daemon=True)
                        for i in range(count)]
        if count and rate > 0:
            self.threads.append(threading.Thread(target=self.feed, daemon=True))

    def start(self):
        for t in self.threads:
            t.start()

    def stop(self):
        self.done.set()
        for t in self.threads:
            t.join(timeout=self.POLL_MS / 1000 + 15)

    def snapshot(self):
        with self.lock:
            return {"%s %s" % key: n for key, n in sorted(self.counts.items())}

    def note(self, what, outcome):
        with self.lock:
            self.counts[(what, outcome)] = self.counts.get((what, outcome), 0) + 1

    def call(self, conn, what, path, body, timeout):
        """(status, body) or None when the connection failed; counts either way."""
        try:
            conn.timeout = timeout
            if conn.sock is not None:
                conn.sock.settimeout(timeout)
            conn.request("POST", path, body=json.dumps(body),
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
            self.note(what, str(resp.status))
            return resp.status, data
        except (OSError, http.client.HTTPException) as e:
            self.note(what, type(e).__name__)
            conn.close()  # the next request opens a new connection
            return None

    def work(self, index):
        conn = http.client.HTTPConnection(self.host, self.port)
        body = {"type": "ship", "worker": "soak-%d" % index, "timeout": 60_000,
                "maxJobsToActivate": 32, "requestTimeout": self.POLL_MS}
        while not self.done.is_set():
            answer = self.call(conn, "activate", "/v2/jobs/activation", body,
                               self.POLL_MS / 1000 + 10)
            if answer is None or answer[0] != 200:
                self.done.wait(0.5)
                continue
            for job in json.loads(answer[1]).get("jobs", []):
                self.call(conn, "complete", "/v2/jobs/%s/completion" % job["jobKey"], {}, 10)

    def feed(self):
        conn = http.client.HTTPConnection(self.host, self.port)
        start = time.monotonic()
        sent = 0
        while not self.done.is_set():
            sent += 1
            self.done.wait(max(0.0, start + sent / self.rate - time.monotonic()))
            self.call(conn, "create order", "/v2/process-instances",
                      {"processDefinitionId": "order"}, 10)


class Overload:
    def __init__(self, bench):
        self.b = bench
        self.a = bench.args
        a = self.a
        storm = a.storm_quota if uses_refusing(a) else 0.0
        set_period(a.cfs_period_ms)
        self.group = CpuQuota() if a.gateway_quota > 0 or storm > 0 else None
        self.capacity = dict(a.overload_capacity or {})  # API -> OK/s: 1x of the rates
        self.cert = None

        def describe(quota):
            return {"cpus": quota, "cfs_quota_us": quota_us(quota),
                    "cfs_period_us": CFS_PERIOD_US, "group": str(self.group.path),
                    "settle_limit_cores": settle_limit(quota)} if quota > 0 else None

        self.results = {
            "quota": describe(a.gateway_quota),
            "storm_quota": describe(storm),
            "capacity_rates": self.capacity,
            "capacity_source": "--overload-capacity" if self.capacity else None,
            "cells": [], "soak": [], "soak_setup": None,
        }
        bench.overload = self.results

    # -- plan ---------------------------------------------------------------------------------

    def protocols(self, round_no, names):
        return list(names) if round_no % 2 == 1 else list(reversed(names))

    def capacity_needed(self):
        needed = set(self.a.overload_protocols) if self.a.overload else set()
        if self.a.overload and self.a.callers_cells:
            needed.add("rest")
        if self.a.soak:
            needed.add("rest")
            if self.a.soak_grpc_share > 0:
                needed.add("grpc")
        return needed - set(self.capacity)

    def run(self):
        b, a = self.b, self.a
        b.check_setup()
        b.started = datetime.datetime.now(datetime.timezone.utc)
        b.save()
        # the harness itself (recovery probes, /proc sampling) stays off the gateway's CPU
        os.sched_setaffinity(0, b.load_cpus)
        # an open loop may hold up to --overload-max-workers connections, the callers cell that
        # and --resend-connections more at once (the tools and the gateway inherit the limit)
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = a.overload_max_workers + a.resend_connections + 4096
        if soft < want:
            target = want if hard == resource.RLIM_INFINITY else min(want, hard)
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            if target < want:
                cb.log("warning: open files limited to %d (hard limit): lower "
                       "--overload-max-workers or --resend-connections" % target)
        try:
            if self.group:
                self.group.create()
            brokers = [b.start_broker("main", a.broker_port, cb.CLUSTER_MAIN, False)]
            if uses_refusing(a):
                brokers.append(b.start_broker("refusing", a.refusing_broker_port,
                                              cb.CLUSTER_REFUSING, True))
                if "rest-tls" in a.storm_protocols:
                    self.make_certificate()
            needed = self.capacity_needed()
            if needed and not (a.overload and a.modes[0] == "off"
                               and needed <= set(a.overload_protocols)):
                # round 1 does not start with `off` (whose capacity cells come first): a
                # gateway of its own measures 1x
                self.main_gateway("off", 0, capacity_only=sorted(needed))
            if a.overload:
                for round_no in range(1, a.rounds + 1):
                    modes = a.modes if round_no % 2 == 1 else list(reversed(a.modes))
                    for mode in modes:
                        if a.overload_protocols or a.resend_cells or a.callers_cells:
                            self.main_gateway(mode, round_no)
                        if mode in storm_modes(a):
                            self.storm(mode, round_no)
            if a.soak:
                self.run_soak()
            for broker in brokers:
                b.procs.stop(broker)
        finally:
            if self.group:
                self.group.remove()
        b.finished = datetime.datetime.now(datetime.timezone.utc)
        b.save()

    def make_certificate(self):
        cert, key = self.b.tmp / "tls-cert.pem", self.b.tmp / "tls-key.pem"
        with open(self.b.logs / "openssl.log", "w") as log:
            rc = self.b.procs.run("openssl", self.b.load_cmd([
                "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                "-subj", "/CN=localhost",
                "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
                "-keyout", str(key), "-out", str(cert)]), timeout=60, stdout=log, stderr=log)
        if rc != 0:
            raise cb.BenchError("openssl failed; see %s" % (self.b.logs / "openssl.log"))
        self.cert = (cert, key)

    def start(self, name, mode, round_no, quota, tls=False):
        """A fresh gateway: started, processes deployed, moved under the quota (0: none),
        warmed up, idle CPU measured."""
        b = self.b
        label = name + ("-tls" if tls else "")
        gw = b.start_gateway(name, mode, round_no, tls=self.cert if tls else None, label=label)
        gw.quota = quota if quota > 0 else None
        b.settle_limit = settle_limit(quota)
        try:
            b.deploy(gw)
            # warmed up on the whole core, as a pod that has been serving for a while: under a
            # small quota the JIT would take minutes and its threads would be measured instead
            warmup = b.gateway_warmup(gw, [], round_no, mode)
            if gw.quota:
                self.group.set(gw.quota)
                self.group.add(gw.pid)
            # connections the kernel accepts with no load: the background of every window's
            # "new connections" (cluster messaging, anything else on the machine)
            opens0, t0 = passive_opens(), time.monotonic()
            idle = b.idle_cpu(gw)
            idle_opens = (passive_opens() - opens0) / (time.monotonic() - t0) \
                if idle is not None else None
            b.gateways.append({
                "round": round_no, "mode": mode, "gateway": label, "pid": gw.pid,
                "idle_cpu_ms_per_s": round(idle, 2) if idle is not None else None,
                "mode_check": gw.mode_check, "warmup": warmup,
                "quota": gw.quota,
                "idle_passive_opens_per_s":
                    round(idle_opens, 2) if idle_opens is not None else None,
                "log": str(gw.log.relative_to(b.out))})
            if idle is not None:
                cb.log("r%d %s: %s gateway idle: %.1f ms CPU/s" % (round_no, mode, label, idle))
        except BaseException:
            b.procs.stop(gw.proc)
            raise
        return gw

    def main_gateway(self, mode, round_no, capacity_only=None):
        a = self.a
        gw = self.start("main", mode, round_no, a.gateway_quota)
        try:
            # every mode: the same history before its open-loop cells (the capacity cells warm
            # the gateway up further); `off`'s measure the capacity (1x and the acceptance's)
            for protocol in capacity_only or self.protocols(round_no, a.overload_protocols):
                self.capacity_cell(gw, protocol, mode, round_no)
            if capacity_only is not None:
                return
            protocols = self.protocols(round_no, a.overload_protocols)
            for protocol in protocols:
                rate = max(1, round(a.unloaded_share * self.capacity_of(protocol)))
                self.measure(gw, "unloaded", mode, round_no,
                             [Leg(protocol, self.open_load("unloaded", rate))],
                             multiple=a.unloaded_share)
            for multiple in a.overload_multiples:
                for protocol in protocols:
                    rate = max(1, round(multiple * self.capacity_of(protocol)))
                    self.measure(gw, "burst", mode, round_no,
                                 [Leg(protocol, self.open_load("burst", rate))],
                                 multiple=multiple, recovery=True)
            # clients that resend at once: a closed loop of --resend-connections, alone and
            # (REST) beside an open-loop caller A from another source address
            resend = self.closed_load("resend", a.resend_connections)
            for protocol in self.protocols(round_no, a.resend_cells):
                self.measure(gw, "resend", mode, round_no, [Leg(protocol, resend)])
            if a.callers_cells:
                rate = max(1, round(a.callers_share * self.capacity_of("rest")))
                self.measure(gw, "callers", mode, round_no, [
                    Leg("rest", self.open_load("callers-A", rate), "A", CALLER_A_ADDR),
                    Leg("rest", resend, "B")], multiple=a.callers_share)
        finally:
            self.b.procs.stop(gw.proc)

    def capacity_of(self, protocol):
        if protocol not in self.capacity:
            raise cb.BenchError("no capacity for %s yet (a capacity cell failed?)" % protocol)
        return self.capacity[protocol]

    def capacity_cell(self, gw, protocol, mode, round_no):
        a = self.a
        load = self.closed_load("capacity", a.overload_connections)
        if a.warmup > 0:
            # the same closed loop for --warmup s first: hot paths compiled at this load
            self.b.settle(gw)
            self.b.run_load(gw, cb.Cell(load, cb.OPS["create"], protocol), a.warmup)
        record = self.measure(gw, "capacity", mode, round_no, [Leg(protocol, load)])
        if protocol not in self.capacity and mode == "off":
            if not record["goodput"]:
                raise cb.BenchError("capacity of %s: no successful creation" % protocol)
            self.capacity[protocol] = record["goodput"]
            self.results["capacity_source"] = (
                "the first capacity cells (round %d, a gateway in mode off)" % round_no)
            cb.log("1x capacity of %s: %.0f OK/s" % (protocol, record["goodput"]))

    def closed_load(self, name, connections):
        # vegeta -rate=0 -workers N -max-workers N, ghz -c N: each sends again at its answer
        return cb.Load(name, 0, connections, grpc_connections=self.a.grpc_connections)

    def open_load(self, name, rate):
        # enough workers (connections) that the tool never limits the offered rate: 10 s of
        # requests (the timeout), at most --overload-max-workers
        workers = max(50, min(rate * 10, self.a.overload_max_workers))
        return cb.Load(name, rate, 0, workers=workers, grpc_connections=self.a.grpc_connections)

    def storm(self, mode, round_no):
        a = self.a
        plain = [p for p in self.protocols(round_no, ("rest", "grpc")) if p in a.storm_protocols]
        for tls in (False, True):
            protocols = ["rest-tls"] if tls else plain
            if not protocols or (tls and "rest-tls" not in a.storm_protocols):
                continue
            gw = self.start("refusing", mode, round_no, a.storm_quota, tls=tls)
            try:
                for rate in a.storm_rates:
                    for protocol in protocols:
                        leg = [Leg(protocol, self.open_load("storm", rate))]
                        if a.storm_warmup > 0:
                            # the same storm first, not kept: the paths of a storm of 503s (and
                            # TLS's handshakes and records) compiled before they are measured;
                            # a cold TLS gateway otherwise falls behind, the tool opens a
                            # connection per waiting request, and the handshakes keep it behind
                            self.measure(gw, "storm", mode, round_no, leg,
                                         window=a.storm_warmup, keep=False)
                        self.measure(gw, "storm", mode, round_no, leg)
            finally:
                self.b.procs.stop(gw.proc)

    # -- soak -----------------------------------------------------------------------------------

    def run_soak(self):
        a, b = self.a, self.b
        rate = max(1, round(a.soak_share * self.capacity_of("rest")))
        grpc_rate = round(rate * a.soak_grpc_share)
        rest_rate = rate - grpc_rate
        legs = []
        if rest_rate:
            legs.append(Leg("rest", self.open_load("soak", rest_rate)))
        if grpc_rate:
            legs.append(Leg("grpc", self.open_load("soak", grpc_rate)))
        windows = max(1, round(a.soak_minutes / a.soak_window_minutes))
        self.results["soak_setup"] = {
            "mode": a.soak_mode, "rate": rate, "rest_rate": rest_rate, "grpc_rate": grpc_rate,
            "windows": windows, "window_minutes": a.soak_window_minutes,
            "spike_every_s": a.soak_spike_every, "spike_length_s": a.soak_spike_length,
            "heap": "jcmd GC.run, then jcmd GC.heap_info: heap used right after a full GC"}
        cb.log("soak: %d windows of %.1f min at %d/s (REST %d/s, gRPC %d/s), mode %s" % (
            windows, a.soak_window_minutes, rate, rest_rate, grpc_rate, a.soak_mode))
        self.results["soak_setup"]["workers"] = {"count": a.soak_workers,
                                                 "order_rate": a.soak_worker_rate}
        gw = self.start("main", a.soak_mode, 0, a.gateway_quota)
        spikes = Spikes(gw.pid, a.soak_spike_every, a.soak_spike_length)
        workers = SoakWorkers(gw.rest, a.soak_workers, a.soak_worker_rate)
        try:
            workers.start()
            spikes.start()
            memory = self.memory(gw)
            self.results["soak_start"] = memory
            for i in range(1, windows + 1):
                record = self.measure(gw, "soak", a.soak_mode, 0, legs, multiple=a.soak_share,
                                      window=a.soak_window_minutes * 60, settle=False,
                                      keep=False)
                record.update(self.memory(gw))
                record["soak_window"] = i
                record["workers"] = workers.snapshot()  # cumulative since the soak's start
                self.results["soak"].append(record)
                cb.log("soak window %d/%d: RSS %.0f MB, heap after GC %.0f MB" % (
                    i, windows, (record["rss_kb"] or 0) / 1024,
                    (record["heap_after_gc_kb"] or 0) / 1024))
                b.save()
        finally:
            spikes.stop()
            workers.stop()
            self.results["soak_setup"]["spikes"] = spikes.count
            self.results["soak_setup"]["workers"]["answers"] = workers.snapshot()
            b.procs.stop(gw.proc)

    def memory(self, gw):
        """Gateway RSS (/proc/<pid>/status VmRSS) and its heap used right after a full GC."""
        b = self.b
        jcmd = os.path.join(b.java_home, "bin", "jcmd") if b.java_home else "jcmd"
        out = b.next_file("jcmd", ".txt")
        with open(out, "w") as f:
            for command in ("GC.run", "GC.heap_info"):
                f.write("## %s\n" % command)
                f.flush()
                rc = b.procs.run("jcmd", b.load_cmd([jcmd, str(gw.pid), command]), timeout=120,
                                 stdout=f, stderr=subprocess.STDOUT)
                if rc != 0:
                    raise cb.BenchError("jcmd %s failed: %s" % (command, out.read_text()[-500:]))
        text = out.read_text()
        return {"rss_kb": rss_kb(gw.pid), "heap_after_gc_kb": heap_used_kb(text),
                "heap_info": text.split("## GC.heap_info", 1)[-1].strip().splitlines()[:3]}

    # -- one window -----------------------------------------------------------------------------

    def snapshot(self, gw):
        return Snapshot(time.monotonic(), cb.process_cpu_seconds(gw.pid),
                        cb.thread_cpu_seconds(gw.pid), cb.cpu_times(), cb.sessions_cpu_seconds(),
                        passive_opens(), self.group.stat() if gw.quota else {})

    def prepare(self, gw, leg, duration):
        """(command, collect): collect() gives the per-request records of the finished run."""
        b = self.b
        op = cb.OPS["backpressure" if gw.name == "refusing" else "create"]
        if leg.protocol == "grpc":
            method, data = b.ghz_data(op)
            output = b.next_file("ghz-" + leg.load.name, ".json")
            cmd = b.ghz_cmd(gw, method, data, leg.load, duration, output)
            return cmd, lambda err: self.ghz_records(output, err)
        targets = b.vegeta_targets(gw, op)
        binfile = b.next_file("vegeta-" + leg.load.name, ".bin")
        cmd = b.vegeta_cmd(targets, leg.load, duration, False, binfile)
        if leg.laddr:
            cmd.append("-laddr=" + leg.laddr)  # 127.0.0.0/8 is all loopback
        return cmd, lambda err: self.vegeta_records(binfile, err)

    def vegeta_records(self, binfile, err):
        b = self.b
        encoded = binfile.with_suffix(".jsonl")
        with open(encoded, "w") as out, open(err, "a") as e:
            rc = b.procs.run("vegeta encode", b.load_cmd(
                [b.vegeta, "encode", "--to", "json", str(binfile)]), timeout=600,
                stdout=out, stderr=e)
        if rc != 0:
            raise cb.BenchError("vegeta encode failed (%d): %s" % (rc, err.read_text()[-2000:]))
        records = []
        with open(encoded) as f:
            for line in f:
                r = json.loads(line)
                code, error = r.get("code") or 0, r.get("error") or ""
                headers = r.get("headers") or {}
                records.append((classify_rest(code, error), r["latency"] / 1e9, str(code),
                                error, "Retry-After" in headers, _tod(r["timestamp"])))
        binfile.unlink(missing_ok=True)
        encoded.unlink(missing_ok=True)
        return records

    def ghz_records(self, output, err):
        if not output.exists() or output.stat().st_size == 0:
            raise cb.BenchError("ghz wrote no report: %s" % err.read_text()[-2000:])
        raw = json.loads(output.read_text())
        records = [(classify_grpc(d.get("status", "")), d["latency"] / 1e9,
                    d.get("status", ""), d.get("error") or "", False, _tod(d["timestamp"]))
                   for d in raw.get("details") or []]
        if len(records) < raw.get("count", 0):
            raise cb.BenchError("ghz reported %d calls but details of only %d" % (
                raw.get("count", 0), len(records)))
        output.unlink(missing_ok=True)
        return records

    def measure(self, gw, kind, mode, round_no, legs, multiple=None, recovery=False,
                window=None, settle=True, keep=True):
        """One window of the legs' load (the tools at once); per-request records; gateway CPU,
        the cores, new connections over the window; with `recovery` the probe right after the
        window's end, while the tools still wait for the answers in flight."""
        a, b = self.a, self.b
        window = window or a.window
        opens_b, t_b = passive_opens(), time.monotonic()
        settled = b.settle(gw) if settle else 0.0
        time.sleep(max(0.0, a.opens_baseline - (time.monotonic() - t_b)))
        background = (passive_opens() - opens_b) / max(time.monotonic() - t_b, 1e-3)
        prepared = [self.prepare(gw, leg, window) for leg in legs]
        errs = [b.next_file("tool", ".err") for _ in legs]
        procs = []
        s0 = self.snapshot(gw)
        try:
            for (cmd, _), err in zip(prepared, errs):
                with open(err, "w") as e:
                    procs.append(b.procs.start("%s load" % kind, cmd, stderr=e))
            end = s0.t + window
            while time.monotonic() < end and any(p.poll() is None for p in procs):
                time.sleep(min(0.1, max(0.0, end - time.monotonic())))
            s1 = self.snapshot(gw)
            probe = self.recover(gw, legs[0].protocol, s1.t) if recovery else None
            deadline = max(s0.t + window + 60, time.monotonic() + 30)
            for proc in procs:
                try:
                    proc.wait(timeout=max(1.0, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    raise cb.BenchError("%s load still running %.0f s after its window" % (
                        kind, time.monotonic() - end))
            t2, cpu2, threads2 = time.monotonic(), cb.process_cpu_seconds(gw.pid), \
                cb.thread_cpu_seconds(gw.pid)
        finally:
            for proc in procs:
                b.procs.stop(proc, grace=2)
        for proc, err, leg in zip(procs, errs, legs):
            if leg.protocol != "grpc" and proc.returncode != 0:
                raise cb.BenchError("vegeta failed (%s): %s" % (
                    proc.returncode, err.read_text()[-2000:]))
        leg_records = [collect(err) for (_, collect), err in zip(prepared, errs)]
        records = [r for rs in leg_records for r in rs]
        summary = summarise_records(records)
        counts = summary["counts"]
        answered = summary["answered"]
        cpu_window = s1.cpu - s0.cpu
        cpu_all = cpu2 - s0.cpu
        jit = cb.jit_cpu_seconds(s0.threads, threads2)
        elapsed = s1.t - s0.t
        opens_raw = s1.opens - s0.opens
        # connections accepted by others on the machine meanwhile (its background rate just
        # before the window) do not count
        opens = max(0.0, opens_raw - background * elapsed)
        foreign = cb.foreign_cpu_seconds(s0.sessions, s1.sessions, b.procs.sessions()) / elapsed
        gw_util = cb.utilisation(s0.stat, s1.stat, b.gateway_cpus)
        load_util = cb.utilisation(s0.stat, s1.stat, b.load_cpus)
        periods = s1.cgroup.get("nr_periods", 0) - s0.cgroup.get("nr_periods", 0)
        throttled = s1.cgroup.get("nr_throttled", 0) - s0.cgroup.get("nr_throttled", 0)
        rate = sum(leg.load.rate for leg in legs)
        flags = []
        if load_util >= cb.SATURATED:
            flags.append("load-saturated")
        if foreign >= cb.FOREIGN:
            flags.append("foreign-load")
        if cpu_all > 0 and jit / cpu_all >= cb.JIT_SHARE:
            flags.append("jit")
        if any(leg.load.rate and len(rs) < TOOL_LIMITED * leg.load.rate * window
               for leg, rs in zip(legs, leg_records)):
            flags.append("tool-limited")
        if kind == "burst" and mode == "adaptive" and multiple >= 2 and not counts["shed"]:
            flags.append("no-shed")
        if kind == "storm" and (not answered or counts["shed"] / answered < cb.EXPECTED_SHARE):
            flags.append("unexpected-status")
        if probe and probe["recovered_s"] is None:
            flags.append("not-recovered")
        if kind == "burst" and self.capacity.get(legs[0].protocol) and \
                counts["ok"] / window > ABOVE_CAPACITY * self.capacity[legs[0].protocol]:
            # more 2xx than 1x: the capacity cell under-measured the gateway (JIT still busy?)
            # and the multiples are not the overload they claim
            flags.append("above-capacity")
        if counts["ok"] == 0 and kind != "storm":
            flags.append("no-success")
        capacity = self.capacity.get(legs[0].protocol)
        record = {
            "round": round_no, "mode": mode, "kind": kind,
            "protocol": "+".join(leg.protocol for leg in legs), "multiple": multiple,
            "target_rate": rate, "capacity_1x": capacity,
            "connections": max(leg.load.connections for leg in legs),
            "workers": [leg.load.workers for leg in legs], "gateway": gw.name,
            "window_s": round(elapsed, 3), "sent": summary["sent"],
            "sent_rate": round(summary["sent"] / window, 1), "answered": answered,
            "answer_rate": round(answered / window, 1),
            "goodput": round(counts["ok"] / window, 1),
            "shed_rate": round(counts["shed"] / window, 1),
            **{k: counts[k] for k in KINDS},
            "status": summary["status"], "retry_after": summary["retry_after"],
            "errors": summary["errors"],
            **{k: summary[k] for k in ("ok_p50_ms", "ok_p99_ms", "shed_p50_ms", "shed_p99_ms",
                                       "all_p50_ms", "all_p99_ms")},
            "gateway_cpu_window_s": round(cpu_window, 3),
            "gateway_cpu_s": round(cpu_all, 3),
            "gateway_cores": round(cpu_window / elapsed, 4),
            "quota": gw.quota,
            "quota_used": round(cpu_window / elapsed / gw.quota, 4) if gw.quota else None,
            "throttled_periods": round(throttled / periods, 4) if periods else None,
            "cpu_us_per_answer": round(cpu_all * 1e6 / answered, 1) if answered else None,
            "cpu_us_per_answer_excl_jit":
                round((cpu_all - jit) * 1e6 / answered, 1) if answered else None,
            "jit_cpu_s": round(jit, 3),
            "new_connections": round(opens, 1), "new_connections_raw": opens_raw,
            "background_opens_per_s": round(background, 2),
            "new_connections_per_answer": round(opens / answered, 5) if answered else None,
            "new_connections_per_answer_raw":
                round(opens_raw / answered, 5) if answered else None,
            "gateway_core_util": round(gw_util, 4), "load_core_util": round(load_util, 4),
            "foreign_cpu_cores": round(foreign, 4), "settle_s": round(settled, 1),
            "recovery": probe, "recovery_s": probe["recovered_s"] if probe else None,
            "tail_s": round(t2 - s1.t, 1),
            "flags": flags, "command": " ; ".join(shlex.join(c) for c, _ in prepared),
        }
        if len(legs) > 1:
            record["by_leg"] = {leg.key(): leg_summary(leg, rs, window)
                                for leg, rs in zip(legs, leg_records)}
        if keep:
            # storm: its rate; capacity: nothing; others: the multiple (unique per gateway)
            suffix = "-%d" % rate if kind == "storm" else "" if multiple is None \
                else "-%gx" % multiple
            raw_name = "r%d-%s-%s-%s%s.csv.gz" % (round_no, mode, kind, record["protocol"],
                                                  suffix)
            self.write_raw(raw_name, records)
            record["raw"] = "raw/" + raw_name
            self.results["cells"].append(record)
        cb.log("r%d %-8s %-8s %-8s %5s %6d/s sent %7.1f/s ok %7.1f/s shed %5d tmo %5d conn %5d "
               "other %5d  p99 ok %s ms  shed p50 %s ms  gw %.2f cores  %s µs/answer  "
               "%s conns/answer%s%s %s" % (
                   round_no, mode, kind, record["protocol"],
                   "" if multiple is None else "%gx" % multiple, rate, record["sent_rate"],
                   record["goodput"], counts["shed"], counts["timeout"], counts["conn"],
                   counts["other"], record["ok_p99_ms"], record["shed_p50_ms"],
                   record["gateway_cores"], record["cpu_us_per_answer"],
                   record["new_connections_per_answer"],
                   "  recovery %s s" % (probe["recovered_s"],) if probe else "",
                   "".join("  %s: %.1f/s ok, %.1f %% 2xx, p99 ok %s ms" % (
                       name, x["goodput"], (x["ok_share"] or 0) * 100, x["ok_p99_ms"])
                       for name, x in record.get("by_leg", {}).items()),
                   ",".join(flags)))
        b.save()
        return record

    def write_raw(self, name, records):
        """Per-request records: offset from the first send (s), kind, status, latency (µs)."""
        if not records:
            return
        first = min(r[5] for r in records)
        with gzip.open(self.b.raw / name, "wt") as f:
            f.write("offset_s,kind,status,latency_us\n")
            for kind, latency, code, _, _, tod in sorted(records, key=lambda r: r[5]):
                f.write("%.6f,%s,%s,%d\n" % ((tod - first) % 86400, kind, code, latency * 1e6))

    # -- recovery -------------------------------------------------------------------------------

    def recover(self, gw, protocol, end):
        """From the end of the burst: a lone request every 50 ms (same op and protocol, a fresh
        connection each) until RECOVERY_STREAK in a row answer 2xx/OK in < 100 ms; the time
        from the end of the burst to the first of them. No probe starts after
        --recovery-timeout."""
        deadline = end + self.a.recovery_timeout
        streak, first, log = 0, None, []
        probe = self.grpc_probe(gw) if protocol == "grpc" else self.rest_probe(gw)
        next_at = time.monotonic()
        while True:
            now = time.monotonic()
            if now < next_at:
                time.sleep(next_at - now)
            sent = time.monotonic()
            if sent > deadline:
                break
            next_at = sent + RECOVERY_INTERVAL
            ok, latency, what = probe(min(10.0, max(1.0, deadline - sent)))
            log.append((round(sent - end, 3), what, round(latency * 1000, 2)))
            if ok and latency < RECOVERY_FAST:
                if streak == 0:
                    first = sent
                streak += 1
                if streak >= RECOVERY_STREAK:
                    return {"recovered_s": round(max(0.0, first - end), 3), "probes": len(log),
                            "first_probes": log[:20], "last_probes": log[-5:]}
            else:
                streak = 0
        return {"recovered_s": None, "probes": len(log), "first_probes": log[:20],
                "last_probes": log[-5:]}

    def rest_probe(self, gw):
        url = urlsplit(gw.rest)
        method, path, body = cb.OPS["create"].rest
        data = json.dumps(body).encode()
        context = ssl._create_unverified_context() if url.scheme == "https" else None

        def probe(timeout):
            if context:
                conn = http.client.HTTPSConnection(url.hostname, url.port, timeout=timeout,
                                                   context=context)
            else:
                conn = http.client.HTTPConnection(url.hostname, url.port, timeout=timeout)
            start = time.monotonic()
            try:
                conn.request(method, path, data, {"Content-Type": "application/json"})
                response = conn.getresponse()
                response.read()
                status = response.status
                what = str(status)
            except (OSError, http.client.HTTPException) as e:
                status, what = 0, type(e).__name__
            finally:
                conn.close()
            return 200 <= status < 300, time.monotonic() - start, what

        return probe

    def grpc_probe(self, gw):
        """One ghz call per probe (a fresh process and connection, ~10 ms to start); the
        latency is ghz's own for the call."""
        b = self.b
        method, data = b.ghz_data(cb.OPS["create"])
        output = b.next_file("ghz-probe", ".json")

        def probe(timeout):
            output.unlink(missing_ok=True)
            cmd = b.ghz_cmd(gw, method, data, cb.Load("probe", 0, 1), timeout, output, count=1)
            start = time.monotonic()
            b.procs.run("ghz probe", cmd, timeout=timeout + 30)
            try:
                detail = json.loads(output.read_text())["details"][0]
                return detail["status"] == "OK", detail["latency"] / 1e9, detail["status"]
            except (OSError, ValueError, KeyError, IndexError, TypeError):
                return False, time.monotonic() - start, "no-report"

        return probe


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


# ---------------------------------------------------------------------------------------------
# report


METRICS = ("goodput", "goodput_vs_off", "shed_rate", "sent_rate", "answer_rate", "ok_p50_ms",
           "ok_p99_ms", "shed_p50_ms", "shed_p99_ms", "all_p50_ms", "all_p99_ms", "gateway_cores",
           "quota_used", "throttled_periods", "cpu_us_per_answer", "cpu_us_per_answer_excl_jit",
           "new_connections_per_answer",
           "recovery_s", "load_core_util", "foreign_cpu_cores", "background_opens_per_s",
           "sent", "answered", "ok_share", "shed_share", "timeout_share", "conn_share",
           "other_share", "non_ok_share") + KINDS


def summarise(cells):
    """(kind, protocol, x, mode) -> median/min/max over rounds; x = multiple, storm: rate.
    goodput_vs_off = goodput ÷ that of `off`'s cell of the same round; per leg of a cell of
    several (by_leg): "<leg>:goodput", "<leg>:ok_p99_ms", "<leg>:<kind>_share"."""
    def cell_key(c):
        return (c["kind"], c["protocol"], c["target_rate"] if c["kind"] == "storm"
                else c["multiple"])

    groups = {}
    off = {cell_key(c) + (c["round"],): c["goodput"] for c in cells if c["mode"] == "off"}
    for c in cells:
        groups.setdefault(cell_key(c) + (c["mode"],), []).append(c)
        base = off.get(cell_key(c) + (c["round"],))
        c.setdefault("goodput_vs_off", c["goodput"] / base if base else None)
        for name, leg in (c.get("by_leg") or {}).items():
            for k in KINDS:
                c.setdefault("%s:%s_share" % (name, k),
                             leg["counts"][k] / leg["sent"] if leg["sent"] else None)
            for k in ("goodput", "ok_p99_ms"):
                c.setdefault("%s:%s" % (name, k), leg.get(k))
    summary = {}
    for key, cs in groups.items():
        entry = {"rounds": len(cs), "flags": {}, "target_rate": sorted(
            {c["target_rate"] for c in cs}), "not_recovered": 0}
        for c in cs:
            for k in KINDS:
                c.setdefault(k + "_share", c[k] / c["sent"] if c["sent"] else None)
            c.setdefault("non_ok_share", 1 - c["ok"] / c["sent"] if c["sent"] else None)
        for metric in METRICS + tuple(sorted({k for c in cs for k in c if ":" in k})):
            values = [c[metric] for c in cs if c.get(metric) is not None]
            entry[metric] = ({"median": statistics.median(values), "min": min(values),
                              "max": max(values), "sum": sum(values)} if values else None)
        for c in cs:
            for flag in c["flags"]:
                entry["flags"][flag] = entry["flags"].get(flag, 0) + 1
            if c.get("recovery") and c["recovery"]["recovered_s"] is None:
                entry["not_recovered"] += 1
        summary[key] = entry
    return summary


def fmt(stat, digits=0, scale=1.0):
    return cb.fmt(stat, digits, scale)


def med(stat):
    return stat["median"] if stat else None


def flags_text(s):
    return ", ".join("%s (%d/%d)" % (f, n, s["rounds"]) for f, n in s["flags"].items())


def write_report(out, data):
    meta, ov = data["meta"], data["overload"]
    opts = meta["options"]
    cells = ov["cells"]
    summary = summarise(cells)
    modes = opts["modes"]
    protocols = opts["overload_protocols"]
    lines = []
    w = lines.append
    w("# Gateway overload (issue #22, item 3)")
    w("")
    cb.report_header(meta, w)
    q, sq = ov.get("quota"), ov.get("storm_quota")
    if q:
        w("- gateway CPU quota: **%g CPU** = cgroup v1 `%s`, `cpu.cfs_quota_us` %d per "
          "`cpu.cfs_period_us` %d; each gateway JVM (all its threads, via `cgroup.procs`) moved "
          "in after its start, deployment and warm-up (on the whole core); the group is removed at the "
          "end. Brokers, vegeta, ghz and the harness on CPU %s without a limit" % (
              q["cpus"], q["group"], q["cfs_quota_us"], q["cfs_period_us"],
              meta["placement"]["load_cpus"]))
    else:
        w("- gateway CPU quota: none (`--gateway-quota 0`)")
    if uses_refusing_opts(opts):
        w("- backpressure storm gateways: %s" % (
            "quota %g CPU (`cpu.cfs_quota_us` %d)" % (sq["cpus"], sq["cfs_quota_us"]) if sq
            else "no quota (`--storm-quota 0`): the whole gateway CPU, as the cost cells"))
    caps = ov.get("capacity_rates") or {}
    if caps:
        w("- 1× (the rates' base): %s; from %s" % (", ".join(
            "%s %.0f OK/s" % kv for kv in sorted(caps.items())), ov.get("capacity_source")))
    w("- per cell: window %ss; %s round(s), modes alternating in order (reversed every other "
      "round), a fresh gateway per mode and round; client timeout 10 s (vegeta `-timeout`, ghz "
      "`-t`); before each cell the gateway must use < %.0f ms CPU/s (settle; %.0f %% of its "
      "quota, else of a core); the capacity cells run their closed loop %s s before their "
      "window" % (opts["window"], opts["rounds"], (q or {}).get("settle_limit_cores",
                                                               cb.SETTLED) * 1000,
                  cb.SETTLED * 100, opts["warmup"]))
    warmups = [x["warmup"]["seconds"] for x in data.get("gateways", []) if x.get("warmup")]
    if warmups:
        w("- gateway warm-up (on the whole core, before the quota; REST + gRPC closed loop, create, on the refusing "
          "cluster backpressure; %s s, then on until the JIT uses < 5 %% of the gateway's CPU, "
          "at most %s s): took %.0f s median [%.0f–%.0f]" % (
              opts["gateway_warmup"], opts.get("gateway_warmup_max"),
              statistics.median(warmups), min(warmups), max(warmups)))
    idle = [x["idle_cpu_ms_per_s"] for x in data.get("gateways", [])
            if x.get("idle_cpu_ms_per_s") is not None]
    if idle:
        w("- idle gateway (after its warm-up): %.1f ms CPU/s median [%.1f–%.1f]" % (
            statistics.median(idle), min(idle), max(idle)))
    opens = [x["idle_passive_opens_per_s"] for x in data.get("gateways", [])
             if x.get("idle_passive_opens_per_s") is not None]
    if opens:
        w("- connections the kernel accepted while the gateway idled (others on the machine; "
          "measured again before each window and subtracted): %.2f/s median [%.2f–%.2f]" % (
              statistics.median(opens), min(opens), max(opens)))
    checks = {x["mode_check"] for x in data.get("gateways", [])}
    if any(not c.startswith("ok") for c in checks):
        w("- **mode check**: %s" % "; ".join(sorted(checks)))
    w("")
    w("Every number is the median over rounds, [min–max] when they differ. Answers by kind, "
      "from each request's record (vegeta `encode`, ghz `details`): **2xx** (gRPC OK); "
      "**shed** = REST 503 (the limit's RESOURCE_EXHAUSTED ProblemDetail, or a broker's "
      "backpressure) / gRPC RESOURCE_EXHAUSTED; **timeout** = the client gave up after 10 s; "
      "**conn** = connection refused / reset / EOF, gRPC UNAVAILABLE; **other** = anything "
      "else. In %% of the requests sent. Goodput = 2xx per second of window. p50/p99 ok = "
      "latency of the successes only; shed p50/p99 = of the shed answers. Gateway cores = its "
      "JVM's CPU over the window ÷ window (quota used = ÷ the quota). CPU µs/answer = its CPU "
      "from the window's start until the tool ended ÷ answers (2xx, shed, other statuses). "
      "New conns/answer = `Tcp: PassiveOpens` of /proc/net/snmp over the window, less the "
      "background (its rate over %s s before the window × the window; raw figures in "
      "results.json), ÷ answers: the counter is machine-wide, and of our processes only the "
      "gateway accepts connections during a window (the broker's come from the gateway at its "
      "start). Recovery = from the burst's end, a "
      "lone request every 50 ms (fresh connection, same op and API) until 3 in a row answer "
      "2xx in < 100 ms: the time to the first of them (– = not within %s s). Flags (rounds): "
      "tool-limited = the tool sent < 95 %% of rate × window, load-saturated = the load "
      "core ≥ 90 %% busy, foreign-load = others used ≥ 10 %% of a core, jit = the JIT used "
      "≥ 10 %% of the gateway's CPU, no-shed = `adaptive` shed nothing at ≥ 2× (is the limit in this "
      "build?), not-recovered, above-capacity = more than 110 %% of 1× answered 2xx: the "
      "capacity cells under-measured the gateway (the JIT still compiling?) and the multiples "
      "are less overload than they say, unexpected-status (storm: < 95 %% shed)." % (
          opts.get("opens_baseline"), opts.get("recovery_timeout")))
    w("")

    capacity = {}
    for p in protocols:
        values = [c["goodput"] for c in cells if c["kind"] == "capacity" and c["protocol"] == p
                  and c["mode"] == "off"]
        if values:
            capacity[p] = {"median": statistics.median(values), "min": min(values),
                           "max": max(values), "n": len(values)}
    rows = [(p, m, summary[("capacity", p, None, m)]) for p in protocols
            for m in ["off"] + [m for m in modes if m != "off"]
            if ("capacity", p, None, m) in summary]
    if rows:
        w("## Capacity: closed loop, %d connections" % opts["overload_connections"])
        w("")
        w("The gateway saturated at its quota: 2xx per second. Every mode runs these first (the "
          "same history before its open-loop cells); `off`'s are the capacity: 1× of the "
          "open-loop cells is the first of them, \"capacity\" below their median (%s)." % (
              ", ".join("%s %.0f 2xx/s over %d gateway(s)" % (p, c["median"], c["n"])
                        for p, c in capacity.items()) or "none"))
        w("")
        w("| API | mode | 2xx/s | CPU µs/answer | p50 ok ms | p99 ok ms | gw cores | "
          "quota used % | throttled periods % | shed % | other % | flags |")
        w("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
        for p, m, s in rows:
            w("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                p, m, fmt(s["goodput"]), fmt(s["cpu_us_per_answer"]), fmt(s["ok_p50_ms"], 2),
                fmt(s["ok_p99_ms"], 2), fmt(s["gateway_cores"], 2),
                fmt(s["quota_used"], 0, 100), fmt(s["throttled_periods"], 0, 100),
                fmt(s["shed_share"], 1, 100), fmt(s["other_share"], 1, 100), flags_text(s)))
        w("")

    def rows_of(kind, names=protocols):
        return [(p, x, m, summary[(kind, p, x, m)])
                for p in names
                for x in sorted({k[2] for k in summary if k[0] == kind and k[1] == p})
                for m in modes if (kind, p, x, m) in summary]

    unloaded = rows_of("unloaded")
    if unloaded:
        w("## Unloaded: open loop at %g %% of capacity" % (opts["unloaded_share"] * 100))
        w("")
        w("| API | mode | rate/s | 2xx/s | p50 ok ms | p99 ok ms | non-2xx % | flags |")
        w("|---|---|---:|---:|---:|---:|---:|---|")
        for p, x, m, s in unloaded:
            w("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
                p, m, "/".join(map(str, s["target_rate"])), fmt(s["goodput"]),
                fmt(s["ok_p50_ms"], 2), fmt(s["ok_p99_ms"], 2),
                fmt(s["non_ok_share"], 1, 100), flags_text(s)))
        w("")

    def unloaded_p99(p, m):
        s = summary.get(("unloaded", p, opts["unloaded_share"], m))
        return med(s["ok_p99_ms"]) if s else None

    bursts = rows_of("burst")
    if bursts:
        w("## Overload: open loop at %s × capacity, creates" % ", ".join(
            "%g" % x for x in opts["overload_multiples"]))
        w("")
        w("vegeta `-rate R/s -timeout 10s -max-workers min(10 R, %d)` (keep-alive; it opens "
          "connections as it needs them), ghz `--rps R -t 10s -c min(10 R, %d) --connections "
          "%d`. Answers in %% of the requests sent." % (
              opts["overload_max_workers"], opts["overload_max_workers"],
              opts["grpc_connections"]))
        w("")
        w("| API | × | mode | rate/s | sent/s | goodput/s | % of capacity | 2xx % | shed % | "
          "timeout % | conn % | other % | flags |")
        w("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
        for p, x, m, s in bursts:
            cap = capacity.get(p)
            share = "%.0f" % (med(s["goodput"]) * 100 / cap["median"]) if cap and cap[
                "median"] and s["goodput"] else "–"
            w("| %s | %g | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                p, x, m, "/".join(map(str, s["target_rate"])), fmt(s["sent_rate"]),
                fmt(s["goodput"]), share, fmt(s["ok_share"], 1, 100),
                fmt(s["shed_share"], 1, 100), fmt(s["timeout_share"], 1, 100),
                fmt(s["conn_share"], 1, 100), fmt(s["other_share"], 1, 100), flags_text(s)))
        w("")
        w("| API | × | mode | p50 ok ms | p99 ok ms | p99 ÷ unloaded | shed p50 ms | "
          "shed p99 ms | gw cores | quota used % | CPU µs/answer | new conns/answer | "
          "recovery s |")
        w("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for p, x, m, s in bursts:
            base = unloaded_p99(p, m)
            factor = "%.1f" % (med(s["ok_p99_ms"]) / base) if base and s["ok_p99_ms"] else "–"
            recovery = fmt(s["recovery_s"], 2)
            if s["not_recovered"]:
                recovery += " (%d/%d not)" % (s["not_recovered"], s["rounds"])
            w("| %s | %g | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                p, x, m, fmt(s["ok_p50_ms"], 2), fmt(s["ok_p99_ms"], 1), factor,
                fmt(s["shed_p50_ms"], 2), fmt(s["shed_p99_ms"], 1), fmt(s["gateway_cores"], 2),
                fmt(s["quota_used"], 0, 100), fmt(s["cpu_us_per_answer"]),
                fmt(s["new_connections_per_answer"], 3), recovery))
        w("")

    resend = rows_of("resend", PROTOCOLS)
    if resend:
        n = opts["resend_connections"]
        w("## Resend at once (%d connections)" % n)
        w("")
        w("Closed loop: each connection sends again as soon as it has its answer, 2xx or not "
          "(vegeta `-rate=0 -workers %d -max-workers %d`, ghz `-c %d --connections %d`). "
          "÷ off = goodput ÷ `off`'s in the same round." % (n, n, n, opts["grpc_connections"]))
        w("")
        w("| API | mode | goodput/s | ÷ off | shed/s | p99 ok ms | timeout % | conn % | "
          "flags |")
        w("|---|---|---:|---:|---:|---:|---:|---:|---|")
        for p, x, m, s in resend:
            w("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                p, m, fmt(s["goodput"]), fmt(s["goodput_vs_off"], 2), fmt(s["shed_rate"]),
                fmt(s["ok_p99_ms"], 1), fmt(s["timeout_share"], 1, 100),
                fmt(s["conn_share"], 1, 100), flags_text(s)))
        w("")

    callers = rows_of("callers", ["rest+rest"])
    if callers:
        w("## Two callers: REST, A at %g %% of capacity beside B resending at once" % (
            opts["callers_share"] * 100))
        w("")
        w("At once: caller A an open loop from source address %s (vegeta `-laddr`), caller B "
          "the closed loop of %d connections above from 127.0.0.1. A's answers in %% of its "
          "requests sent; B's goodput = its 2xx per second." % (
              CALLER_A_ADDR, opts["resend_connections"]))
        w("")
        w("| mode | A rate/s | A 2xx % | A p99 ok ms | A shed % | A timeout % | A conn % | "
          "B goodput/s | B p99 ok ms | flags |")
        w("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
        for p, x, m, s in callers:
            w("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                m, "/".join(map(str, s["target_rate"])), fmt(s["A:ok_share"], 1, 100),
                fmt(s["A:ok_p99_ms"], 1), fmt(s["A:shed_share"], 1, 100),
                fmt(s["A:timeout_share"], 1, 100), fmt(s["A:conn_share"], 1, 100),
                fmt(s["B:goodput"]), fmt(s["B:ok_p99_ms"], 1), flags_text(s)))
        w("")

    storms = rows_of("storm", STORM_PROTOCOLS)
    if storms:
        w("## Backpressure storm: every create refused by the broker (RESOURCE_EXHAUSTED)")
        w("")
        w("Open loop at the rate; `rest-tls` = REST over HTTPS (self-signed RSA 2048, PEM via "
          "`SERVER_SSL_*`; vegeta `-insecure`), a gateway of its own. `off` keeps the "
          "connection after an error answer, `stock` closes it (Tomcat's behaviour).")
        w("")
        w("| API | rate/s | mode | answers/s | shed % | CPU µs/answer | excl. JIT | "
          "new conns/answer | background conns/s | p50 ms | p99 ms | gw cores | quota used % "
          "| timeout % | conn % | flags |")
        w("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
        for p, x, m, s in storms:
            w("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |"
              % (p, x, m, fmt(s["answer_rate"]), fmt(s["shed_share"], 1, 100),
                 fmt(s["cpu_us_per_answer"]), fmt(s["cpu_us_per_answer_excl_jit"]),
                 fmt(s["new_connections_per_answer"], 3), fmt(s["background_opens_per_s"], 1),
                 fmt(s["all_p50_ms"], 2), fmt(s["all_p99_ms"], 1), fmt(s["gateway_cores"], 2),
                 fmt(s["quota_used"], 0, 100), fmt(s["timeout_share"], 1, 100),
                 fmt(s["conn_share"], 1, 100), flags_text(s)))
        w("")
        ratios = []
        for x in sorted({k[2] for k in summary if k[0] == "storm"}):
            for m in modes:
                tls, plain = summary.get(("storm", "rest-tls", x, m)), summary.get(
                    ("storm", "rest", x, m))
                if tls and plain and med(tls["cpu_us_per_answer"]) and \
                        med(plain["cpu_us_per_answer"]):
                    ratios.append("%s at %s/s: %.0f / %.0f µs = %.2f×" % (
                        m, x, med(tls["cpu_us_per_answer"]), med(plain["cpu_us_per_answer"]),
                        med(tls["cpu_us_per_answer"]) / med(plain["cpu_us_per_answer"])))
        if ratios:
            w("CPU per REST answer, TLS ÷ plaintext: " + "; ".join(ratios) + ".")
            w("")

    soak = ov.get("soak") or []
    if soak:
        setup = ov.get("soak_setup") or {}
        w("## Soak: %s min open loop at %.0f %% of REST capacity (%s/s: REST %s/s, gRPC %s/s), "
          "mode `%s`" % (
              round(setup.get("windows", 0) * setup.get("window_minutes", 0), 1),
              opts["soak_share"] * 100, setup.get("rate"), setup.get("rest_rate"),
              setup.get("grpc_rate"), setup.get("mode")))
        w("")
        w("Per window of %s min. RSS = VmRSS of /proc/<pid>/status after the window; heap = "
          "heap used right after `jcmd <pid> GC.run` (`jcmd <pid> GC.heap_info`). Before the "
          "first window: RSS %s MB, heap %s MB." % (
              setup.get("window_minutes"), _mb((ov.get("soak_start") or {}).get("rss_kb")),
              _mb((ov.get("soak_start") or {}).get("heap_after_gc_kb"))))
        w("")
        w("| window | sent/s | goodput/s | non-2xx % | p99 ok ms | CPU µs/answer | gw cores | "
          "RSS MB | heap after GC MB | flags |")
        w("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
        for r in soak:
            w("| %d | %.0f | %.0f | %.1f | %s | %s | %.2f | %s | %s | %s |" % (
                r["soak_window"], r["sent_rate"], r["goodput"],
                (1 - r["ok"] / r["sent"]) * 100 if r["sent"] else 0,
                "–" if r["ok_p99_ms"] is None else "%.1f" % r["ok_p99_ms"],
                "–" if r["cpu_us_per_answer"] is None else "%.0f" % r["cpu_us_per_answer"],
                r["gateway_cores"],
                _mb(r.get("rss_kb")), _mb(r.get("heap_after_gc_kb")), ", ".join(r["flags"])))
        w("")
        answers = setup.get("workers", {}).get("answers")
        if answers:
            w("Job workers beside the load: %d REST workers long-polling `ship` jobs and "
              "completing them, `order` instances created for them at %s/s over REST. Their "
              "requests by outcome (an HTTP status, or the error a closed connection gave): %s."
              % (setup["workers"]["count"], setup["workers"]["order_rate"],
                 ", ".join("%s %d" % kv for kv in answers.items())))
            w("")
        if len(soak) >= 3:
            w("Change from window 2 to the last: " + "; ".join(
                "%s %s" % (label, _change(soak[1].get(k), soak[-1].get(k)))
                for label, k in (("RSS", "rss_kb"), ("heap after GC", "heap_after_gc_kb"),
                                 ("CPU µs/answer", "cpu_us_per_answer"),
                                 ("p99 ok", "ok_p99_ms"))) + " (window 1 holds the JIT's and "
              "the pools' growth).")
            w("")

    acceptance = evaluate(summary, capacity, opts, unloaded_p99)
    if acceptance:
        w("## Acceptance")
        w("")
        w("Medians over rounds; `adaptive` unless said.")
        w("")
        w("| criterion | value | verdict |")
        w("|---|---|---|")
        for row in acceptance:
            w("| %s | %s | %s |" % row)
        w("")
    w("Per-request records of every window: `raw/*.csv.gz` (offset s, kind, status, latency "
      "µs); every cell with its tool command: `results.json` (`overload.cells`).")
    (out / "report.md").write_text("\n".join(lines) + "\n")
    return out / "report.md"


def _mb(kb):
    return "–" if kb is None else "%.0f" % (kb / 1024)


def _change(a, b):
    if not a or b is None:
        return "–"
    return "%+.1f %%" % ((b - a) * 100 / a)


def evaluate(summary, capacity, opts, unloaded_p99):
    rows = []
    multiples = [x for x in opts.get("overload_multiples") or [] if x >= 2]

    def verdict(ok):
        return "met" if ok else "**missed**"

    bursts = any(k[0] == "burst" for k in summary)
    for p in opts["overload_protocols"] if bursts else []:
        cap = capacity.get(p)
        for x in multiples:
            s = summary.get(("burst", p, x, "adaptive"))
            name = "%s goodput at %g× ≥ %.0f %% of capacity" % (p, x, GOODPUT_SHARE * 100)
            if not s or not cap or not s["goodput"]:
                rows.append((name, "not measured", "n/a"))
            else:
                share = med(s["goodput"]) / cap["median"]
                rows.append((name, "%.0f / %.0f 2xx/s = %.0f %% (goodput over rounds %s, "
                             "capacity %.0f–%.0f)" % (
                                 med(s["goodput"]), cap["median"], share * 100,
                                 fmt(s["goodput"]), cap["min"], cap["max"]),
                             verdict(share >= GOODPUT_SHARE)))
        timeouts = [summary[k]["timeout"]["sum"] for k in summary
                    if k[0] == "burst" and k[1] == p and k[3] == "adaptive"
                    and summary[k]["timeout"]]
        sent = [summary[k]["sent"]["sum"] for k in summary
                if k[0] == "burst" and k[1] == p and k[3] == "adaptive" and summary[k]["sent"]]
        name = "%s: no client timeouts (every burst, every round)" % p
        if not timeouts:
            rows.append((name, "not measured", "n/a"))
        else:
            rows.append((name, "%d of %d requests" % (sum(timeouts), sum(sent)),
                         verdict(sum(timeouts) == 0)))
        for x in multiples:
            s = summary.get(("burst", p, x, "adaptive"))
            base = unloaded_p99(p, "adaptive")
            name = "%s p99 of successes at %g× ≤ %g × unloaded p99" % (p, x, P99_FACTOR)
            if not s or not s["ok_p99_ms"] or not base:
                rows.append((name, "not measured", "n/a"))
            else:
                f = med(s["ok_p99_ms"]) / base
                rows.append((name, "%.1f / %.2f ms = %.1f×" % (med(s["ok_p99_ms"]), base, f),
                             verdict(f <= P99_FACTOR)))
        for x in multiples:
            s = summary.get(("burst", p, x, "adaptive"))
            name = "%s shed answers at %g×: median ≤ %g ms" % (p, x, SHED_MEDIAN_MS)
            if not s:
                rows.append((name, "not measured", "n/a"))
            elif not s["shed_p50_ms"]:
                rows.append((name, "nothing shed", "n/a"))
            else:
                rows.append((name, "%s ms (p99 %s ms)" % (fmt(s["shed_p50_ms"], 2),
                                                         fmt(s["shed_p99_ms"], 1)),
                             verdict(med(s["shed_p50_ms"]) <= SHED_MEDIAN_MS)))
        for x in multiples:
            s = summary.get(("burst", p, x, "adaptive"))
            name = "%s recovery after %g× ≤ %g s" % (p, x, RECOVERY_MAX_S)
            if not s:
                rows.append((name, "not measured", "n/a"))
            elif s["not_recovered"]:
                rows.append((name, "not recovered in %d of %d rounds (others: %s s)" % (
                    s["not_recovered"], s["rounds"], fmt(s["recovery_s"], 2)), "**missed**"))
            else:
                rows.append((name, "%s s" % fmt(s["recovery_s"], 2),
                             verdict(med(s["recovery_s"]) <= RECOVERY_MAX_S)))
    rates = sorted({k[2] for k in summary if k[0] == "storm"})
    for p in STORM_PROTOCOLS:
        for x in rates:
            s = summary.get(("storm", p, x, "off"))
            if not s:
                continue
            v = med(s["new_connections_per_answer"])
            rows.append(("backpressure %s at %s/s, `off`: new connections per answer ≤ %g" % (
                p, x, CONNS_PER_ANSWER), "%s" % fmt(s["new_connections_per_answer"], 4),
                "n/a" if v is None else verdict(v <= CONNS_PER_ANSWER)))
    for x in rates:
        tls, plain = summary.get(("storm", "rest-tls", x, "off")), summary.get(
            ("storm", "rest", x, "off"))
        name = "TLS CPU per REST 503 ≤ %g × plaintext at %s/s, `off`" % (TLS_CPU_RATIO, x)
        if not tls or not plain or not med(tls["cpu_us_per_answer"]) or \
                not med(plain["cpu_us_per_answer"]):
            if tls or plain:
                rows.append((name, "not measured", "n/a"))
            continue
        r = med(tls["cpu_us_per_answer"]) / med(plain["cpu_us_per_answer"])
        rows.append((name, "%.0f / %.0f µs = %.2f×" % (
            med(tls["cpu_us_per_answer"]), med(plain["cpu_us_per_answer"]), r),
            verdict(r <= TLS_CPU_RATIO)))
    return rows

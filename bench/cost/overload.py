"""Overload cells of the cost benchmark (issue #22, item 3): the gateway under a CPU quota, past
its capacity. Run through cost_bench.py (`--overload`, `--soak`); see bench/cost/README.md.

On the shared harness (benchlib: processes, brokers, gateway start in the modes of
bench/modes.json, load tool command lines, settling, /proc CPU accounting, results.json) it adds
a cgroup v1 CPU quota for the gateway, per-request records of every window (answers by kind,
latency of the successes and of the shed answers), new TCP connections the kernel accepted, a
recovery probe after each burst, the backpressure storm over plain and TLS REST, the soak and
the report. Python 3.11 standard library only.
"""
import argparse
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
import subprocess
import threading
import time
from collections import namedtuple
from dataclasses import dataclass
from urllib.parse import urlsplit

from benchlib import accounting as acc
from benchlib.aggregate import (LEGEND, figures, flags_text, fmt, gateway_lines, med, num, ratio,
                                report_header, spread, stats, summarise, table)
from benchlib.harness import FOREIGN, JIT_SHARE, EXPECTED_SHARE, SATURATED, SETTLED, Harness
from benchlib.options import add_options, names_of, positive_ints
from benchlib.procs import BenchError, log, taskset
from benchlib.sources import SourceAddresses
from benchlib.workload import MODES, OPS, PROTOCOLS, Cell, Load, round_order

RECOVERY_INTERVAL = 0.050  # a lone request every 50 ms ...
RECOVERY_FAST = 0.100  # ... until one answers 2xx/OK in less than this ...
RECOVERY_STREAK = 3  # ... this many times in a row
ABOVE_CAPACITY = 1.10  # a burst's goodput above this x 1x: flagged (1x was not the limit)
TOOL_LIMITED = 0.95  # an open loop that sent less than this share of rate x window: flagged
KINDS = ("ok", "shed", "timeout", "conn", "other")
CONN_ERRORS = ("connection refused", "connection reset", "EOF", "broken pipe",
               "server closed", "closed network connection", "Unavailable")

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
CALLER_A_ADDR = "127.0.0.2"  # callers cell: caller A's source address (B's: 127.0.0.1)
FLOOD_ADDR = "127.0.0.%d"  # floods cell: flooding caller i's source address (i from 3)
STORM_PROTOCOLS = ("rest", "rest-tls", "grpc")


# ---------------------------------------------------------------------------------------------
# options


def _capacity(value):
    result = {}
    for part in value.split(","):
        name, _, number = part.partition("=")
        if name.strip() not in PROTOCOLS or not number:
            raise argparse.ArgumentTypeError("PROTOCOL=OK/s,..., e.g. rest=700,grpc=900")
        result[name.strip()] = float(number)
    return result


def add_arguments(p):
    apis = names_of(PROTOCOLS, "API", allow_none=True)
    modes = names_of(list(MODES), "mode", allow_none=True)
    add_options(p.add_argument_group(
        "overload cells (--overload; bench/cost/overload.py). An overload run uses --modes "
        "(default off,adaptive,stock), --rounds (3) and --window (30 s; --smoke: 5 s, 1 round, "
        "multiples 1,2, storm at 300/s)"), [
        ("--overload", "flag", None, "run the overload cells (capacity, unloaded, 1x/2x/4x "
         "bursts with recovery, resend at once, two callers, backpressure storm), not the cost "
         "cells"),
        ("--soak", "flag", None, "run the soak (after the overload cells with --overload, alone "
         "without)"),
        ("--gateway-quota", float, 0.25, "the gateway's CPU quota, CPUs (cgroup v1 "
         "cpu.cfs_quota_us / cpu.cfs_period_us; default 0.25; 0 = none)"),
        ("--cfs-period-ms", float, 100.0, "the quota group's CFS period, ms (default 100: the "
         "gateway is throttled for at most period x (1 - quota) at a time)"),
        ("--storm-quota", float, 0.0, "CPU quota of the storm's gateways (default 0 = none: a "
         "storm measures the cost of an answer, not a saturated gateway's queue)"),
        ("--storm-warmup", float, None, "seconds of the same storm, not kept, before each storm "
         "cell (default 30; --smoke: 5)"),
        ("--opens-baseline", float, None, "before each window, count the connections the kernel "
         "accepts for this long (s) as the background subtracted from the window's (default 2; "
         "--smoke: 0.5)"),
        ("--overload-connections", int, 64, "capacity cells: closed-loop connections (default "
         "64)"),
        ("--overload-multiples", positive_ints, None, "open-loop rates as multiples of capacity "
         "(default 1,2,4)"),
        ("--overload-protocols", apis, list(PROTOCOLS), "APIs of the capacity, unloaded and "
         "burst cells (default rest,grpc)"),
        ("--overload-capacity", _capacity, None, "1x per API, e.g. rest=700,grpc=900, instead "
         "of the capacity measured first (the capacity cells still run in mode off)"),
        ("--unloaded-share", float, 0.10, "rate of the unloaded cells as a share of capacity "
         "(default 0.1)"),
        ("--recovery-timeout", float, None, "after a burst no recovery probe starts later than "
         "this, s (default 60; --smoke: 5)"),
        ("--overload-max-workers", int, 10000, "open loop: vegeta -max-workers / ghz -c = rate "
         "x 10 s, at most this (default 10000)"),
        ("--grpc-connections", int, 8, "ghz --connections of the overload cells (default 8)"),
        ("--resend-connections", int, 256, "resend and callers cells: connections of the closed "
         "loop that resends at once (default 256)"),
        ("--resend-cells", apis, list(PROTOCOLS), "APIs of the resend-at-once cells (default "
         "rest,grpc; none = no such cell)"),
        ("--callers-cells", apis, ["rest"], "two callers at once per API: A an open loop at "
         "--callers-share of capacity from 127.0.0.2, B the resend-at-once loop (default rest; "
         "none = no such cell; gRPC's A runs as its own user, its source address set by an "
         "nftables rule: needs root)"),
        ("--callers-share", float, 0.5, "caller A's rate as a share of the API's capacity "
         "(default 0.5)"),
        ("--callers-floods", int, 0, "per API of --callers-cells also a cell of A beside this "
         "many flooding callers, each a resend-at-once loop of --resend-connections / N "
         "connections from its own address, A at --callers-share / N of capacity, below its "
         "fair share (default 0: none)"),
        ("--storm-rates", positive_ints, None, "backpressure storm open-loop rates, /s (default "
         "300,1000)"),
        ("--storm-modes", modes, ["off", "stock"], "modes of the storm cells (default off,stock; "
         "none = no storm)"),
        ("--storm-protocols", names_of(STORM_PROTOCOLS, "API", allow_none=True), None, "storm "
         "APIs: rest, rest-tls (REST over HTTPS, own gateway), grpc (default all; --smoke: "
         "rest,rest-tls; none = no storm)"),
        ("--soak-minutes", float, None, "soak length (default 30)"),
        ("--soak-window-minutes", float, None, "soak measurement window (default 5)"),
        ("--soak-share", float, 0.70, "soak rate as a share of REST capacity (default 0.7)"),
        ("--soak-grpc-share", float, 0.0, "share of the soak rate sent as gRPC creates (default "
         "0)"),
        ("--soak-spike-every", float, 0.0, "soak: stop the gateway (SIGSTOP) this often, s, as "
         "a latency spike (default 0: none)"),
        ("--soak-spike-length", float, 1.5, "soak: how long each spike stops the gateway, s "
         "(default 1.5)"),
        ("--soak-workers", int, 0, "soak: REST job workers long-polling `ship` jobs and "
         "completing them, beside the load (default 0)"),
        ("--soak-worker-rate", float, 10.0, "soak: `order` instances created per second for the "
         "workers (default 10)"),
        ("--soak-mode", modes, ["adaptive"], "mode of the soak gateway (default adaptive)")])


def check_args(p, args):
    if args.gateway_quota < 0 or args.storm_quota < 0 or args.opens_baseline < 0 or \
            args.overload_connections <= 0 or args.resend_connections <= 0 or \
            args.overload_max_workers <= 0 or args.grpc_connections <= 0 or \
            not 0 <= args.callers_floods <= 200:
        p.error("quota not negative; connections and workers positive; --callers-floods in "
                "[0, 200]")
    if not 0 < args.unloaded_share <= 1 or not 0 < args.soak_share <= 2 or \
            not 0 <= args.soak_grpc_share <= 1 or not 0 < args.callers_share <= 2:
        p.error("--unloaded-share in (0, 1], --soak-share and --callers-share in (0, 2], "
                "--soak-grpc-share in [0, 1]")
    if len(args.soak_mode) != 1:
        p.error("--soak-mode takes one mode")
    args.soak_mode = args.soak_mode[0]
    if args.soak and (args.soak_minutes <= 0 or args.soak_window_minutes <= 0):
        p.error("soak minutes must be positive")


def storm_modes(opts):
    """The modes with storm cells: of an argparse Namespace or of results.json's options."""
    opts = opts if isinstance(opts, dict) else vars(opts)
    if not opts.get("overload") or not opts.get("storm_protocols"):
        return []
    return [m for m in opts["modes"] if m in opts.get("storm_modes", [])]


def settle_limit(quota):
    """A gateway is quiet below SETTLED of a core, or that share of its quota."""
    return SETTLED * min(1.0, quota) if quota > 0 else SETTLED


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
    clock = re.split(r"[+-]", stamp[11:].rstrip("Z"))[0]
    h, m, s = clock.split(":")
    return int(h) * 3600 + int(m) * 60 + float(s)


def percentile(sorted_values, p):
    """Nearest rank: the smallest value with at least p % of the values at or below it."""
    if not sorted_values:
        return None
    return sorted_values[max(0, math.ceil(p / 100 * len(sorted_values)) - 1)]


def summarise_records(records):
    counts = {k: 0 for k in KINDS}
    lat = {k: [] for k in KINDS}
    status, errors = {}, {}
    retry_after = answered = 0
    for kind, latency, code, error, ra, _ in records:
        counts[kind] += 1
        lat[kind].append(latency)
        status[code] = status.get(code, 0) + 1
        retry_after += bool(ra)
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
    load: Load
    name: str = ""  # its key in a record's by_leg (default: the protocol)
    laddr: str = ""  # the source address (vegeta -laddr, gRPC: SourceAddresses; default: the
    # kernel's)

    def key(self):
        return self.name or self.protocol


# the counters at a window's start or end
Snapshot = namedtuple("Snapshot", "t cpu threads stat sessions opens cgroup")


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


class Overload(Harness):
    def __init__(self, args):
        super().__init__(args)
        a = args
        storm = a.storm_quota if self.uses_refusing() else 0.0
        quota = acc.CpuQuota(a.cfs_period_ms)
        self.group = quota if a.gateway_quota > 0 or storm > 0 else None
        self.capacity = dict(a.overload_capacity or {})  # API -> OK/s: 1x of the rates
        self.cert = None
        self.sources = SourceAddresses(log)  # gRPC legs from another address

        def describe(q):
            return {"cpus": q, "cfs_quota_us": quota.quota_us(q), "cfs_period_us": quota.period_us,
                    "group": str(quota.path), "settle_limit_cores": settle_limit(q)} \
                if q > 0 else None

        self.overload = self.results = {
            "quota": describe(a.gateway_quota),
            "storm_quota": describe(storm),
            "capacity_rates": self.capacity,
            "capacity_source": "--overload-capacity" if self.capacity else None,
            "cells": [], "soak": [], "soak_setup": None,
        }

    def uses_refusing(self):
        return bool(storm_modes(self.args))

    # -- plan ---------------------------------------------------------------------------------

    def capacity_needed(self):
        needed = set(self.args.overload_protocols) if self.args.overload else set()
        if self.args.overload:
            needed.update(self.args.callers_cells)
        if self.args.soak:
            needed.add("rest")
            if self.args.soak_grpc_share > 0:
                needed.add("grpc")
        return needed - set(self.capacity)

    def run(self):
        a = self.args
        self.begin()
        # an open loop may hold up to --overload-max-workers connections, the callers cell that
        # and --resend-connections more at once (the tools and the gateway inherit the limit)
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = a.overload_max_workers + a.resend_connections + 4096
        if soft < want:
            target = want if hard == resource.RLIM_INFINITY else min(want, hard)
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            if target < want:
                log("warning: open files limited to %d (hard limit): lower "
                    "--overload-max-workers or --resend-connections" % target)
        try:
            if self.group:
                self.group.create()
            brokers = self.start_brokers()
            if self.uses_refusing() and "rest-tls" in a.storm_protocols:
                self.make_certificate()
            needed = self.capacity_needed()
            if needed and not (a.overload and a.modes[0] == "off"
                               and needed <= set(a.overload_protocols)):
                # round 1 does not start with `off` (whose capacity cells come first): a
                # gateway of its own measures 1x
                self.main_gateway("off", 0, capacity_only=sorted(needed))
            if a.overload:
                for round_no in range(1, a.rounds + 1):
                    for mode in round_order(a.modes, round_no):
                        if a.overload_protocols or a.resend_cells or a.callers_cells:
                            self.main_gateway(mode, round_no)
                        if mode in storm_modes(a):
                            self.storm(mode, round_no)
            if a.soak:
                self.run_soak()
            for broker in brokers:
                self.procs.stop(broker)
        finally:
            self.sources.remove()
            if self.group:
                self.group.remove()
        self.end()

    def make_certificate(self):
        cert, key = self.tmp / "tls-cert.pem", self.tmp / "tls-key.pem"
        with open(self.logs / "openssl.log", "w") as f:
            rc = self.procs.run("openssl", self.load_cmd([
                "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                "-subj", "/CN=localhost",
                "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
                "-keyout", str(key), "-out", str(cert)]), timeout=60, stdout=f, stderr=f)
        if rc != 0:
            raise BenchError("openssl failed; see %s" % (self.logs / "openssl.log"))
        self.cert = (cert, key)

    def fresh_gateway(self, name, mode, round_no, quota, tls=False):
        """A fresh gateway: started, processes deployed, moved under the quota (0: none),
        warmed up, idle CPU measured."""
        label = name + ("-tls" if tls else "")
        gw = self.start_gateway(name, mode, round_no, tls=self.cert if tls else None,
                                label=label)
        gw.quota = quota if quota > 0 else None
        self.settle_limit = settle_limit(quota)
        try:
            self.deploy(gw)
            # warmed up on the whole core, as a pod that has been serving for a while: under a
            # small quota the JIT would take minutes and its threads would be measured instead
            warmup = self.gateway_warmup(gw, [], round_no, mode)
            if gw.quota:
                self.group.set(gw.quota)
                self.group.add(gw.pid)
            # connections the kernel accepts with no load: the background of every window's
            # "new connections" (cluster messaging, anything else on the machine)
            opens0, t0 = acc.passive_opens(), time.monotonic()
            idle = self.idle_cpu(gw)
            idle_opens = (acc.passive_opens() - opens0) / (time.monotonic() - t0) \
                if idle is not None else None
            self.note_gateway(gw, round_no, mode, label, warmup, idle, quota=gw.quota,
                              idle_passive_opens_per_s=None if idle_opens is None
                              else round(idle_opens, 2))
        except BaseException:
            self.procs.stop(gw.proc)
            raise
        return gw

    def main_gateway(self, mode, round_no, capacity_only=None):
        a = self.args
        gw = self.fresh_gateway("main", mode, round_no, a.gateway_quota)
        try:
            # every mode: the same history before its open-loop cells (the capacity cells warm
            # the gateway up further); `off`'s measure the capacity (1x of the open loops)
            for protocol in capacity_only or round_order(a.overload_protocols, round_no):
                self.capacity_cell(gw, protocol, mode, round_no)
            if capacity_only is not None:
                return
            protocols = round_order(a.overload_protocols, round_no)
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
            for protocol in round_order(a.resend_cells, round_no):
                self.measure(gw, "resend", mode, round_no, [Leg(protocol, resend)])
            for protocol in round_order(a.callers_cells, round_no):
                rate = max(1, round(a.callers_share * self.capacity_of(protocol)))
                self.measure(gw, "callers", mode, round_no, [
                    Leg(protocol, self.open_load("callers-A", rate), "A", CALLER_A_ADDR),
                    Leg(protocol, resend, "B")], multiple=a.callers_share)
                n = a.callers_floods
                if n:
                    share = a.callers_share / n
                    flood = self.closed_load("flood", max(8, a.resend_connections // n))
                    self.measure(gw, "floods", mode, round_no, [
                        Leg(protocol, self.open_load(
                            "floods-A", max(1, round(share * self.capacity_of(protocol)))),
                            "A", CALLER_A_ADDR)] + [
                        Leg(protocol, flood, "F%d" % i, FLOOD_ADDR % (2 + i))
                        for i in range(1, n + 1)], multiple=share)
        finally:
            self.procs.stop(gw.proc)

    def capacity_of(self, protocol):
        if protocol not in self.capacity:
            raise BenchError("no capacity for %s yet (a capacity cell failed?)" % protocol)
        return self.capacity[protocol]

    def capacity_cell(self, gw, protocol, mode, round_no):
        a = self.args
        load = self.closed_load("capacity", a.overload_connections)
        if a.warmup > 0:
            # the same closed loop for --warmup s first: hot paths compiled at this load
            self.settle(gw)
            self.run_load(gw, Cell(load, OPS["create"], protocol), a.warmup)
        record = self.measure(gw, "capacity", mode, round_no, [Leg(protocol, load)])
        if protocol not in self.capacity and mode == "off":
            if not record["goodput"]:
                raise BenchError("capacity of %s: no successful creation" % protocol)
            self.capacity[protocol] = record["goodput"]
            self.results["capacity_source"] = (
                "the first capacity cells (round %d, a gateway in mode off)" % round_no)
            log("1x capacity of %s: %.0f OK/s" % (protocol, record["goodput"]))

    def closed_load(self, name, connections):
        # vegeta -rate=0 -workers N -max-workers N, ghz -c N: each sends again at its answer
        return Load(name, 0, connections, grpc_connections=self.args.grpc_connections)

    def open_load(self, name, rate):
        # enough workers (connections) that the tool never limits the offered rate: 10 s of
        # requests (the timeout), at most --overload-max-workers
        workers = max(50, min(rate * 10, self.args.overload_max_workers))
        return Load(name, rate, 0, workers=workers, grpc_connections=self.args.grpc_connections)

    def storm(self, mode, round_no):
        a = self.args
        plain = [p for p in round_order(("rest", "grpc"), round_no) if p in a.storm_protocols]
        for tls in (False, True):
            protocols = ["rest-tls"] if tls else plain
            if not protocols or (tls and "rest-tls" not in a.storm_protocols):
                continue
            gw = self.fresh_gateway("refusing", mode, round_no, a.storm_quota, tls=tls)
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
                self.procs.stop(gw.proc)

    # -- soak -----------------------------------------------------------------------------------

    def run_soak(self):
        a = self.args
        rate = max(1, round(a.soak_share * self.capacity_of("rest")))
        grpc_rate = round(rate * a.soak_grpc_share)
        rest_rate = rate - grpc_rate
        legs = [Leg(p, self.open_load("soak", r))
                for p, r in (("rest", rest_rate), ("grpc", grpc_rate)) if r]
        windows = max(1, round(a.soak_minutes / a.soak_window_minutes))
        setup = self.results["soak_setup"] = {
            "mode": a.soak_mode, "rate": rate, "rest_rate": rest_rate, "grpc_rate": grpc_rate,
            "windows": windows, "window_minutes": a.soak_window_minutes,
            "spike_every_s": a.soak_spike_every, "spike_length_s": a.soak_spike_length,
            "heap": "jcmd GC.run, then jcmd GC.heap_info: heap used right after a full GC",
            "workers": {"count": a.soak_workers, "order_rate": a.soak_worker_rate}}
        log("soak: %d windows of %.1f min at %d/s (REST %d/s, gRPC %d/s), mode %s" % (
            windows, a.soak_window_minutes, rate, rest_rate, grpc_rate, a.soak_mode))
        gw = self.fresh_gateway("main", a.soak_mode, 0, a.gateway_quota)
        spikes = Spikes(gw.pid, a.soak_spike_every, a.soak_spike_length)
        workers = SoakWorkers(gw.rest, a.soak_workers, a.soak_worker_rate)
        try:
            workers.start()
            spikes.start()
            self.results["soak_start"] = self.memory(gw)
            for i in range(1, windows + 1):
                record = self.measure(gw, "soak", a.soak_mode, 0, legs, multiple=a.soak_share,
                                      window=a.soak_window_minutes * 60, settle=False,
                                      keep=False)
                record.update(self.memory(gw))
                record["soak_window"] = i
                record["workers"] = workers.snapshot()  # cumulative since the soak's start
                self.results["soak"].append(record)
                log("soak window %d/%d: RSS %.0f MB, heap after GC %.0f MB" % (
                    i, windows, (record["rss_kb"] or 0) / 1024,
                    (record["heap_after_gc_kb"] or 0) / 1024))
                self.save()
        finally:
            spikes.stop()
            workers.stop()
            setup["spikes"] = spikes.count
            setup["workers"]["answers"] = workers.snapshot()
            self.procs.stop(gw.proc)

    def memory(self, gw):
        """Gateway RSS (/proc/<pid>/status VmRSS) and its heap used right after a full GC."""
        out = self.next_file("jcmd", ".txt")
        for command in ("GC.run", "GC.heap_info"):
            self.jcmd(gw.pid, [command], out, 120)
        text = out.read_text()
        return {"rss_kb": acc.rss_kb(gw.pid), "heap_after_gc_kb": acc.heap_used_kb(text),
                "heap_info": text.split("## GC.heap_info", 1)[-1].strip().splitlines()[:3]}

    # -- one window -----------------------------------------------------------------------------

    def snapshot(self, gw):
        return Snapshot(time.monotonic(), acc.process_cpu_seconds(gw.pid),
                        acc.thread_cpu_seconds(gw.pid), acc.cpu_times(),
                        acc.sessions_cpu_seconds(), acc.passive_opens(),
                        self.group.stat() if gw.quota else {})

    def prepare(self, gw, leg, duration):
        """(command, collect): collect(err) gives the per-request records of the finished run."""
        op = OPS["backpressure" if gw.name == "refusing" else "create"]
        if leg.protocol == "grpc":
            method, data = self.ghz_data(op)
            output = self.next_file("ghz-" + leg.load.name, ".json")
            cmd = self.ghz_cmd(gw, method, data, leg.load, duration, output)
            if leg.laddr:
                # ghz binds no source address: it runs as a user whose connections are rewritten
                output.touch(mode=0o666)
                output.chmod(0o666)
                cmd = self.sources.wrap(cmd, taskset(self.args.load_cpus), leg.laddr,
                                        int(gw.grpc.rsplit(":", 1)[1]))
            return cmd, lambda err: self.ghz_records(output, err)
        targets = self.vegeta_targets(gw, op)
        binfile = self.next_file("vegeta-" + leg.load.name, ".bin")
        cmd = self.vegeta_cmd(targets, leg.load, duration, False, binfile)
        if leg.laddr:
            cmd.append("-laddr=" + leg.laddr)  # 127.0.0.0/8 is all loopback
        return cmd, lambda err: self.vegeta_records(binfile, err)

    def vegeta_records(self, binfile, err):
        encoded = binfile.with_suffix(".jsonl")
        with open(encoded, "w") as out, open(err, "a") as e:
            rc = self.procs.run("vegeta encode", self.load_cmd(
                [self.vegeta, "encode", "--to", "json", str(binfile)]), timeout=600,
                stdout=out, stderr=e)
        if rc != 0:
            raise BenchError("vegeta encode failed (%d): %s" % (rc, err.read_text()[-2000:]))
        records = []
        with open(encoded) as f:
            for line in f:
                r = json.loads(line)
                code, error = r.get("code") or 0, r.get("error") or ""
                records.append((classify_rest(code, error), r["latency"] / 1e9, str(code),
                                error, "Retry-After" in (r.get("headers") or {}),
                                _tod(r["timestamp"])))
        binfile.unlink(missing_ok=True)
        encoded.unlink(missing_ok=True)
        return records

    def ghz_records(self, output, err):
        if not output.exists() or output.stat().st_size == 0:
            raise BenchError("ghz wrote no report: %s" % err.read_text()[-2000:])
        raw = json.loads(output.read_text())
        records = [(classify_grpc(d.get("status", "")), d["latency"] / 1e9,
                    d.get("status", ""), d.get("error") or "", False, _tod(d["timestamp"]))
                   for d in raw.get("details") or []]
        if len(records) < raw.get("count", 0):
            raise BenchError("ghz reported %d calls but details of only %d" % (
                raw.get("count", 0), len(records)))
        output.unlink(missing_ok=True)
        return records

    def measure(self, gw, kind, mode, round_no, legs, multiple=None, recovery=False,
                window=None, settle=True, keep=True):
        """One window of the legs' load (the tools at once); per-request records; gateway CPU,
        the cores, new connections over the window; with `recovery` the probe right after the
        window's end, while the tools still wait for the answers in flight."""
        a = self.args
        window = window or a.window
        opens_b, t_b = acc.passive_opens(), time.monotonic()
        settled = self.settle(gw) if settle else 0.0
        time.sleep(max(0.0, a.opens_baseline - (time.monotonic() - t_b)))
        background = (acc.passive_opens() - opens_b) / max(time.monotonic() - t_b, 1e-3)
        prepared = [self.prepare(gw, leg, window) for leg in legs]
        errs = [self.next_file("tool", ".err") for _ in legs]
        procs = []
        s0 = self.snapshot(gw)
        try:
            for (cmd, _), err in zip(prepared, errs):
                with open(err, "w") as e:
                    procs.append(self.procs.start("%s load" % kind, cmd, stderr=e))
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
                    raise BenchError("%s load still running %.0f s after its window" % (
                        kind, time.monotonic() - end))
            t2, cpu2, threads2 = time.monotonic(), acc.process_cpu_seconds(gw.pid), \
                acc.thread_cpu_seconds(gw.pid)
        finally:
            for proc in procs:
                self.procs.stop(proc, grace=2)
        for proc, err, leg in zip(procs, errs, legs):
            if leg.protocol != "grpc" and proc.returncode != 0:
                raise BenchError("vegeta failed (%s): %s" % (
                    proc.returncode, err.read_text()[-2000:]))
        leg_records = [collect(err) for (_, collect), err in zip(prepared, errs)]
        records = [r for rs in leg_records for r in rs]
        summary = summarise_records(records)
        counts, answered = summary["counts"], summary["answered"]
        cpu_window, cpu_all = s1.cpu - s0.cpu, cpu2 - s0.cpu
        jit = acc.jit_cpu_seconds(s0.threads, threads2)
        elapsed = s1.t - s0.t
        opens_raw = s1.opens - s0.opens
        # connections accepted by others on the machine meanwhile (its background rate just
        # before the window) do not count
        opens = max(0.0, opens_raw - background * elapsed)
        foreign = acc.foreign_cpu_seconds(s0.sessions, s1.sessions, self.procs.sessions()) / elapsed
        gw_util = acc.utilisation(s0.stat, s1.stat, self.gateway_cpus)
        load_util = acc.utilisation(s0.stat, s1.stat, self.load_cpus)
        periods = s1.cgroup.get("nr_periods", 0) - s0.cgroup.get("nr_periods", 0)
        throttled = s1.cgroup.get("nr_throttled", 0) - s0.cgroup.get("nr_throttled", 0)
        rate = sum(leg.load.rate for leg in legs)
        capacity = self.capacity.get(legs[0].protocol)
        flags = [flag for flag, on in (
            ("load-saturated", load_util >= SATURATED), ("foreign-load", foreign >= FOREIGN),
            ("jit", cpu_all > 0 and jit / cpu_all >= JIT_SHARE),
            ("tool-limited", any(leg.load.rate and len(rs) < TOOL_LIMITED * leg.load.rate * window
                                 for leg, rs in zip(legs, leg_records))),
            ("no-shed", kind == "burst" and mode == "adaptive" and multiple >= 2
             and not counts["shed"]),
            ("unexpected-status", kind == "storm" and (
                not answered or counts["shed"] / answered < EXPECTED_SHARE)),
            ("not-recovered", probe and probe["recovered_s"] is None),
            # more 2xx than 1x: the capacity cell under-measured the gateway (JIT still busy?)
            # and the multiples are not the overload they claim
            ("above-capacity", kind == "burst" and capacity
             and counts["ok"] / window > ABOVE_CAPACITY * capacity),
            ("no-success", counts["ok"] == 0 and kind != "storm")) if on]

        def per_answer(value, digits):
            return round(value / answered, digits) if answered else None

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
            "cpu_us_per_answer": per_answer(cpu_all * 1e6, 1),
            "cpu_us_per_answer_excl_jit": per_answer((cpu_all - jit) * 1e6, 1),
            "jit_cpu_s": round(jit, 3),
            "new_connections": round(opens, 1), "new_connections_raw": opens_raw,
            "background_opens_per_s": round(background, 2),
            "new_connections_per_answer": per_answer(opens, 5),
            "new_connections_per_answer_raw": per_answer(opens_raw, 5),
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
        log("r%d %-8s %-8s %-8s %5s %6d/s sent %7.1f/s ok %7.1f/s shed %5d tmo %5d conn %5d "
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
        self.save()
        return record

    def write_raw(self, name, records):
        """Per-request records: offset from the first send (s), kind, status, latency (µs)."""
        if not records:
            return
        first = min(r[5] for r in records)
        with gzip.open(self.raw / name, "wt") as f:
            f.write("offset_s,kind,status,latency_us\n")
            for kind, latency, code, _, _, tod in sorted(records, key=lambda r: r[5]):
                f.write("%.6f,%s,%s,%d\n" % ((tod - first) % 86400, kind, code, latency * 1e6))

    # -- recovery -------------------------------------------------------------------------------

    def recover(self, gw, protocol, end):
        """From the end of the burst: a lone request every 50 ms (same op and protocol, a fresh
        connection each) until RECOVERY_STREAK in a row answer 2xx/OK in < 100 ms; the time
        from the end of the burst to the first of them. No probe starts after
        --recovery-timeout."""
        deadline = end + self.args.recovery_timeout
        streak, first, probes = 0, None, []
        probe = self.grpc_probe(gw) if protocol == "grpc" else self.rest_probe(gw)
        next_at = time.monotonic()
        recovered = None
        while True:
            now = time.monotonic()
            if now < next_at:
                time.sleep(next_at - now)
            sent = time.monotonic()
            if sent > deadline:
                break
            next_at = sent + RECOVERY_INTERVAL
            ok, latency, what = probe(min(10.0, max(1.0, deadline - sent)))
            probes.append((round(sent - end, 3), what, round(latency * 1000, 2)))
            if ok and latency < RECOVERY_FAST:
                if streak == 0:
                    first = sent
                streak += 1
                if streak >= RECOVERY_STREAK:
                    recovered = round(max(0.0, first - end), 3)
                    break
            else:
                streak = 0
        return {"recovered_s": recovered, "probes": len(probes), "first_probes": probes[:20],
                "last_probes": probes[-5:]}

    def rest_probe(self, gw):
        url = urlsplit(gw.rest)
        method, path, body = OPS["create"].rest
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
        method, data = self.ghz_data(OPS["create"])
        output = self.next_file("ghz-probe", ".json")

        def probe(timeout):
            output.unlink(missing_ok=True)
            cmd = self.ghz_cmd(gw, method, data, Load("probe", 0, 1), timeout, output, count=1)
            start = time.monotonic()
            self.procs.run("ghz probe", cmd, timeout=timeout + 30)
            try:
                detail = json.loads(output.read_text())["details"][0]
                return detail["status"] == "OK", detail["latency"] / 1e9, detail["status"]
            except (OSError, ValueError, KeyError, IndexError, TypeError):
                return False, time.monotonic() - start, "no-report"

        return probe


# ---------------------------------------------------------------------------------------------
# report


METRICS = ("goodput", "goodput_vs_off", "shed_rate", "sent_rate", "answer_rate", "ok_p50_ms",
           "ok_p99_ms", "shed_p50_ms", "shed_p99_ms", "all_p50_ms", "all_p99_ms", "gateway_cores",
           "quota_used", "throttled_periods", "cpu_us_per_answer", "cpu_us_per_answer_excl_jit",
           "new_connections_per_answer",
           "recovery_s", "load_core_util", "foreign_cpu_cores", "background_opens_per_s",
           "sent", "answered", "ok_share", "shed_share", "timeout_share", "conn_share",
           "other_share", "non_ok_share") + KINDS


def cell_key(c):
    """A cell's place in the report: kind, API, and its multiple of capacity (storm: rate)."""
    return c["kind"], c["protocol"], c["target_rate"] if c["kind"] == "storm" else c["multiple"]


def summarise_cells(cells):
    """(kind, protocol, x, mode) -> summarise()'s entry; each cell gains its shares of the
    requests sent by kind, goodput_vs_off = goodput ÷ that of `off`'s cell of the same round,
    and per leg of a cell of several (by_leg) "<leg>:goodput", "<leg>:ok_p99_ms",
    "<leg>:<kind>_share"."""
    off = {cell_key(c) + (c["round"],): c["goodput"] for c in cells if c["mode"] == "off"}
    for c in cells:
        base = off.get(cell_key(c) + (c["round"],))
        c.setdefault("goodput_vs_off", c["goodput"] / base if base else None)
        for name, leg in (c.get("by_leg") or {}).items():
            for k in KINDS:
                c.setdefault("%s:%s_share" % (name, k),
                             leg["counts"][k] / leg["sent"] if leg["sent"] else None)
            for k in ("goodput", "ok_p99_ms"):
                c.setdefault("%s:%s" % (name, k), leg.get(k))
        for k in KINDS:
            c.setdefault(k + "_share", c[k] / c["sent"] if c["sent"] else None)
        c.setdefault("non_ok_share", 1 - c["ok"] / c["sent"] if c["sent"] else None)
    legs = tuple(sorted({k for c in cells for k in c if ":" in k}))
    summary = summarise(cells, lambda c: cell_key(c) + (c["mode"],), METRICS + legs)
    for entry in summary.values():
        entry["target_rate"] = sorted({c["target_rate"] for c in entry["cells"]})
        entry["not_recovered"] = sum(1 for c in entry["cells"] if c.get("recovery")
                                     and c["recovery"]["recovered_s"] is None)
    return summary


def write_report(out, data):
    meta, ov = data["meta"], data["overload"]
    opts, cells, gateways = meta["options"], ov["cells"], data.get("gateways", [])
    summary = summarise_cells(cells)
    modes, protocols = opts["modes"], opts["overload_protocols"]
    lines = ["# Gateway overload (issue #22, item 3)", ""] + report_header(meta)
    w = lines.append
    q, sq = ov.get("quota"), ov.get("storm_quota")
    if q:
        w("- gateway CPU quota: **%g CPU** = cgroup v1 `%s`, `cpu.cfs_quota_us` %d per "
          "`cpu.cfs_period_us` %d; each gateway JVM (all its threads, via `cgroup.procs`) moved "
          "in after its start, deployment and warm-up (on the whole core); the group is removed "
          "at the end. Brokers, vegeta, ghz and the harness on CPU %s without a limit" % (
              q["cpus"], q["group"], q["cfs_quota_us"], q["cfs_period_us"],
              meta["placement"]["load_cpus"]))
    else:
        w("- gateway CPU quota: none (`--gateway-quota 0`)")
    if storm_modes(opts):
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
      "window" % (opts["window"], opts["rounds"], (q or {}).get("settle_limit_cores", SETTLED)
                  * 1000, SETTLED * 100, opts["warmup"]))
    idle = [x["idle_cpu_ms_per_s"] for x in gateways if x.get("idle_cpu_ms_per_s") is not None]
    opens = [x["idle_passive_opens_per_s"] for x in gateways
             if x.get("idle_passive_opens_per_s") is not None]
    lines += gateway_lines(
        gateways, "- gateway warm-up (on the whole core, before the quota; REST + gRPC closed "
        "loop, create, on the refusing cluster backpressure; %s s, then on until the JIT uses < "
        "5 %% of the gateway's CPU, at most %s s): took " % (
            opts["gateway_warmup"], opts.get("gateway_warmup_max")),
        idle and "- idle gateway (after its warm-up): " + spread(idle, 1, " ms CPU/s median"),
        opens and "- connections the kernel accepted while the gateway idled (others on the "
        "machine; measured again before each window and subtracted): " + spread(
            opens, 2, "/s median"))
    lines += ["", LEGEND + " Answers by kind in %% of the requests sent; recovery – = none "
              "within %g s; new connections less the background counted over %g s before each "
              "window." % (opts.get("recovery_timeout"), opts.get("opens_baseline")), ""]

    def rows_of(kind, names=protocols):
        return [(p, x, m, summary[(kind, p, x, m)])
                for p in names
                for x in sorted({k[2] for k in summary if k[0] == kind and k[1] == p})
                for m in modes if (kind, p, x, m) in summary]

    def rates(s):
        return "/".join(map(str, s["target_rate"]))

    def section(rows, head, align, title, text=None):
        """A titled table, when it has rows; title and text are functions: only the options of
        the cells run are in results.json (older runs had fewer)."""
        if rows:
            lines.extend(["## " + title(), ""] + ([text(), ""] if text else [])
                         + table(head, align, rows) + [""])

    capacity = {}  # API -> stats() of `off`'s capacity cells, n = how many
    for p in protocols:
        values = [c["goodput"] for c in cells
                  if c["kind"] == "capacity" and c["protocol"] == p and c["mode"] == "off"]
        if values:
            capacity[p] = dict(stats(values), n=len(values))
    section(
        [[p, m] + figures(s, "goodput cpu_us_per_answer ok_p50_ms:2 ok_p99_ms:2 gateway_cores:2 "
                             "quota_used:0:100 throttled_periods:0:100 shed_share:1:100 "
                             "other_share:1:100") + [flags_text(s)]
         for p in protocols for m in ["off"] + [m for m in modes if m != "off"]
         for s in [summary.get(("capacity", p, None, m))] if s],
        ["API", "mode", "2xx/s", "CPU µs/answer", "p50 ok ms", "p99 ok ms", "gw cores",
         "quota used %", "throttled periods %", "shed %", "other %", "flags"], "ll" + "r" * 9 + "l",
        lambda: "Capacity: closed loop, %d connections" % opts["overload_connections"],
        lambda: "The gateway saturated at its quota: 2xx per second. Every mode runs these first "
        "(the same history before its open-loop cells); `off`'s are the capacity: 1× of the "
        "open-loop cells is the first of them, \"capacity\" below their median (%s)." % (
            ", ".join("%s %.0f 2xx/s over %d gateway(s)" % (p, c["median"], c["n"])
                      for p, c in capacity.items()) or "none"))
    section(
        [[p, m, rates(s)] + figures(s, "goodput ok_p50_ms:2 ok_p99_ms:2 non_ok_share:1:100")
         + [flags_text(s)] for p, x, m, s in rows_of("unloaded")],
        ["API", "mode", "rate/s", "2xx/s", "p50 ok ms", "p99 ok ms", "non-2xx %", "flags"],
        "ll" + "r" * 5 + "l",
        lambda: "Unloaded: open loop at %g %% of capacity" % (opts["unloaded_share"] * 100))

    def unloaded_p99(p, m):
        s = summary.get(("unloaded", p, opts["unloaded_share"], m))
        return med(s["ok_p99_ms"]) if s else None

    bursts = rows_of("burst")
    section(
        [[p, "%g" % x, m, rates(s)] + figures(s, "sent_rate goodput") + [
            ratio(med(s["goodput"]), (capacity.get(p) or {}).get("median"), 0, 100)]
         + figures(s, "ok_share:1:100 shed_share:1:100 timeout_share:1:100 conn_share:1:100 "
                      "other_share:1:100") + [flags_text(s)] for p, x, m, s in bursts],
        ["API", "×", "mode", "rate/s", "sent/s", "goodput/s", "% of capacity", "2xx %",
         "shed %", "timeout %", "conn %", "other %", "flags"], "lrl" + "r" * 9 + "l",
        lambda: "Overload: open loop at %s × capacity, creates" % ", ".join(
            "%g" % x for x in opts["overload_multiples"]),
        lambda: "vegeta `-rate R/s -timeout 10s -max-workers min(10 R, %d)` (keep-alive; it opens "
        "connections as it needs them), ghz `--rps R -t 10s -c min(10 R, %d) --connections %d`. "
        "Answers in %% of the requests sent." % (
            opts["overload_max_workers"], opts["overload_max_workers"], opts["grpc_connections"]))
    if bursts:
        lines.extend(table(
            ["API", "×", "mode", "p50 ok ms", "p99 ok ms", "p99 ÷ unloaded", "shed p50 ms",
             "shed p99 ms", "gw cores", "quota used %", "CPU µs/answer", "new conns/answer",
             "recovery s"], "lrl" + "r" * 10,
            [[p, "%g" % x, m] + figures(s, "ok_p50_ms:2 ok_p99_ms:1") + [
                ratio(med(s["ok_p99_ms"]), unloaded_p99(p, m), 1)] + figures(
                s, "shed_p50_ms:2 shed_p99_ms:1 gateway_cores:2 quota_used:0:100 "
                   "cpu_us_per_answer new_connections_per_answer:3") + [
                fmt(s["recovery_s"], 2) + (" (%d/%d not)" % (s["not_recovered"], s["rounds"])
                                           if s["not_recovered"] else "")]
             for p, x, m, s in bursts]) + [""])
        timeouts = {}  # (API, mode) -> [client timeouts, requests sent] of every burst
        for c in cells:
            if c["kind"] == "burst":
                sums = timeouts.setdefault((c["protocol"], c["mode"]), [0, 0])
                sums[0], sums[1] = sums[0] + c["timeout"], sums[1] + c["sent"]
        lines += ["Client timeouts, every burst of every round: " + "; ".join(
            "%s `%s` %d of %d requests" % ((p, m) + tuple(timeouts[(p, m)]))
            for p in protocols for m in modes if (p, m) in timeouts) + ".", ""]
    n = opts.get("resend_connections")
    section(
        [[p, m] + figures(s, "goodput goodput_vs_off:2 shed_rate ok_p99_ms:1 timeout_share:1:100 "
                             "conn_share:1:100") + [flags_text(s)]
         for p, x, m, s in rows_of("resend", PROTOCOLS)],
        ["API", "mode", "goodput/s", "÷ off", "shed/s", "p99 ok ms", "timeout %", "conn %",
         "flags"], "ll" + "r" * 6 + "l",
        lambda: "Resend at once (%d connections)" % n,
        lambda: "Closed loop: each connection sends again as soon as it has its answer, 2xx or "
        "not (vegeta `-rate=0 -workers %d -max-workers %d`, ghz `-c %d --connections %d`). ÷ off "
        "= goodput ÷ `off`'s in the same round." % (n, n, n, opts["grpc_connections"]))
    section(
        [[p.split("+")[0], m, rates(s)] + figures(
            s, "A:ok_share:1:100 A:ok_p99_ms:1 A:shed_share:1:100 A:timeout_share:1:100 "
               "A:conn_share:1:100 B:goodput B:ok_p99_ms:1") + [flags_text(s)]
         for p, x, m, s in rows_of("callers", [q + "+" + q for q in PROTOCOLS])],
        ["API", "mode", "A rate/s", "A 2xx %", "A p99 ok ms", "A shed %", "A timeout %",
         "A conn %", "B goodput/s", "B p99 ok ms", "flags"], "ll" + "r" * 8 + "l",
        lambda: "Two callers: A at %g %% of capacity beside B resending at once" % (
            opts["callers_share"] * 100),
        lambda: "At once: caller A an open loop from source address %s (REST: vegeta `-laddr`; "
        "gRPC: ghz as a user of its own whose connections an nftables rule rewrites to come from "
        "it), caller B the closed loop of %d connections above from 127.0.0.1. A's answers in %% "
        "of its requests sent; B's goodput = its 2xx per second." % (CALLER_A_ADDR, n))
    floods = sorted({c["protocol"] for c in cells if c["kind"] == "floods"})
    section(
        [[p.split("+")[0], str(p.count("+")), m, rates(s)] + figures(
            s, "A:ok_share:1:100 A:ok_p99_ms:1 A:shed_share:1:100 A:timeout_share:1:100 "
               "A:conn_share:1:100 goodput") + [flags_text(s)]
         for p, x, m, s in rows_of("floods", floods)],
        ["API", "floods", "mode", "rates/s", "A 2xx %", "A p99 ok ms", "A shed %",
         "A timeout %", "A conn %", "all goodput/s", "flags"], "lrl" + "r" * 7 + "l",
        lambda: "A polite caller beside several floods",
        lambda: "At once: caller A an open loop from %s at its share of the callers cell "
        "divided by the number of floods (below its fair share), each flood a closed loop that "
        "resends at once, of %d connections divided among them, from 127.0.0.3, 127.0.0.4, ... "
        "rates/s: A's; all goodput = every caller's 2xx per second." % (
            CALLER_A_ADDR, n))
    section(
        [[p, x, m] + figures(s, "answer_rate shed_share:1:100 cpu_us_per_answer "
                                "cpu_us_per_answer_excl_jit new_connections_per_answer:3 "
                                "background_opens_per_s:1 all_p50_ms:2 all_p99_ms:1 "
                                "gateway_cores:2 quota_used:0:100 timeout_share:1:100 "
                                "conn_share:1:100") + [flags_text(s)]
         for p, x, m, s in rows_of("storm", STORM_PROTOCOLS)],
        ["API", "rate/s", "mode", "answers/s", "shed %", "CPU µs/answer", "excl. JIT",
         "new conns/answer", "background conns/s", "p50 ms", "p99 ms", "gw cores",
         "quota used %", "timeout %", "conn %", "flags"], "lrl" + "r" * 12 + "l",
        lambda: "Backpressure storm: every create refused by the broker (RESOURCE_EXHAUSTED)",
        lambda: "Open loop at the rate; `rest-tls` = REST over HTTPS (self-signed RSA 2048, PEM "
        "via `SERVER_SSL_*`; vegeta `-insecure`), a gateway of its own. `off` keeps the "
        "connection after an error answer, `stock` closes it (Tomcat's behaviour).")
    tls_ratios = []
    for x in sorted({k[2] for k in summary if k[0] == "storm"}):
        for m in modes:
            tls, plain = (med((summary.get(("storm", p, x, m)) or {}).get("cpu_us_per_answer"))
                          for p in ("rest-tls", "rest"))
            if tls and plain:
                tls_ratios.append("%s at %s/s: %.0f / %.0f µs = %.2f×" % (
                    m, x, tls, plain, tls / plain))
    if tls_ratios:
        lines += ["CPU per REST answer, TLS ÷ plaintext: " + "; ".join(tls_ratios) + ".", ""]
    lines += soak_lines(ov, opts)
    lines.append("Per-request records of every window: `raw/*.csv.gz` (offset s, kind, status, "
                 "latency µs); every cell with its tool command: `results.json` "
                 "(`overload.cells`).")
    (out / "report.md").write_text("\n".join(lines) + "\n")
    return out / "report.md"


def soak_lines(ov, opts):
    soak = ov.get("soak") or []
    if not soak:
        return []
    setup, start = ov.get("soak_setup") or {}, ov.get("soak_start") or {}
    lines = [
        "## Soak: %s min open loop at %.0f %% of REST capacity (%s/s: REST %s/s, gRPC %s/s), "
        "mode `%s`" % (round(setup.get("windows", 0) * setup.get("window_minutes", 0), 1),
                       opts["soak_share"] * 100, setup.get("rate"), setup.get("rest_rate"),
                       setup.get("grpc_rate"), setup.get("mode")), "",
        "Per window of %s min. RSS = VmRSS of /proc/<pid>/status after the window; heap = heap "
        "used right after `jcmd <pid> GC.run` (`jcmd <pid> GC.heap_info`). Before the first "
        "window: RSS %s MB, heap %s MB." % (setup.get("window_minutes"), _mb(start.get("rss_kb")),
                                           _mb(start.get("heap_after_gc_kb"))), ""]
    lines += table(
        ["window", "sent/s", "goodput/s", "non-2xx %", "p99 ok ms", "CPU µs/answer", "gw cores",
         "RSS MB", "heap after GC MB", "flags"], "r" * 9 + "l",
        [["%d" % r["soak_window"], "%.0f" % r["sent_rate"], "%.0f" % r["goodput"],
          "%.1f" % ((1 - r["ok"] / r["sent"]) * 100 if r["sent"] else 0),
          num(r["ok_p99_ms"], 1), num(r["cpu_us_per_answer"]), "%.2f" % r["gateway_cores"],
          _mb(r.get("rss_kb")), _mb(r.get("heap_after_gc_kb")), ", ".join(r["flags"])]
         for r in soak]) + [""]
    answers = setup.get("workers", {}).get("answers")
    if answers:
        lines += ["Job workers beside the load: %d REST workers long-polling `ship` jobs and "
                  "completing them, `order` instances created for them at %s/s over REST. Their "
                  "requests by outcome (an HTTP status, or the error a closed connection gave): "
                  "%s." % (setup["workers"]["count"], setup["workers"]["order_rate"],
                           ", ".join("%s %d" % kv for kv in answers.items())), ""]
    if len(soak) >= 3:
        lines += ["Change from window 2 to the last: " + "; ".join(
            "%s %s" % (label, _change(soak[1].get(k), soak[-1].get(k)))
            for label, k in (("RSS", "rss_kb"), ("heap after GC", "heap_after_gc_kb"),
                             ("CPU µs/answer", "cpu_us_per_answer"), ("p99 ok", "ok_p99_ms")))
            + " (window 1 holds the JIT's and the pools' growth).", ""]
    return lines


def _mb(kb):
    return "–" if kb is None else "%.0f" % (kb / 1024)


def _change(a, b):
    return "–" if not a or b is None else "%+.1f %%" % ((b - a) * 100 / a)

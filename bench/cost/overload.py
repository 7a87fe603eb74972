"""Overload cells of the cost benchmark (issue #22, item 3): the gateway under a CPU quota, past
its capacity. Run through cost_bench.py (`--overload`, `--soak`); see bench/cost/README.md.

On the shared harness (benchlib: processes, brokers, gateway start in the modes of
bench/modes.json, load tool command lines, settling, /proc CPU accounting, results.json.gz) it
adds a cgroup v1 CPU quota for the gateway and the plan of the cells: the capacity, unloaded,
burst, resend, callers and floods cells on a gateway per mode and round, the backpressure storm
over plain and TLS REST, and the soak. Their parts in benchlib: the options
(overload_options.py), one window with its per-request records and new TCP connections
(overload_window.py, overload_records.py), the recovery probe after each burst
(overload_recovery.py), the soak (overload_soak.py) and the report (overload_report.py). Python
3.11 standard library only.
"""
import resource
import time

from benchlib import accounting as acc
from benchlib.harness import Harness
from benchlib.overload_options import CALLER_A_ADDR, FLOOD_ADDR, storm_modes
from benchlib.overload_recovery import RecoveryProbes
from benchlib.overload_soak import Soak
from benchlib.overload_window import Leg, OverloadWindow
from benchlib.procs import BenchError, log
from benchlib.sources import SourceAddresses
from benchlib.warmup import SETTLED
from benchlib.workload import OPS, Cell, Load, round_order


def settle_limit(quota):
    """A gateway is quiet below SETTLED of a core, or that share of its quota."""
    return SETTLED * min(1.0, quota) if quota > 0 else SETTLED


class Overload(Soak, OverloadWindow, RecoveryProbes, Harness):
    """The overload run: its plan of gateways and cells, the capacity (1x) they are offered
    multiples of, and the CPU quota's cgroup."""

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
        a = self.args
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
            outside = None
            if gw.quota:
                self.group.set(gw.quota)
                outside = self.group.add(gw.pid, acc.JIT_THREADS if a.jit_outside_quota else ())
                if a.jit_outside_quota:
                    log("%s: %d JIT compiler threads outside the quota" % (label, outside))
            # connections the kernel accepts with no load: the background of every window's
            # "new connections" (cluster messaging, anything else on the machine)
            opens0, t0 = acc.passive_opens(), time.monotonic()
            idle = self.idle_cpu(gw)
            idle_opens = (acc.passive_opens() - opens0) / (time.monotonic() - t0) \
                if idle is not None else None
            self.note_gateway(gw, round_no, mode, label, warmup, idle, quota=gw.quota,
                              jit_threads_outside_quota=outside if a.jit_outside_quota else None,
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

"""One window of the overload cells: the legs' load tools at once, their per-request records,
the gateway's CPU, the cores and the new connections over the window, the cell's flags and its
record; the raw records kept gzipped."""
import gzip
import json
import shlex
import subprocess
import time
from collections import namedtuple
from dataclasses import dataclass

from . import accounting as acc
from .harness import EXPECTED_SHARE, FOREIGN, JIT_SHARE, SATURATED
from .overload_records import (KINDS, classify_grpc, classify_rest, leg_summary,
                               seconds_of_day, summarise_records)
from .procs import BenchError, log, taskset
from .workload import OPS, Load

ABOVE_CAPACITY = 1.10  # a burst's goodput above this x 1x: flagged (1x was not the limit)
TOOL_LIMITED = 0.95  # an open loop that sent less than this share of rate x window: flagged


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


class OverloadWindow:
    """The Overload run's windows; uses its args, procs, raw, capacity, group, results, sources,
    the load tools, settle and the recovery probes."""

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
                                seconds_of_day(r["timestamp"])))
        binfile.unlink(missing_ok=True)
        encoded.unlink(missing_ok=True)
        return records

    def ghz_records(self, output, err):
        if not output.exists() or output.stat().st_size == 0:
            raise BenchError("ghz wrote no report: %s" % err.read_text()[-2000:])
        raw = json.loads(output.read_text())
        records = [(classify_grpc(d.get("status", "")), d["latency"] / 1e9,
                    d.get("status", ""), d.get("error") or "", False,
                    seconds_of_day(d["timestamp"]))
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
            if probe:
                # who used the gateway's quota between the window's end and the last probe
                probe["cpu_ms_by_thread"] = acc.thread_breakdown(
                    s1.threads, acc.thread_cpu_seconds(gw.pid), 1000)  # ms
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
            self.write_raw(raw_name, [(leg.key(), rs) for leg, rs in zip(legs, leg_records)])
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

    def write_raw(self, name, legs):
        """Per-request records: offset from the first send (s), kind, status, latency (µs), and
        with several legs (callers) the leg's name; legs: (name, records) pairs."""
        records = [(r, name_) for name_, rs in legs for r in rs]
        if not records:
            return
        first = min(r[5] for r, _ in records)
        several = len(legs) > 1
        with gzip.open(self.raw / name, "wt") as f:
            f.write("offset_s,kind,status,latency_us%s\n" % (",leg" if several else ""))
            for (kind, latency, code, _, _, tod), leg in sorted(records, key=lambda r: r[0][5]):
                f.write("%.6f,%s,%s,%d%s\n" % ((tod - first) % 86400, kind, code, latency * 1e6,
                                              "," + leg if several else ""))

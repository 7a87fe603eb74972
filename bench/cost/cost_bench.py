#!/usr/bin/env python3
"""Gateway CPU cost per request: REST against gRPC, patched against stock; and, with
--overload / --soak, the gateway under a CPU quota past its capacity (bench/cost/overload.py).

    scripts/bench-cost.sh [options]        # builds what is missing, then runs this
    bench/cost/cost_bench.py --smoke --rest-port 18080 ...
    scripts/bench-cost.sh --overload --smoke ...

Starts an embedded broker (and a second one that refuses every user command, for the
backpressure cells) pinned to the load CPUs, then per round and mode a fresh gateway pinned to
the gateway CPU; drives one operation at a time with vegeta (REST) or ghz (gRPC), also pinned to
the load CPUs, and measures the gateway JVM's CPU time (utime + stime of /proc/<pid>/stat) per
answered request, latency, and how busy both cores were. Writes results.json.gz and report.md.
See bench/cost/README.md. Python 3.11 standard library only.
"""
import argparse
import datetime
import gzip
import json
import math
import os
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

import overload
from benchlib import accounting as acc
from benchlib import overload_options, overload_report, results
from benchlib.aggregate import (LEGEND, figures, flags_text, gateway_lines, med, num, ratio,
                                report_header, spread, summarise, table)
from benchlib.harness import EXPECTED_SHARE, FOREIGN, JIT_SHARE, SATURATED, Harness, run_scenario
from benchlib.options import add_options, add_ports, names_of
from benchlib.procs import BenchError, log
from benchlib.setup_calls import http
from benchlib.workload import MODES, OPS, PROTOCOLS, ROOT, Cell, Load, Op, normalise, round_order

HERE = Path(__file__).resolve().parent
LOADS = ("fixed", "closed", "high")
METRICS = ("cpu_us_per_request", "cpu_us_per_request_excl_jit", "p50_ms", "p99_ms", "rate",
           "gateway_core_util", "load_core_util", "foreign_cpu_cores", "expected_share")


class CostBench(Harness):
    def __init__(self, args):
        super().__init__(args)
        self.jfr_files = []

    def jfr_settings(self):
        """`profile` with CPU-time sampling (JDK 25+: jdk.CPUTimeSample, every 1 ms of a thread's
        CPU, native and JVM time included): `profile`'s jdk.ExecutionSample alone caught a handful
        of samples per 6-s window of a gateway at 20 % of a core. `profile` where the JDK's `jfr`
        cannot configure that event."""
        jfc = self.out / "jfr" / "cpu.jfc"
        if not jfc.exists():
            jfr = Path(os.environ.get("JAVA_HOME", "/nonexistent")) / "bin" / "jfr"
            rc = subprocess.run(
                [str(jfr), "configure", "--input", "profile", "jdk.CPUTimeSample#enabled=true",
                 "jdk.CPUTimeSample#throttle=1ms", "--output", str(jfc)],
                capture_output=True, text=True).returncode if jfr.exists() else 1
            if rc != 0:
                log("warning: no CPU-time sampling in this JDK's JFR: recording with `profile`")
                return "profile"
        return str(jfc)

    def uses_refusing(self):
        return any(OPS[o].refusing for o in self.args.ops)

    def prepare_job_keys(self, gw, count):
        """Creates `count` instances of `order` (vegeta, closed loop, each target once) and
        activates their `ship` jobs with a long timeout; returns distinct job keys."""
        log("  preparing %d job keys: creating instances of order, activating their jobs"
            % count)
        op = Op("create-order", ("POST", "/v2/process-instances",
                                 {"processDefinitionId": "order"}), "200", None, None)
        targets = self.vegeta_targets(gw, op, count=count)
        binfile = self.next_file("vegeta-prep", ".bin")
        cmd = self.vegeta_cmd(targets, Load("prep", 0, 16), 180, True, binfile)
        report = self.run_vegeta(cmd, binfile, 180)()
        created = report.get("status_codes", {}).get("200", 0)
        keys, seen = [], set()
        deadline = time.monotonic() + 60
        while len(keys) < created and time.monotonic() < deadline:
            want = min(1000, created - len(keys))
            status, body = http("POST", gw.rest + "/v2/jobs/activation",
                                {"type": "ship", "worker": "cost-bench", "timeout": 1800000,
                                 "maxJobsToActivate": want, "requestTimeout": -1}, timeout=30)
            if status != 200:
                raise BenchError("job activation answered %s: %s" % (status, body))
            fresh = [j["jobKey"] for j in body.get("jobs", []) if j["jobKey"] not in seen]
            seen.update(fresh)
            keys.extend(fresh)
            if not fresh:
                time.sleep(0.2)
        log("  %d instances created, %d job keys activated" % (created, len(keys)))
        return keys

    def measure(self, gw, cell, round_no, mode):
        a = self.args
        settled = self.settle(gw)
        keys_warm = keys_window = None
        if cell.op.job_keys:
            rate = cell.load.rate or max(a.rate, a.high_rate)
            keys = self.prepare_job_keys(gw, math.ceil(rate * (a.warmup + a.window) * 1.2))
            split = min(len(keys), math.ceil(rate * a.warmup * 1.1))
            keys_warm, keys_window = keys[:split], keys[split:]
            if not keys_window:
                raise BenchError("no job keys left for the window")
        if a.warmup > 0:
            # the same op and protocol, closed loop: as many calls as the gateway manages in
            # the time (hot code reaches C2 sooner than at the cell's rate) and never a backlog
            warm = Cell(Load("closed", 0, a.connections), cell.op, cell.protocol)
            self.run_load(gw, warm, a.warmup, keys=keys_warm)
        jfr = cell.id() in a.jfr and round_no == 1 and mode == a.modes[0]
        jfr_file = None
        if jfr:
            jfr_file = self.out / "jfr" / ("%s.jfr" % cell.id().replace(":", "-"))
            jfr_file.parent.mkdir(exist_ok=True)
            self.jcmd(gw.pid, ["JFR.start", "name=costbench", "settings=%s" % self.jfr_settings()],
                      self.logs / "jcmd.log", 60)
        cmd, run = self.start_load(gw, cell, a.window, keys=keys_window)
        # the readings that bound the window (CPU, cores, clock) closest to the load's run
        window = acc.Window(gw.pid)
        window.start()
        collect = run()
        window.stop()
        raw = collect()
        # our processes each lead their own session (brokers, gateways, tools)
        w = window.figures(self.procs.sessions(), self.gateway_cpus, self.load_cpus)
        cpu, jit, foreign = w["cpu_s"], w["jit_s"], w["foreign_cores"]
        gw_util, load_util = w["gateway_util"], w["load_util"]
        if jfr:
            self.jcmd(gw.pid, ["JFR.stop", "name=costbench", "filename=%s" % jfr_file],
                      self.logs / "jcmd.log", 60)
            self.jfr_files.append(jfr_file)
        result = normalise(cell.protocol, raw)
        raw_name = "r%d-%s-%s-%s-%s.json.gz" % (round_no, mode, cell.load.name, cell.op.name,
                                              cell.protocol)
        with gzip.open(self.raw / raw_name, "wt") as f:
            json.dump(raw, f)
        answered = result["answered"]
        expected = cell.expected()
        share = result["status"].get(expected, 0) / answered if answered else 0.0
        flags = [flag for flag, on in (
            ("load-saturated", load_util >= SATURATED), ("gateway-saturated", gw_util >= SATURATED),
            ("unexpected-status", share < EXPECTED_SHARE), ("foreign-load", foreign >= FOREIGN),
            ("jit", cpu > 0 and jit / cpu >= JIT_SHARE),
            ("keys-exhausted", cell.op.job_keys and result["duration_s"] < a.window * 0.9),
            ("jfr", jfr)) if on]

        def per_request(seconds):
            return round(seconds * 1e6 / answered, 1) if answered else None

        record = {
            "round": round_no, "mode": mode, "load": cell.load.name,
            "target_rate": cell.load.rate, "connections": cell.load.connections,
            "op": cell.op.name, "protocol": cell.protocol, "gateway": gw.name,
            "window_s": round(w["seconds"], 3), "requests": result["requests"],
            "answered": answered, "status": result["status"], "expected": expected,
            "expected_share": round(share, 4), "rate": round(result["rate"], 1),
            "p50_ms": result["p50_ms"], "p99_ms": result["p99_ms"],
            "mean_ms": result["mean_ms"],
            "gateway_cpu_s": round(cpu, 3),
            "cpu_us_per_request": per_request(cpu),
            "jit_cpu_s": round(jit, 3),
            "cpu_us_per_request_excl_jit": per_request(cpu - jit),
            "gateway_core_util": round(gw_util, 4), "load_core_util": round(load_util, 4),
            "foreign_cpu_cores": round(foreign, 4),
            "gateway_threads_us_per_request": window.breakdown(answered),
            "settle_s": round(settled, 1),
            "flags": flags, "raw": "raw/" + raw_name, "command": shlex.join(cmd),
            "errors": result["errors"],
        }
        if jfr_file:
            record["jfr"] = str(jfr_file.relative_to(self.out))
        self.cells.append(record)
        log("r%d %-7s %-6s %-16s %-4s %7.1f/s  %7.0f µs/req (%.0f excl. JIT)  p50 %.2f ms  "
            "p99 %.2f ms  gw %3.0f%%  load %3.0f%%  other %3.0f%%  %s %s" % (
                round_no, mode, cell.load.name, cell.op.name, cell.protocol, record["rate"],
                record["cpu_us_per_request"] or 0, record["cpu_us_per_request_excl_jit"] or 0,
                record["p50_ms"] or 0, record["p99_ms"] or 0, gw_util * 100, load_util * 100,
                foreign * 100, expected, ",".join(flags)))
        self.save()
        return record

    def plan(self, round_no):
        """The cells of one mode-round, grouped by gateway (main, refusing)."""
        a = self.args
        grpc = a.cost_grpc_connections
        loads = [(Load("fixed", a.rate, a.connections, grpc_connections=grpc),
                  [o for o in a.ops if a.fixed_ops is None or o in a.fixed_ops]),
                 (Load("closed", 0, a.connections, grpc_connections=grpc),
                  [o for o in a.ops if o in a.closed_ops]),
                 (Load("high", a.high_rate, a.connections, grpc_connections=grpc),
                  [o for o in a.ops if o in a.high_rate_ops])]
        groups = {"main": [], "refusing": []}
        for load, ops in loads:
            for op in (OPS[name] for name in ops):
                for protocol in round_order(PROTOCOLS, round_no):
                    if (op.rest if protocol == "rest" else op.grpc) is not None:
                        groups["refusing" if op.refusing else "main"].append(
                            Cell(load, op, protocol))
        return groups

    def run(self):
        a = self.args
        self.begin()
        brokers = self.start_brokers()
        for round_no in range(1, a.rounds + 1):
            for mode in round_order(a.modes, round_no):
                for name, cells in self.plan(round_no).items():
                    if cells:
                        self.gateway_cells(name, cells, mode, round_no)
        for b in brokers:
            self.procs.stop(b)
        self.end()
        for jfr in self.jfr_files:
            txt = jfr.with_suffix(".txt")
            log("JFR breakdown: %s" % txt)
            with open(txt, "w") as out, open(self.logs / "jfr_breakdown.log", "a") as err:
                rc = self.procs.run("jfr_breakdown", self.load_cmd(
                    [sys.executable, str(HERE / "jfr_breakdown.py"), str(jfr)]), timeout=600,
                    stdout=out, stderr=err)
            if rc != 0:
                log("warning: jfr_breakdown.py failed on %s (see logs/jfr_breakdown.log)" % jfr)

    def gateway_cells(self, name, cells, mode, round_no):
        """A fresh gateway: deployed, warmed up, its idle CPU measured, then its cells."""
        gw = self.start_gateway(name, mode, round_no)
        try:
            self.deploy(gw)
            warmup = self.gateway_warmup(gw, cells, round_no, mode)
            self.note_gateway(gw, round_no, mode, name, warmup, self.idle_cpu(gw))
            for cell in cells:
                self.measure(gw, cell, round_no, mode)
        finally:
            self.procs.stop(gw.proc)


# ---------------------------------------------------------------------------------------------
# report


def write_report(out):
    data = results.load(out)
    if data.get("overload") is not None:
        return overload_report.write_report(out, data)
    meta, cells = data["meta"], data["cells"]
    opts, gateways = meta["options"], data.get("gateways", [])
    summary = summarise(cells, lambda c: (c["load"], c["op"], c["protocol"], c["mode"]), METRICS)
    modes = opts["modes"]
    ops_order = [o for o in OPS if o in opts["ops"]]
    idle = [x["idle_cpu_ms_per_s"] for x in gateways
            if x.get("idle_cpu_ms_per_s") is not None and x["gateway"] == "main"]
    lines = ["# Gateway CPU cost per request", ""] + report_header(meta) + [
        "- per cell: warm-up %ss (same op and protocol, closed loop), window %ss; %s round(s), "
        "modes alternating in order, a fresh gateway per mode and round" % (
            opts["warmup"], opts["window"], opts["rounds"])]
    lines += gateway_lines(
        gateways, "- gateway warm-up (REST + gRPC, closed loop, create and every op the gateway "
        "serves; %s s, then on until the JIT uses < 5 %% of the gateway's CPU, at most %s s): "
        "took " % (opts["gateway_warmup"], opts.get("gateway_warmup_max", opts["gateway_warmup"])),
        idle and "- idle gateway (after its warm-up, no load): %s; at %d/s that is %.0f µs of "
        "every request's figure below (not subtracted)" % (
            spread(idle, 1, " ms CPU/s median"), opts["rate"],
            statistics.median(idle) * 1000 / opts["rate"]))
    lines += ["", LEGEND, ""]
    load_labels = {"fixed": "Fixed rate %d/s (open loop)" % opts["rate"],
                   "closed": "Closed loop, %d connections" % opts["connections"],
                   "high": "High rate %d/s (open loop)" % opts["high_rate"]}
    for load in LOADS:
        rows = [[op, proto, mode] + figures(s, "cpu_us_per_request cpu_us_per_request_excl_jit "
                                            "p50_ms:2 p99_ms:2 rate gateway_core_util:0:100 "
                                            "load_core_util:0:100 foreign_cpu_cores:0:100")
                + [s["cells"][0]["expected"], flags_text(s)]
                for op in ops_order for proto in PROTOCOLS for mode in modes
                for s in [summary.get((load, op, proto, mode))] if s]
        if rows:
            lines += ["## %s" % load_labels[load], ""] + table(
                ["op", "protocol", "mode", "CPU µs/req", "excl. JIT", "p50 ms", "p99 ms",
                 "rate/s", "gw core %", "load core %", "other %", "expected", "flags"],
                "lll" + "r" * 8 + "ll", rows) + [""]
    lines += side_by_side(
        summary, "REST / gRPC (medians)", "Ratio > 1: REST dearer / slower than gRPC for the same "
        "op, load and mode; the difference in µs beside the ratio.", "mode", modes,
        lambda load, op, mode: ((load, op, "rest", mode), (load, op, "grpc", mode)),
        "REST / gRPC", ops_order)
    if "patched" in modes and "stock" in modes:
        lines += side_by_side(
            summary, "patched / stock (medians)", "< 1 = patched cheaper / faster.", "protocol",
            PROTOCOLS, lambda load, op, proto: ((load, op, proto, "patched"),
                                                (load, op, proto, "stock")),
            "patched / stock", ops_order)
    jfrs = [c for c in cells if c.get("jfr")]
    if jfrs:
        lines += ["## JFR recordings", ""] + [
            "- %s:%s:%s (round %d, %s): `%s`, breakdown `%s`" % (
                c["protocol"], c["op"], c["load"], c["round"], c["mode"], c["jfr"],
                c["jfr"][:-4] + ".txt") for c in jfrs] + [""]
    lines.append("Raw tool reports: `raw/` (one per measured window); every cell: `results.json`.")
    (out / "report.md").write_text("\n".join(lines) + "\n")
    return out / "report.md"


def side_by_side(summary, title, note, third, thirds, keys, sides, ops_order):
    """Two sides' medians of the same cells (keys(load, op, x) gives their summary keys) and
    their ratio: CPU µs/req (and the difference), the same without the JIT, p99."""
    rows = []
    for load, op, x in ((load, op, x) for load in LOADS for op in ops_order for x in thirds):
        a, b = (summary.get(k) for k in keys(load, op, x))
        if not a or not b:
            continue
        columns = []
        for metric, digits in (("cpu_us_per_request", 0), ("cpu_us_per_request_excl_jit", 0),
                               ("p99_ms", 2)):
            u, v = med(a[metric]), med(b[metric])
            columns.append(["%s / %s" % (num(u, digits), num(v, digits)), ratio(u, v),
                            "–" if u is None or v is None else "%+.0f" % (u - v)])
        rows.append([load, op, x] + columns[0] + columns[1][:2] + columns[2][:2])
    if not rows:
        return []
    return ["## " + title, "", note, ""] + table(
        ["load", "op", third, "CPU µs/req " + sides, "ratio", "difference µs",
         "excl. JIT " + sides, "ratio", "p99 ms " + sides, "ratio"], "lll" + "r" * 7, rows) + [""]


# ---------------------------------------------------------------------------------------------
# options


def jfr_cell(value):
    parts = value.split(":")
    if len(parts) != 3 or parts[0] not in PROTOCOLS or parts[1] not in OPS or \
            parts[2] not in LOADS:
        raise argparse.ArgumentTypeError("--jfr takes PROTOCOL:OP:LOAD, e.g. rest:create:closed")
    return value


PORTS = (("rest", 8080, "gateway REST"), ("management", 9600, "gateway management"),
         ("grpc", 26500, "gateway gRPC"), ("cluster", 26502, "the gateway's cluster (Atomix)"),
         ("broker", 26501, "broker"),
         ("refusing-rest", 8081, "gateway of the refusing (backpressure) cluster: REST"),
         ("refusing-management", 9601, "its management"), ("refusing-grpc", 26510, "its gRPC"),
         ("refusing-cluster", 26512, "its cluster"),
         ("refusing-broker", 26511, "the broker that refuses every user command"))
# options left None on the command line take these (--smoke: SMOKE; an overload run adds
# overload_options.DEFAULTS / overload_options.SMOKE)
SMOKE = {"rounds": 1, "modes": ["patched"], "window": 2, "warmup": 2, "gateway_warmup": 5,
         "gateway_warmup_max": 5, "rate": 100, "high_rate": 300, "idle_window": 1}
DEFAULTS = {"rounds": 3, "modes": ["patched", "stock"], "window": 10, "warmup": 5,
            "gateway_warmup": 30, "gateway_warmup_max": 180, "rate": 300, "high_rate": 1000,
            "idle_window": 2}


def parser():
    ops = names_of(OPS, "op", allow_all=True)
    p = argparse.ArgumentParser(
        prog="bench-cost",
        description="Gateway CPU µs per request, REST (vegeta) vs gRPC (ghz), patched vs stock.")
    add_options(p, [
        ("--modes", names_of(MODES, "mode"), None, "modes to compare (default patched,stock; "
         "--overload: off,adaptive,stock); known: " + ", ".join(MODES)),
        ("--ops", ops, list(OPS), "operations, comma separated, or all (default): "
         + ", ".join(OPS)),
        ("--rounds", int, None, "rounds (default 3)"),
        ("--rate", int, None, "fixed-rate load, requests/s (default 300)"),
        ("--connections", int, 8, "closed-loop connections (default 8)"),
        ("--cost-grpc-connections", int, 1, "ghz --connections of these cells (default 1: "
         "the calls multiplexed on one HTTP/2 connection; REST has --connections)"),
        ("--fixed-ops", ops, None, "ops run at the fixed rate (default: all of --ops)"),
        ("--closed-ops", ops, ["create"], "ops also run closed loop (default create)"),
        ("--high-rate", int, None, "rate of the high-rate cells (default 1000)"),
        ("--high-rate-ops", ops, ["create"], "ops also run at --high-rate (default create)"),
        ("--warmup", float, None, "warm-up per cell, s (default 5)"),
        ("--gateway-warmup", float, None, "mixed load after each gateway start, s (default 30)"),
        ("--gateway-warmup-max", float, None, "the gateway warm-up goes on while the JIT "
         "compiler threads use ≥ 5 %% of the gateway's CPU, up to this, s (default 180)"),
        ("--window", float, None, "measured window, s (default 10; --overload: 30)"),
        ("--idle-window", float, None, "idle gateway CPU measured after its warm-up, s (default "
         "2; 0 = skip)"),
        ("--gateway-cpus", str, "1", "taskset CPU list of the gateway (default 1)"),
        ("--load-cpus", str, "0", "taskset CPU list of brokers and load tools (default 0)"),
        ("--gateway-java-opts", str,
         "-XX:ActiveProcessorCount=2 -XX:FlightRecorderOptions:stackdepth=256",
         "JAVA_OPTS of the gateway (default: %(default)s)"),
        ("--dist", str, str(ROOT / "dist" / "target" / "gatefork"),
         "the gatefork distribution (default dist/target/gatefork)"),
        ("--out", str, None, "output folder (default bench/cost/results/<UTC timestamp>)"),
        ("--smoke", "flag", None, "quick check: 1 round, patched, 2 s windows and warm-ups, "
         "gateway warm-up 5 s, rate 100, high rate 300; with --overload: 1 round, 5 s windows, "
         "multiples 1,2, storm at 300/s (explicit options win)"),
        ("--start-timeout", int, 60, "seconds a broker or gateway may take to be ready (default "
         "60)"),
        ])
    p.add_argument("--report-only", metavar="DIR",
                   help="rewrite DIR/report.md from DIR/results.json.gz and exit")
    p.add_argument("--jfr", type=jfr_cell, action="append", default=[],
                   help="PROTOCOL:OP:LOAD: record that cell's window with JFR (first round, "
                   "first mode of --modes); repeatable")
    add_ports(p, PORTS)
    overload_options.add_arguments(p)
    return p


def parse_args(argv):
    p = parser()
    args = p.parse_args(argv)
    args.overload_run = args.overload or args.soak
    base = dict(SMOKE if args.smoke else DEFAULTS)
    if args.overload_run:
        base.update(overload_options.SMOKE if args.smoke else overload_options.DEFAULTS)
    for key, value in base.items():
        if getattr(args, key) is None:
            setattr(args, key, value)
    args.gateway_warmup_max = max(args.gateway_warmup_max, args.gateway_warmup)
    if args.out is None:
        stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        args.out = str(HERE / "results" / stamp)
    if args.rounds < 1 or args.window <= 0 or args.rate <= 0 or args.high_rate <= 0 \
            or args.connections <= 0 or args.warmup < 0:
        p.error("rounds, window, rates and connections must be positive, warm-up not negative")
    if args.overload_run:
        overload_options.check_args(p, args)
    return args


def main(argv):
    args = parse_args(argv)
    return run_scenario(args, lambda: overload.Overload(args) if args.overload_run
                        else CostBench(args), write_report)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

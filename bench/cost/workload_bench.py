#!/usr/bin/env python3
"""The workload benchmark: gateway CPU per completed process instance under the official client's
load (instances created at a fixed rate, their jobs completed by job workers), per mode and client
setup (REST, REST with the client's own connection pool, gRPC polling, gRPC streaming).

    scripts/bench.sh [options]             # builds what is missing, then runs this
    bench/cost/workload_bench.py --load-classpath CP --smoke

Starts an embedded broker pinned to the load CPUs, then per round, mode and protocol (the order
rotating per round) a fresh gateway pinned to the gateway CPU, and runs the Java load generator
(io.gatefork.bench.LoadGenerator, pinned to the load CPUs) against the `order` process of
examples/order.bpmn. Between the generator's window-start and window-end lines the gateway JVM's
CPU time is read, less its JIT compiler threads'. Writes results.json.gz and report.md. See
bench/cost/README.md ("Workload benchmark"). Python 3.11 standard library only.
"""
import argparse
import datetime
import json
import os
import select
import shlex
import subprocess
import sys
import time
from pathlib import Path

from benchlib import accounting as acc
from benchlib import procs, results
from benchlib.aggregate import (LEGEND, figures, flags_text, gateway_lines, med, num, ratio,
                                report_header, summarise, table)
from benchlib.harness import FOREIGN, JIT_SHARE, SATURATED, Harness, run_scenario
from benchlib.options import add_options, add_ports, names_of
from benchlib.procs import BenchError, log
from benchlib.workload import MODES, ROOT, rotated

HERE = Path(__file__).resolve().parent
MAIN = "io.gatefork.bench.LoadGenerator"
procs.PROGRAM = "workload-bench"
PROTOCOLS = ("rest", "rest-default-pool", "grpc", "grpc-stream")
METRICS = ("cpu_us_per_instance", "cpu_us_per_instance_incl_jit", "completed_per_s",
           "create_p50_ms", "create_p99_ms", "e2e_p50_ms", "e2e_p99_ms", "e2e_max_ms",
           "e2e_over_1s", "e2e_over_2s", "e2e_over_10s", "not_completed", "creates_exhausted", "creates_timeout",
           "creates_other", "not_sent", "gateway_core_util", "load_core_util",
           "foreign_cpu_cores")
SMOKE = {"rounds": 1, "modes": ["patched"], "protocols": ["rest", "grpc-stream"], "rate": 50,
         "warmup": 3, "window": 5}
DEFAULTS = {"rounds": 3, "modes": ["stock", "patched"], "protocols": list(PROTOCOLS),
            "rate": 100, "warmup": 20, "window": 60}
# below the ephemeral range, and not a development gateway's 8080 / 26500
PORTS = (("rest", 28080, "gateway REST"), ("management", 28600, "gateway management"),
         ("grpc", 28500, "gateway gRPC"), ("cluster", 28502, "the gateway's cluster (Atomix)"),
         ("broker", 28501, "broker"))


class WorkloadBench(Harness):
    TOOLS = ()  # the load generator is Java: no vegeta, no ghz

    def uses_refusing(self):
        return False

    def check_setup(self):
        super().check_setup()
        if not self.args.load_classpath:
            raise BenchError("--load-classpath is required (scripts/bench.sh passes it)")

    def generator_cmd(self, gw, protocol):
        a = self.args
        java = os.path.join(self.java_home, "bin", "java") if self.java_home else "java"
        return self.load_cmd([java] + shlex.split(a.load_java_opts) + [
            "-cp", a.load_classpath, MAIN, "--protocol", protocol, "--rest", gw.rest,
            "--grpc", "http://" + gw.grpc, "--process-id", a.process_id, "--rate", str(a.rate),
            "--warmup", str(a.warmup), "--window", str(a.window)] + shlex.split(a.load_args))

    def run(self):
        a = self.args
        self.begin()
        broker = self.start_brokers()[0]
        cells = [(mode, protocol) for protocol in a.protocols for mode in a.modes]
        for round_no in range(1, a.rounds + 1):
            for mode, protocol in rotated(cells, round_no):
                gw = self.start_gateway("main", mode, round_no, label=protocol)
                try:
                    self.deploy(gw)
                    self.note_gateway(gw, round_no, mode, protocol, None, None)
                    self.measure(gw, protocol, round_no, mode)
                finally:
                    self.procs.stop(gw.proc)
        self.procs.stop(broker)
        self.end()

    def run_generator(self, cmd, logfile, window):
        """Runs the load generator, starting and stopping `window` at its window-start and
        window-end lines; returns its JSON document and the run's sessions at the window's end
        (the generator's among them: once it is stopped its CPU would count as foreign)."""
        deadline = time.monotonic() + self.args.warmup + self.args.window + 120
        with open(logfile, "w") as err:
            proc = self.procs.start("load generator", cmd, stdout=subprocess.PIPE, stderr=err)
        marks, last, buffered, sessions = [], None, b"", set()
        try:
            while True:
                if not select.select([proc.stdout], [], [], 1.0)[0]:
                    if time.monotonic() > deadline:
                        raise BenchError("load generator still running past its time: killed; "
                                         "see %s" % logfile)
                    continue
                chunk = os.read(proc.stdout.fileno(), 65536)
                if not chunk:
                    break
                *lines, buffered = (buffered + chunk).split(b"\n")
                for line in (x.decode().strip() for x in lines):
                    if line in ("window-start", "window-end"):
                        (window.start if line == "window-start" else window.stop)()
                        sessions = self.procs.sessions()
                        marks.append(line)
                    elif line:
                        last = line
            rc = proc.wait(timeout=30)
        finally:
            self.procs.stop(proc, grace=5)
        if rc != 0 or marks != ["window-start", "window-end"] or not last:
            raise BenchError("load generator failed (exit %s, window marks %s); see %s" % (
                rc, marks, logfile))
        return json.loads(last), sessions

    def measure(self, gw, protocol, round_no, mode):
        a = self.args
        settled = self.settle(gw)
        cmd = self.generator_cmd(gw, protocol)
        window = acc.Window(gw.pid)
        load, sessions = self.run_generator(cmd, self.logs / ("load-r%d-%s-%s.log" % (
            round_no, mode, protocol)), window)
        if gw.proc.poll() is not None:
            raise BenchError("the gateway exited during the load; see %s" % gw.log)
        w = window.figures(sessions, self.gateway_cpus, self.load_cpus)
        completed, creates = load["completed"], load["creates"]
        lat = load["latency_ms"]

        def per_instance(seconds):
            return round(seconds * 1e6 / completed, 1) if completed else None

        failed = creates["exhausted"] + creates["timeout"] + creates["other"]
        flags = [flag for flag, on in (
            ("load-saturated", w["load_util"] >= SATURATED),
            ("gateway-saturated", w["gateway_util"] >= SATURATED),
            ("foreign-load", w["foreign_cores"] >= FOREIGN),
            ("jit", w["cpu_s"] > 0 and w["jit_s"] / w["cpu_s"] >= JIT_SHARE),
            ("failed-creates", failed > 0), ("not-sent", load["not_sent"] > 0)) if on]
        record = {
            "round": round_no, "mode": mode, "protocol": protocol, "rate": a.rate,
            "window_s": round(w["seconds"], 3), "gateway_cpu_s": round(w["cpu_s"], 3),
            "jit_cpu_s": round(w["jit_s"], 3), "completed": completed,
            "cpu_us_per_instance": per_instance(w["cpu_s"] - w["jit_s"]),
            "cpu_us_per_instance_incl_jit": per_instance(w["cpu_s"]),
            "completed_per_s": round(completed / load["window_s"], 1),
            "create_p50_ms": lat["create"]["p50Ms"], "create_p99_ms": lat["create"]["p99Ms"],
            "e2e_p50_ms": lat["end_to_end"]["p50Ms"], "e2e_p99_ms": lat["end_to_end"]["p99Ms"],
            "e2e_max_ms": lat["end_to_end"]["maxMs"],
            **{"e2e_over_" + k: lat["end_to_end"]["over" + k] for k in ("1s", "2s", "10s")},
            "not_completed": load["acknowledged_not_completed"],
            "creates_sent": load["creates_sent"],
            "creates_ok": creates["ok"], "creates_failed": failed,
            **{"creates_" + k: creates[k] for k in ("exhausted", "timeout", "other")},
            "not_sent": load["not_sent"],
            "gateway_core_util": round(w["gateway_util"], 4),
            "load_core_util": round(w["load_util"], 4),
            "foreign_cpu_cores": round(w["foreign_cores"], 4),
            "gateway_threads_us_per_instance": window.breakdown(completed),
            "settle_s": round(settled, 1), "flags": flags, "command": shlex.join(cmd),
            "load": load}
        self.cells.append(record)
        log("r%d %-7s %-17s %6.1f/s completed  %6.0f µs/instance (%.0f incl. JIT)  create p50 "
            "%.2f ms p99 %.2f ms  e2e p99 %.1f ms  failed %d  not sent %d  gw %3.0f%%  "
            "load %3.0f%%  %s" % (round_no, mode, protocol, record["completed_per_s"],
                      record["cpu_us_per_instance"] or 0,
                      record["cpu_us_per_instance_incl_jit"] or 0, record["create_p50_ms"],
                      record["create_p99_ms"], record["e2e_p99_ms"], failed, load["not_sent"],
                      w["gateway_util"] * 100, w["load_util"] * 100, ",".join(flags)))
        self.save()
        return record

    def meta(self):
        meta = super().meta()
        meta["placement"].update(load_tools="the load generator",
                                 load_tools_text="the load generator (camunda-client-java)")
        meta["tools"] = {"load_generator": MAIN}
        return meta


# ---------------------------------------------------------------------------------------------
# report


def write_report(out):
    data = results.load(out)
    meta, cells, gateways = data["meta"], data["cells"], data.get("gateways", [])
    opts = meta["options"]
    summary = summarise(cells, lambda c: (c["protocol"], c["mode"]), METRICS)
    lines = ["# Gateway CPU per completed instance: the workload", ""] + report_header(meta) + [
        "- per cell: a fresh gateway; `%s`, process `%s`, %s instances/s, warm-up %s s, window "
        "%s s; %s round(s), the cells' order rotating per round; load generator options: `%s`"
        % (MAIN, opts["process_id"], opts["rate"], opts["warmup"], opts["window"],
           opts["rounds"], opts["load_args"] or "defaults")]
    lines += gateway_lines(gateways, "") + ["", LEGEND, ""]
    rows = [[proto, mode] + figures(s, "cpu_us_per_instance cpu_us_per_instance_incl_jit "
                                    "completed_per_s:1 create_p50_ms:2 create_p99_ms:2 "
                                    "e2e_p99_ms:1 creates_exhausted creates_timeout "
                                    "creates_other not_sent gateway_core_util:0:100 "
                                    "load_core_util:0:100 foreign_cpu_cores:0:100")
            + [flags_text(s)]
            for proto in PROTOCOLS for mode in opts["modes"]
            for s in [summary.get((proto, mode))] if s]
    lines += ["## Per protocol and mode", ""] + table(
        ["protocol", "mode", "CPU µs/instance", "incl. JIT", "completed/s", "create p50 ms",
         "create p99 ms", "e2e p99 ms", "503/exhausted", "timeouts", "other errors", "not sent",
         "gw core %", "load core %", "other %", "flags"], "ll" + "r" * 13 + "l", rows) + [""]
    rows = [[proto, mode] + figures(s, "e2e_p50_ms:1 e2e_p99_ms:1 e2e_max_ms:0 e2e_over_1s "
                                    "e2e_over_2s e2e_over_10s not_completed")
            for proto in PROTOCOLS for mode in opts["modes"]
            for s in [summary.get((proto, mode))] if s and s.get("e2e_max_ms")]
    if rows:
        lines += ["## From creation to completion: the tail", "",
                  "Per instance of the window, from its create call to its job's acknowledged "
                  "completion; over 1/2/10 s: how many took longer; not completed: acknowledged "
                  "creations whose job was not completed when the drain ended (`--drain-max-s`).",
                  ""] + table(
            ["protocol", "mode", "e2e p50 ms", "e2e p99 ms", "e2e max ms", "over 1 s",
             "over 2 s", "over 10 s", "not completed"], "ll" + "r" * 7, rows) + [""]
    if {"patched", "stock"} <= set(opts["modes"]):
        rows = []
        for proto in PROTOCOLS:
            p, s = summary.get((proto, "patched")), summary.get((proto, "stock"))
            if p and s:
                rows.append([proto] + [x for metric, digits in (
                    ("cpu_us_per_instance", 0), ("e2e_p99_ms", 1), ("create_p99_ms", 2))
                    for u, v in [(med(p[metric]), med(s[metric]))]
                    for x in ("%s / %s" % (num(u, digits), num(v, digits)), ratio(u, v))])
        lines += ["## patched / stock (medians)", ""] + table(
            ["protocol", "CPU µs/instance", "ratio", "e2e p99 ms", "ratio", "create p99 ms",
             "ratio"], "l" + "r" * 6, rows) + [""]
    lines.append("Every cell, with the load generator's own figures: `results.json`; its "
                 "progress: `logs/load-*.log`.")
    (out / "report.md").write_text("\n".join(lines) + "\n")
    return out / "report.md"


# ---------------------------------------------------------------------------------------------
# options


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog="scripts/bench.sh", description="Gateway CPU µs per completed instance under the "
        "official client's workload, per mode and protocol.")
    add_options(p, [
        ("--modes", names_of(MODES, "mode"), None, "modes (default stock,patched); known: "
         + ", ".join(MODES)),
        ("--protocols", names_of(PROTOCOLS, "protocol"), None, "client setups (default all): "
         + ", ".join(PROTOCOLS)),
        ("--rounds", int, None, "rounds (default 3)"),
        ("--rate", float, None, "instances created per second (default 100)"),
        ("--warmup", float, None, "warm-up per cell, s (default 20)"),
        ("--window", float, None, "measured window, s (default 60)"),
        ("--process-id", str, "order", "the process to create (default order, of "
         "examples/order.bpmn, which the harness deploys)"),
        ("--load-args", str, "", "more options of the load generator, e.g. '--work-delay-ms 10 "
         "--max-jobs-active 120' (its --help lists them)"),
        ("--load-classpath", str, None, "the load generator's classpath (scripts/bench.sh "
         "passes it)"),
        ("--load-java-opts", str, "-Xmx1g -XX:+ExitOnOutOfMemoryError",
         "JVM options of the load generator (default: %(default)s)"),
        ("--gateway-cpus", str, "1", "taskset CPU list of the gateway (default 1)"),
        ("--load-cpus", str, "0", "taskset CPU list of the broker and the load generator "
         "(default 0)"),
        ("--gateway-java-opts", str, "-XX:ActiveProcessorCount=2",
         "JAVA_OPTS of the gateway (default: %(default)s)"),
        ("--dist", str, str(ROOT / "dist" / "target" / "gatefork"),
         "the gatefork distribution (default dist/target/gatefork)"),
        ("--out", str, None, "output folder (default bench/cost/results/<UTC timestamp>)"),
        ("--smoke", "flag", None, "quick check: 1 round, patched, rest and grpc-stream, 50/s, "
         "3 s warm-up, 5 s window (explicit options win)"),
        ("--start-timeout", int, 60, "seconds a broker or gateway may take to be ready "
         "(default 60)"),
    ])
    p.add_argument("--report-only", metavar="DIR",
                   help="rewrite DIR/report.md from DIR/results.json.gz and exit")
    add_ports(p, PORTS)
    args = p.parse_args(argv)
    for key, value in (SMOKE if args.smoke else DEFAULTS).items():
        if getattr(args, key) is None:
            setattr(args, key, value)
    if args.out is None:
        stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        args.out = str(HERE / "results" / stamp)
    if args.rounds < 1 or args.window <= 0 or args.rate <= 0 or args.warmup < 0:
        p.error("rounds, window and rate must be positive, warm-up not negative")
    return args


def main(argv):
    args = parse_args(argv)
    return run_scenario(args, lambda: WorkloadBench(args), write_report)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

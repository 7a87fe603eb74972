#!/usr/bin/env python3
"""Start-up benchmark: how soon a new gateway container is ready and what it costs per request in
its first minutes, image against image (issue #25). See bench/startup/README.md.

    bench/startup/startup_bench.py                       # full run: 3 rounds, ~55 min
    bench/startup/startup_bench.py --smoke               # 1 round, short windows: a check
    bench/startup/startup_bench.py --report DIR          # report.md again from DIR/results.json.gz

Per round, placement and variant (interleaved: the variants' order alternates by round) a fresh
gateway container starts against one embedded broker (a container pinned to the load CPU). From
`docker run` it measures the time and the gateway JVM's CPU-seconds until REST topology shows 3
partitions with leaders (ready), then drives REST creates at a fixed open-loop rate (vegeta, pinned
to the load CPU) and per window: gateway CPU µs per answered request (utime + stime of
/proc/<pid>/stat), of it the JIT compiler threads (C1/C2 CompilerThread), p99 latency. Windows
after --warm-windows are the steady state. Python 3.11, testcontainers (bench/requirements.txt;
imported when a run starts containers) and the benchmarks' toolkit (bench/cost/benchlib).
"""
import argparse
import csv
import datetime
import io
import json
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "cost"))
from benchlib import procs, results  # noqa: E402
from benchlib.accounting import (jit_cpu_seconds, process_cpu_seconds,  # noqa: E402
                                 thread_cpu_seconds)
from benchlib.aggregate import med, ratio, stats, table  # noqa: E402
from benchlib.cluster import gateway_args  # noqa: E402
from benchlib.harness import git_info  # noqa: E402
from benchlib.options import add_options, names_of  # noqa: E402
from benchlib.procs import BenchError, Processes, await_ports_free, comm, log, taskset  # noqa: E402
from benchlib.setup_calls import await_topology, deploy  # noqa: E402
from benchlib.workload import open_loop_workers, round_order  # noqa: E402

procs.PROGRAM = "startup-bench"

CLUSTER = "startup-bench"
BROKER = "startup-bench-broker"
GATEWAY = "startup-bench-gateway"
PROCESS = "cost-noop"
# placement -> (container limits, None: --gateway-cpu; JVM flags, a variant's JAVA_OPTS after them)
PLACEMENTS = {
    # the pod: a 2-CPU quota on this 2-core machine, shared with the broker and the load
    "container": ({"nano_cpus": 2 * 10**9}, ""),
    # the measurement: one core of its own, sized as a 2-CPU pod
    "pinned": ({"cpuset_cpus": None}, "-XX:ActiveProcessorCount=2"),
}


def container(image, name, command, env, **limits):
    """An unstarted container on the host network, env's non-empty variables (a leftover of the
    name removed). Ryuk off as for the Java tests: no image is pulled; remove() removes ours."""
    os.environ["TESTCONTAINERS_RYUK_DISABLED"] = "true"
    from testcontainers.core.container import DockerContainer
    c = DockerContainer(image, command=command, name=name, env={k: v for k, v in env.items() if v})
    for old in c.get_docker_client().client.containers.list(
            all=True, filters={"name": "^%s$" % name}):
        old.remove(force=True)
    return c.with_kwargs(network_mode="host", **limits)


def remove(c, logfile):
    """Writes the container's output (stdout, then stderr) to logfile and removes it: None."""
    if c is not None and c._container is not None:
        logfile.write_text("".join(b.decode(errors="replace") for b in c.get_logs()))
        c.stop()


def parse_variant(spec):
    """name=image[,VAR=value...]: an image and the gateway environment it runs with."""
    name, _, rest = spec.partition("=")
    image, *env = rest.split(",")
    if not name or not image:
        raise argparse.ArgumentTypeError("variant must be name=image[,VAR=value...]: " + spec)
    return {"name": name, "image": image, "env": dict(e.split("=", 1) for e in env)}


class StartupBench:
    def __init__(self, args):
        self.args = args
        self.out = Path(args.out)
        self.raw = self.out / "raw"
        self.raw.mkdir(parents=True, exist_ok=True)
        self.cells = []
        self.procs = Processes()
        self.broker = self.gateway = None
        port = args.rest_port
        self.gateway_args = gateway_args(CLUSTER, port, port + 4, management=port + 1,
                                         grpc=port + 2, cluster_port=port + 3)
        self.rest = "http://127.0.0.1:%d" % args.rest_port

    # -- containers ------------------------------------------------------------------------------

    def start_broker(self):
        from testcontainers.core.wait_strategies import LogMessageWaitStrategy
        self.broker = container(self.args.broker_image, BROKER, [
            "broker", "--host", "127.0.0.1", "--port", str(self.args.rest_port + 4),
            "--partitions", "3", "--cluster-name", CLUSTER], {}, cpuset_cpus=self.args.load_cpu)
        self.broker.waiting_for(
            LogMessageWaitStrategy("listening").with_startup_timeout(120)).start()
        log("broker ready")

    def start_gateway(self, variant, placement):
        """A fresh gateway container: its JVM's pid, the seconds from its start and the JVM's CPU
        seconds when REST topology shows 3 partitions with leaders (ready)."""
        await_ports_free(range(self.args.rest_port, self.args.rest_port + 4))
        limits, java_opts = PLACEMENTS[placement]
        limits = {k: v or self.args.gateway_cpu for k, v in limits.items()}
        env = dict(variant["env"])
        env["JAVA_OPTS"] = (java_opts + " " + env.get("JAVA_OPTS", "")).strip()
        self.gateway = container(variant["image"], GATEWAY, self.gateway_args, env, **limits)
        started = time.monotonic()
        self.gateway.start().reload()
        pid = self.gateway.get_wrapped_container().attrs["State"]["Pid"]
        # the entrypoint and bin/gateway exec java: the container's first process becomes the JVM
        while comm(pid) != "java":
            if time.monotonic() - started > 30:
                raise BenchError("no JVM in %s" % GATEWAY)
            time.sleep(0.01)
        await_topology(self.rest, self.args.start_timeout - (time.monotonic() - started),
                       interval=0.05, where=self.raw / "gateway-failed.log")
        return pid, time.monotonic() - started, process_cpu_seconds(pid)

    # -- one cell --------------------------------------------------------------------------------

    def prepare(self):
        """Deploys the process and warms the broker with one unmeasured gateway."""
        self.start_gateway(self.args.variants[-1], "container")
        deploy(self.rest, [HERE.parent / "cost" / "noop.bpmn"])
        time.sleep(2)
        self.procs.run("vegeta", self.load(self.raw / "prepare.bin", self.args.prepare_seconds),
                       timeout=self.args.prepare_seconds + 60)
        self.gateway = remove(self.gateway, self.raw / "prepare.log")
        log("prepared: %s deployed, broker warmed for %d s" % (PROCESS, self.args.prepare_seconds))

    def load(self, output, seconds):
        targets = self.raw / "targets.txt"
        body = self.raw / "create.json"
        body.write_text(json.dumps({"processDefinitionId": PROCESS}))
        targets.write_text("POST %s/v2/process-instances\nContent-Type: application/json\n@%s\n"
                           % (self.rest, body))
        return taskset(self.args.load_cpu) + [
            "vegeta", "attack", "-targets", str(targets), "-rate", "%d/s" % self.args.rate,
            "-duration", "%ds" % seconds, "-max-workers", str(open_loop_workers(self.args.rate)),
            "-timeout", "10s", "-output", str(output)]

    def measure(self, round_no, placement, variant):
        a = self.args
        name = "r%d-%s-%s" % (round_no, placement, variant["name"])
        pid, ready_s, ready_cpu = self.start_gateway(variant, placement)
        log("%s: ready in %.2f s, %.2f CPU-s" % (name, ready_s, ready_cpu))
        windows = a.warm_windows + a.steady_windows
        binfile = self.raw / (name + ".bin")
        load_start = time.time()
        vegeta = self.procs.start("vegeta", self.load(binfile, windows * a.window))
        samples = [(process_cpu_seconds(pid), thread_cpu_seconds(pid))]
        for w in range(1, windows + 1):
            time.sleep(max(0.0, load_start + w * a.window - time.time()))
            samples.append((process_cpu_seconds(pid), thread_cpu_seconds(pid)))
        vegeta.wait(timeout=60)
        self.procs.stop(vegeta)
        self.gateway = remove(self.gateway, self.raw / (name + ".log"))
        answers = self.answers(binfile, load_start, windows)
        cell = {"round": round_no, "placement": placement, "variant": variant["name"],
                "image": variant["image"], "env": variant["env"],
                "ready_s": round(ready_s, 2), "ready_cpu_s": round(ready_cpu, 2), "windows": []}
        for w in range(windows):
            (cpu0, threads0), (cpu1, threads1) = samples[w], samples[w + 1]
            latencies, ok, errors = answers[w]
            cell["windows"].append({
                "start_s": w * a.window, "answered": ok, "errors": errors,
                "cpu_us_per_request": round((cpu1 - cpu0) * 1e6 / ok, 1) if ok else None,
                "jit_us_per_request":
                    round(jit_cpu_seconds(threads0, threads1) * 1e6 / ok, 1) if ok else None,
                "p99_ms": round(percentile(latencies, 0.99), 2) if latencies else None,
                "steady": w >= a.warm_windows})
        log("%s: µs/request per window %s" % (name, [x["cpu_us_per_request"]
                                                      for x in cell["windows"]]))
        self.cells.append(cell)

    def answers(self, binfile, load_start, windows):
        """Per window (by the time a request was sent): latencies (ms) of 2xx answers, their
        count, the count of other answers."""
        text = subprocess.run(["vegeta", "encode", "--to", "csv", str(binfile)], check=True,
                              capture_output=True, text=True).stdout
        per = [[[], 0, 0] for _ in range(windows)]
        for row in csv.reader(io.StringIO(text)):
            sent = int(row[0]) / 1e9 - load_start
            w = per[min(windows - 1, max(0, int(sent // self.args.window)))]
            ok = 200 <= int(row[1]) < 300
            if ok:
                w[0].append(int(row[2]) / 1e6)
            w[1 if ok else 2] += 1
        return per

    def run(self):
        a = self.args
        try:
            self.start_broker()
            self.prepare()
            for round_no in range(1, a.rounds + 1):
                for placement in a.placements:
                    for variant in round_order(a.variants, round_no):
                        self.measure(round_no, placement, variant)
                        self.save()
        finally:
            self.procs.stop_all()
            remove(self.gateway, self.raw / "gateway-failed.log")
            remove(self.broker, self.raw / "broker.log")

    # -- output ----------------------------------------------------------------------------------

    def save(self):
        a = self.args
        meta = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                "smoke": a.smoke, "rounds": a.rounds, "rate": a.rate, "window_s": a.window,
                "warm_windows": a.warm_windows, "steady_windows": a.steady_windows,
                "placements": a.placements, "variants": a.variants,
                "command": shlex.join(sys.argv), "git": git_info()}
        results.save(self.out, {"meta": meta, "cells": self.cells})
        (self.out / "report.md").write_text(report(meta, self.cells))


def per_request(cell, chosen):
    """Gateway CPU µs per answered request over the chosen windows of one cell (all their CPU
    over all their answers: a window with a compile burst counts in full)."""
    windows = [w for w in cell["windows"] if chosen(w) and w["answered"]]
    answered = sum(w["answered"] for w in windows)
    return sum(w["cpu_us_per_request"] * w["answered"] for w in windows) / answered \
        if answered else None


def percentile(values, q):
    # the committed start-up figures use this rank (q x n, not the nearest rank of overload.py)
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def median(values):
    return med(stats(values))


def fmt(value, digits=0):
    return "–" if value is None else "{:,.{}f}".format(value, digits)


def report(meta, cells):
    lines = ["# Start-up benchmark%s" % (" — SMOKE RUN (1 round, short windows: a check of the "
                                          "harness, not a result)" if meta["smoke"] else ""), "",
             "%s; %d round(s), REST creates at %d/s from ready, %d-s windows (the first %d: "
             "warm-up, then %d steady); medians over rounds. Command: `%s`" % (
                 meta["date"], meta["rounds"], meta["rate"], meta["window_s"],
                 meta["warm_windows"], meta["steady_windows"], meta["command"]), ""]
    variants = [v["name"] for v in meta["variants"]]
    for placement in meta["placements"]:
        mine = [c for c in cells if c["placement"] == placement]
        if not mine:
            continue
        summary = {}  # variant -> ready s, CPU-s to ready, first minute and steady µs/request
        for v in variants:
            vc = [c for c in mine if c["variant"] == v]
            if vc:
                summary[v] = (median([c["ready_s"] for c in vc]),
                              median([c["ready_cpu_s"] for c in vc]),
                              median([per_request(c, lambda w: not w["steady"]
                                                  and w["start_s"] < 60) for c in vc]),
                              median([per_request(c, lambda w: w["steady"]) for c in vc]))
        lines += ["## %s" % placement, ""] + table(
            ["variant", "ready s", "CPU-s to ready", "first minute µs/req", "steady µs/req",
             "first minute / steady"], "llllll",
            [[v, fmt(s[0], 2), fmt(s[1], 2), fmt(s[2]), fmt(s[3]), ratio(s[2], s[3])]
             for v, s in summary.items()])
        base = summary.get(variants[0])
        compared = [v for v in variants[1:] if v in summary and base]
        lines += [""] if compared else []
        lines += ["%s / %s: ready %s, CPU-s to ready %s  " % (
            v, variants[0], ratio(summary[v][0], base[0]), ratio(summary[v][1], base[1]))
            for v in compared]
        lines += ["", "Per window (start s after ready): gateway CPU µs per request / of it JIT "
                      "compiler threads / p99 ms", ""] + table(
            ["window"] + variants, "l" * (len(variants) + 1),
            [["%d%s" % (w["start_s"], " (steady)" if w["steady"] else "")] + [
                "%s / %s / %s" % tuple(fmt(median([c["windows"][i][k] for c in mine
                                                   if c["variant"] == v]), d)
                                       for k, d in (("cpu_us_per_request", 0),
                                                    ("jit_us_per_request", 0), ("p99_ms", 1)))
                for v in variants] for i, w in enumerate(mine[0]["windows"])])
        lines.append("")
    return "\n".join(lines)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--variant", dest="variants", action="append", type=parse_variant,
                   help="name=image[,VAR=value...], repeatable; the first is the baseline "
                        "(default: today=gatefork:today warm=gatefork:warm)")
    add_options(p, [
        ("--placements", names_of(list(PLACEMENTS), "placement"), "container,pinned",
         "container (--cpus 2) and/or pinned (one core, ActiveProcessorCount=2)"),
        ("--rounds", int, 3, None), ("--rate", int, 100, "REST creates per second"),
        ("--window", int, 15, "window length, s"),
        ("--warm-windows", int, 12, "windows of the first minutes"),
        ("--steady-windows", int, 4, "windows after them"),
        ("--prepare-seconds", int, 60, "broker warm-up load"),
        ("--broker-image", str, "gatefork-full:warm", "the image the broker runs from: one with "
         "the embedded broker (the Dockerfile's full target; bench/startup/build-images.sh "
         "builds it)"),
        ("--gateway-cpu", str, "1", None),
        ("--load-cpu", str, "0", "the broker's and vegeta's CPU"),
        ("--rest-port", int, 18380,
         "gateway REST port; the next 4 are management, gRPC, cluster, broker"),
        ("--start-timeout", int, 120, None), ("--out", str, None, None),
        ("--smoke", "flag", None,
         "1 round, 10-s windows: 3 warm-up + 1 steady, 20 s broker warm-up")])
    p.add_argument("--report", metavar="DIR",
                   help="write DIR/report.md again from DIR/results.json.gz (after a change to the "
                        "report) and exit")
    args = p.parse_args(argv)
    args.variants = args.variants or [parse_variant("today=gatefork:today"),
                                      parse_variant("warm=gatefork:warm")]
    if args.smoke:
        args.rounds, args.window, args.warm_windows, args.steady_windows = 1, 10, 3, 1
        args.prepare_seconds = 20
    args.out = args.out or str(HERE / "results" / (
        datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d-%H%M%S")
        + ("-smoke" if args.smoke else "")))
    return args


def main(argv):
    args = parse_args(argv)
    if args.report:
        out = Path(args.report)
        data = results.load(out)
        (out / "report.md").write_text(report(data["meta"], data["cells"]))
        return
    log("writing to %s" % args.out)
    bench = StartupBench(args)
    bench.run()
    bench.save()
    log("done: %s/report.md" % args.out)


if __name__ == "__main__":
    main(sys.argv[1:])

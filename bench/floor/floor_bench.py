#!/usr/bin/env python3
"""The REST stack's floor: CPU µs per request of a bare Spring Boot MVC app (FloorApp: Spring
Boot's Tomcat and Spring MVC, nothing of the gateway's) under the cost benchmark's loads, measured
as it measures the gateway (the app pinned to one core, vegeta to the other, the JIT's threads left
out). See bench/floor/README.md.

    python3 bench/floor/floor_bench.py --rounds 3 --out /tmp/floor
"""
import argparse
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "cost"))
from benchlib.accounting import jit_cpu_seconds, thread_cpu_seconds  # noqa: E402
from benchlib.aggregate import spread, stats  # noqa: E402
from benchlib.procs import taskset  # noqa: E402
from benchlib.workload import open_loop_workers  # noqa: E402

# op -> (method, path, body): a refused job completion (async, a 404 problem) and the topology
OPS = {
    "complete-unknown": ("POST", "/v2/jobs/2251799813685249/completion", '{"variables":{}}'),
    "topology": ("GET", "/v2/topology", None),
}


def parse_args(argv=None):
    p = argparse.ArgumentParser(prog="floor_bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--rounds", type=int, default=3, help="app starts, each measuring every cell")
    p.add_argument("--ops", default=",".join(OPS), help="comma separated: %s" % ", ".join(OPS))
    p.add_argument("--connections", type=int, default=8, help="closed loop: vegeta workers")
    p.add_argument("--rate", type=int, default=300, help="fixed rate of the open-loop cells")
    p.add_argument("--warmup", type=float, default=45, help="seconds of closed loop per op first")
    p.add_argument("--window", type=float, default=10, help="seconds each cell is measured")
    p.add_argument("--app-cpus", default="1", help="cores of the app (taskset)")
    p.add_argument("--load-cpus", default="0", help="cores of vegeta (taskset)")
    p.add_argument("--port", type=int, default=18090)
    p.add_argument("--java-opts", default="-XX:ActiveProcessorCount=2")
    p.add_argument("--out", required=True, help="folder for cells.json and report.md")
    args = p.parse_args(argv)
    args.ops = [o for o in args.ops.split(",") if o]
    unknown = [o for o in args.ops if o not in OPS]
    if unknown:
        p.error("unknown ops: %s" % ", ".join(unknown))
    return args


def build():
    java_home = subprocess.run(["bash", "-c", "source scripts/find-jdk.sh >/dev/null && "
                                "echo $JAVA_HOME"], cwd=HERE.parent.parent, check=True,
                               capture_output=True, text=True).stdout.strip()
    env = dict(os.environ, JAVA_HOME=java_home)
    subprocess.run(["mvn", "-B", "-o", "-q", "-f", str(HERE / "pom.xml"), "package"], env=env,
                   check=True)
    return Path(java_home) / "bin" / "java"


def start(java, args):
    cmd = [*taskset(args.app_cpus), str(java), *args.java_opts.split(), "-cp",
           "%s:%s/*" % (HERE / "target" / "classes", HERE / "target" / "lib"),
           "io.gatefork.bench.floor.FloorApp", "--server.port=%d" % args.port,
           "--logging.level.root=WARN"]
    app = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", args.port), timeout=1).close()
            return app
        except OSError:
            time.sleep(0.2)
    app.kill()
    raise SystemExit("the floor app did not open port %d within 60 s" % args.port)


def attack(args, op, rate, seconds, out):
    method, path, body = OPS[op]
    target = "%s http://127.0.0.1:%d%s\n" % (method, args.port, path)
    if body is not None:
        body_file = out / ("%s.json" % op)
        body_file.write_text(body)
        target += "Content-Type: application/json\n@%s\n" % body_file
    targets = out / ("%s.targets" % op)
    targets.write_text(target)
    load = (["-rate=%d/s" % rate, "-max-workers=%d" % open_loop_workers(rate)] if rate else
            ["-rate=0", "-workers=%d" % args.connections, "-max-workers=%d" % args.connections])
    attack_cmd = [*taskset(args.load_cpus), "vegeta", "attack", "-targets=%s" % targets,
                  "-duration=%.3fs" % seconds, "-timeout=10s", *load]
    attacking = subprocess.Popen(attack_cmd, stdout=subprocess.PIPE)
    report = subprocess.run(["vegeta", "report", "-type=json"], stdin=attacking.stdout,
                            capture_output=True, text=True, check=True)
    attacking.wait()
    return json.loads(report.stdout)


def measure(app, args, op, rate, out):
    before = thread_cpu_seconds(app.pid)
    result = attack(args, op, rate, args.window, out)
    after = thread_cpu_seconds(app.pid)
    cpu = sum(s for _, s in after.values()) - sum(s for _, s in before.values())
    jit = jit_cpu_seconds(before, after)
    requests = result["requests"]
    return {"op": op, "load": "fixed %d/s" % rate if rate else "closed %d" % args.connections,
            "requests": requests, "codes": result["status_codes"],
            "us_per_request": 1e6 * cpu / requests, "us_excl_jit": 1e6 * (cpu - jit) / requests,
            "p50_ms": result["latencies"]["50th"] / 1e6,
            "p99_ms": result["latencies"]["99th"] / 1e6}


def report(cells, args):
    lines = ["| op | load | µs/req excl. JIT, median [min–max] | with JIT | answers |",
             "|---|---|---|---|---|"]
    keys = sorted({(c["op"], c["load"]) for c in cells})
    for op, load in keys:
        mine = [c for c in cells if (c["op"], c["load"]) == (op, load)]
        codes = sorted({code for c in mine for code in c["codes"]})
        lines.append("| %s | %s | %s | %s | %s |" % (
            op, load, spread(c["us_excl_jit"] for c in mine),
            "%.0f" % stats(c["us_per_request"] for c in mine)["median"], ", ".join(codes)))
    return "\n".join(lines) + "\n"


def main(argv=None):
    args = parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    java = build()
    cells = []
    for r in range(1, args.rounds + 1):
        app = start(java, args)
        try:
            for op in args.ops:
                attack(args, op, 0, args.warmup, out)
            for op in args.ops:
                for rate in (0, args.rate):
                    cell = measure(app, args, op, rate, out)
                    cell["round"] = r
                    cells.append(cell)
                    print("round %d %s %s: %.0f µs/req excl. JIT (%d requests)" % (
                        r, op, cell["load"], cell["us_excl_jit"], cell["requests"]),
                        file=sys.stderr)
        finally:
            app.terminate()
            app.wait(30)
    (out / "cells.json").write_text(json.dumps(cells, indent=1))
    (out / "report.md").write_text(report(cells, args))
    print(report(cells, args))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Gateway CPU per shed REST answer (admission's 503), and which error answers keep their HTTP/1.1
connection, per build; rounds interleaved (each round in the reverse order of the one before).

    bench/cost/shed_cost.py --builds LABEL=DIST[,LABEL=DIST...] [--rounds 3] [--window 10] --out DIR

Per build and round: one gateway (REST only loaded) pinned to --gateway-cpus with admission held
at one request in flight (min, max and initial limit 1, partition-by none) and that one request held
by a create whose body never finishes; then wrk (closed loop, --connections, creates), or with
--rate vegeta (open loop at that rate), gets only shed 503s. CPU µs per answer = the gateway JVM's
CPU over the window / the answers; new connections per answer = the kernel's TcpPassiveOpens over
the window / answers. Before the hold,
a probe sends a 400 (invalid create), a 404 and a 405 on one connection, and after it a shed 503,
each followed by a GET on the same connection: whether the connection was kept, closed with
`Connection: close`, or dropped without one. Broker, wrk and the probe on --load-cpus.
"""
import argparse
import http.client
import json
import os
import re
import shlex
import socket
import subprocess
import sys
import time
from pathlib import Path

from benchlib.accounting import passive_opens, process_cpu_seconds
from benchlib import results
from benchlib.aggregate import spread, table
from benchlib.cluster import gateway_args, start_broker
from benchlib.procs import Processes, jvm_pid, log, taskset
from benchlib.setup_calls import await_topology
from benchlib.workload import open_loop_workers, round_order

CREATE = "/v2/process-instances"
BODY = '{"processDefinitionId":"cost-noop"}'
CLUSTER = "shed-cost"
PROBES = [  # kind, method, path, body
    ("400 invalid create", "POST", CREATE, '{"processDefinitionId":7}'),
    ("404 unknown path", "GET", "/v2/no-such-resource", None),
    ("405 wrong method", "DELETE", "/v2/topology", None),
]


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--builds", required=True, help="LABEL=DIST,... (first: the baseline)")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--window", type=int, default=10, help="measured window, s")
    p.add_argument("--warmup", type=int, default=20, help="shed load before the window, s")
    p.add_argument("--connections", type=int, default=8, help="wrk connections")
    p.add_argument("--rate", type=int, default=0,
                   help="open loop instead: vegeta at this many creates/s (0: wrk closed loop)")
    p.add_argument("--gateway-cpus", default="1")
    p.add_argument("--gateway-java-opts", default="-XX:ActiveProcessorCount=2",
                   help="the gateway JVM's JAVA_OPTS (e.g. a JFR recording)")
    p.add_argument("--load-cpus", default="0")
    p.add_argument("--rest-port", type=int, default=8080)
    p.add_argument("--broker-port", type=int, default=26501)
    p.add_argument("--out", required=True)
    return p.parse_args(argv)


def exchange(conn, method, path, body):
    """One request on `conn`; the status and how the connection ended up."""
    headers = {"Content-Type": "application/json"} if body else {}
    conn.request(method, path, body=body, headers=headers)
    resp = conn.getresponse()
    resp.read()
    if resp.will_close:
        return resp.status, "closed (Connection: close)"
    try:  # the same socket again: a server that closed without saying so fails here
        conn.request("GET", "/v2/topology")
        conn.getresponse().read()
        return resp.status, "kept"
    except (http.client.HTTPException, OSError):
        return resp.status, "dropped without Connection: close"


def probe(port, probes):
    found = {}
    for kind, method, path, body in probes:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.auto_open = 0  # never reconnect behind our back
        conn.connect()
        try:
            found[kind] = exchange(conn, method, path, body)
        finally:
            conn.close()
    return found


def hold(port):
    """A create whose body never finishes: admission's one permit stays taken."""
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(("POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
               "Content-Length: %d\r\n\r\n%s" % (CREATE, len(BODY) + 100, BODY[:10])).encode())
    return s


def wrk(args, seconds, script):
    cmd = taskset(args.load_cpus) + ["wrk", "-t1", "-c%d" % args.connections, "-d%ds" % seconds,
                                     "--timeout", "10s", "-s", script,
                                     "http://127.0.0.1:%d%s" % (args.rest_port, CREATE)]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds + 30).stdout
    answers = int(re.search(r"(\d+) requests in", out).group(1))
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    errors = re.search(r"Socket errors: (.*)", out)
    return answers, int(non2xx.group(1)) if non2xx else 0, errors.group(1) if errors else ""


def vegeta(args, seconds, targets):
    """Open loop: `args.rate` creates/s, whether or not earlier ones were answered (vegeta opens
    more connections while answers are outstanding, as clients' pools do)."""
    attack = taskset(args.load_cpus) + [
        "vegeta", "attack", "-targets=%s" % targets, "-rate=%d/s" % args.rate,
        "-duration=%ds" % seconds, "-timeout=10s",
        "-max-workers=%d" % open_loop_workers(args.rate)]
    report = subprocess.run(
        "%s | vegeta report -type=json" % shlex.join(attack), shell=True, capture_output=True,
        text=True, timeout=seconds + 30).stdout
    summary = json.loads(report)
    codes = summary.get("status_codes", {})
    answers = sum(n for code, n in codes.items() if code != "0")
    errors = "; ".join(sorted(set(summary.get("errors") or [])))[:200]
    return answers, answers - codes.get("200", 0), errors


def run_one(args, procs, label, dist, round_no, out, script):
    port = args.rest_port
    logfile = out / ("gateway-%s-r%d.log" % (label, round_no))
    cmd = taskset(args.gateway_cpus) + [str(Path(dist) / "bin" / "gateway")] + gateway_args(
        CLUSTER, port, args.broker_port) + [
        "--gatefork.overload.limit=adaptive", "--gatefork.overload.min-limit=1",
        "--gatefork.overload.max-limit=1", "--gatefork.overload.initial-limit=1",
        "--gatefork.overload.partition-by=none",
        # the held create's body must not time out (30 s) before the window ends: its permit
        # would be free again and creates would reach the broker
        "--gatefork.rest.body-read-timeout=10m"]
    env = dict(os.environ, JAVA_OPTS=args.gateway_java_opts)
    with open(logfile, "w") as f:
        proc = procs.start("gateway-" + label, cmd, env=env, stdout=f, stderr=subprocess.STDOUT)
    try:
        pid = jvm_pid(proc)
        await_topology("http://127.0.0.1:%d" % port, 90, leaders=1, proc=proc, where=logfile)
        kept = probe(port, PROBES)
        holder = hold(port)
        try:
            time.sleep(0.5)
            kept.update(probe(port, [("503 shed create", "POST", CREATE, BODY)]))
            load = vegeta if args.rate else wrk
            load(args, args.warmup, script)
            cpu0, opens0 = process_cpu_seconds(pid), passive_opens()
            answers, non2xx, errors = load(args, args.window, script)
            cpu1, opens1 = process_cpu_seconds(pid), passive_opens()
        finally:
            holder.close()
        cell = {"build": label, "round": round_no, "answers": answers, "non_2xx": non2xx,
                "socket_errors": errors, "rate": answers / args.window,
                "cpu_us_per_answer": (cpu1 - cpu0) * 1e6 / max(answers, 1),
                "new_connections_per_answer": (opens1 - opens0) / max(answers, 1),
                "connections": {k: {"status": s, "connection": c} for k, (s, c) in kept.items()}}
        log("%s r%d: %.1f µs CPU per shed answer, %.0f/s, %.3f new connections per answer, %s"
            % (label, round_no, cell["cpu_us_per_answer"], cell["rate"],
               cell["new_connections_per_answer"], errors or "no socket errors"))
        return cell
    finally:
        procs.stop(proc)


def report(args, out, labels, cells, command):
    def figure(label, key):
        values = [c[key] for c in cells if c["build"] == label]
        return spread(values, 3 if max(values) < 1 else 1)

    first = {c["build"]: c["connections"] for c in cells if c["round"] == 1}
    lines = ["# Gateway CPU per shed REST answer, by build", "",
             "- date: %s (UTC)" % time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
             "- command: `%s`" % command,
             "- %d rounds interleaved, window %d s after %d s of the same load; %s, creates, "
             "every answer a shed 503" % (
                 args.rounds, args.window, args.warmup,
                 "vegeta open loop at %d/s" % args.rate if args.rate
                 else "wrk closed loop, %d connections" % args.connections), ""]
    lines += table(["build", "CPU µs per shed 503", "answers/s", "new connections per answer"],
                   "llll", [[label] + [figure(label, k) for k in (
                       "cpu_us_per_answer", "rate", "new_connections_per_answer")]
                       for label in labels])
    lines += ["", "Error answers and the connection they came on (first round; then a GET on it):",
              ""] + table(["answer"] + labels, "l" * (len(labels) + 1), [
                  [kind] + ["%s %s" % (first[l][kind]["status"], first[l][kind]["connection"])
                            for l in labels]
                  for kind in [k for k, *_ in PROBES] + ["503 shed create"]])
    (out / "report.md").write_text("\n".join(lines) + "\n")
    results.save(out, {"command": command, "cells": cells})
    print("\n".join(lines))


def main(argv):
    args = parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    builds = [b.split("=", 1) for b in args.builds.split(",")]
    if args.rate:
        (out / "create.json").write_text(BODY)
        script = out / "create.http"
        script.write_text("POST http://127.0.0.1:%d%s\nContent-Type: application/json\n@%s\n"
                          % (args.rest_port, CREATE, out / "create.json"))
    else:
        script = out / "create.lua"
        script.write_text('wrk.method = "POST"\nwrk.body = \'%s\'\n'
                          'wrk.headers["Content-Type"] = "application/json"\n' % BODY)
    procs = Processes()
    cells = []
    try:
        start_broker(procs, builds[0][1], args.load_cpus, out, "shed", args.broker_port, CLUSTER,
                     90, partitions=1)
        for r in range(1, args.rounds + 1):
            for label, dist in round_order(builds, r):
                cells.append(run_one(args, procs, label, dist, r, out, str(script)))
    finally:
        procs.stop_all()
    command = shlex.join(["bench/cost/shed_cost.py"] + argv)
    report(args, out, [label for label, _ in builds], cells, command)


if __name__ == "__main__":
    main(sys.argv[1:])

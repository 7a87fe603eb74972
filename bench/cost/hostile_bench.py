#!/usr/bin/env python3
"""The hostile-client benchmark: what a few broken or hostile clients do to everyone else.

    bench/cost/hostile_bench.py --smoke                 # 1 round, patched, 1 client each
    bench/cost/hostile_bench.py --modes patched,stock   # 3 rounds, 1, 10 and 100 clients

Starts an embedded broker pinned to the load CPUs, then per round and mode a fresh gateway pinned
to the gateway CPU. Per misbehaviour and number of misbehaving clients, a well-behaved REST client
(vegeta) and gRPC client (ghz) create instances at a steady rate, each phase of --phase seconds:
before the misbehaving clients start, while they run, and after they stop. Per phase: the
well-behaved clients' p50/p99 and errors, and where their time went in the gateway (its stage
timer: the broker's part and the whole, benchlib/stages.py); after the phase, the gateway's RSS,
threads and http_server_requests series, and after the last phase its heap after a full GC. Writes
results.json.gz and report.md. The misbehaviours (issue #46):

- slow-readers: connections that each pipeline 8 creations with result whose answers carry a
  1 MB variable, and read nothing (4 KB receive buffer);
- slow-uploads: connections that send a head announcing 100 bytes, then one byte every 5 s;
- unread-cheap-answers: connections that each pipeline 20,000 requests the gateway answers without
  the broker (topology, a 404), reading nothing (4 KB receive buffer);
- pipelined-slow-bodies: connections that each send a create the broker refuses (no such
  process) and, pipelined behind it, a head announcing 100 bytes, then one byte every 5 s;
- made-up-methods: 20 requests per client, each with a method of its own, unauthenticated;
- huge-body: connections that each send a create of 285 MB (15 strings of 19 MB) as fast as they
  can (1 client by default: --huge-counts).

Python 3.11 standard library only; vegeta and ghz as for the cost benchmark.
"""
import argparse
import json
import socket
import sys
import threading
import time
import urllib.request
from pathlib import Path

from benchlib import accounting as acc
from benchlib import procs, results, stages
from benchlib.aggregate import med, num, report_header, stats, table
from benchlib.harness import Harness, run_scenario
from benchlib.options import (ONE_CLUSTER_PORTS, add_options, names_of, one_gateway_rows,
                               parse_with_report, positive_ints)
from benchlib.procs import log
from benchlib.workload import MODES, OPS, Cell, Load, normalise, rotated

HERE = Path(__file__).resolve().parent
procs.PROGRAM = "hostile-bench"
BEHAVIOURS = ("slow-readers", "unread-cheap-answers", "slow-uploads", "pipelined-slow-bodies", "made-up-methods",
              "huge-body")
PHASES = ("before", "during", "after")
SMOKE = {"rounds": 1, "modes": ["patched"], "counts": [1], "huge_counts": [1], "phase": 4,
         "rate": 20}
DEFAULTS = {"rounds": 3, "modes": ["patched", "stock"], "counts": [1, 10, 100],
            "huge_counts": [1], "phase": 8, "rate": 20}
MB = 1 << 20


class Misbehaviour:
    """Misbehaving clients on their own threads until stop()."""

    def __init__(self, kind, count, rest_port, source="127.0.0.1"):
        self.kind, self.count, self.port, self.source = kind, count, rest_port, source
        self.stopping = threading.Event()
        self.sockets, self.threads = [], []
        self.sent_methods = 0

    def start(self):
        target = {"slow-readers": self.slow_reader, "slow-uploads": self.slow_upload,
                  "unread-cheap-answers": self.unread_cheap_answers,
                  "pipelined-slow-bodies": self.pipelined_slow_body,
                  "made-up-methods": self.made_up_methods, "huge-body": self.huge_body}[self.kind]
        for i in range(self.count):
            t = threading.Thread(target=self.guarded, args=(target, i), daemon=True)
            t.start()
            self.threads.append(t)

    def stop(self):
        self.stopping.set()
        for s in list(self.sockets):
            try:
                s.close()
            except OSError:
                pass
        for t in self.threads:
            t.join(timeout=10)

    def guarded(self, target, i):
        try:
            target(i)
        except OSError:
            pass  # the gateway closed the connection, or stop() did

    def connect(self, rcvbuf=None):
        s = socket.socket()
        if rcvbuf:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        s.settimeout(30)
        s.bind((self.source, 0))
        s.connect(("127.0.0.1", self.port))
        self.sockets.append(s)
        return s

    @staticmethod
    def head(method, length, extra=""):
        return ("%s /v2/process-instances HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                "application/json\r\nContent-Length: %d\r\n%s\r\n" % (method, length, extra)
                ).encode()

    def slow_reader(self, _i):
        body = json.dumps({"processDefinitionId": "cost-noop", "awaitCompletion": True,
                           "variables": {"big": "x" * MB}}).encode()
        s = self.connect(rcvbuf=4096)
        for _ in range(8):
            s.sendall(self.head("POST", len(body)) + body)
        self.stopping.wait()

    def unread_cheap_answers(self, i):
        path = "/v2/topology" if i % 2 == 0 else "/v2/no-such-" + "n" * 2000
        request = ("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" % path).encode()
        s = self.connect(rcvbuf=4096)
        for _ in range(200):  # 20,000 in all: far more than the socket buffers take
            if self.stopping.is_set():
                return
            s.sendall(request * 100)
        self.stopping.wait()

    def slow_upload(self, _i):
        s = self.connect()
        s.sendall(self.head("POST", 100))
        for _ in range(100):
            if self.stopping.wait(5):
                return
            s.sendall(b" ")

    def pipelined_slow_body(self, _i):
        refused = b'{"processDefinitionId":"no-such-process"}'
        s = self.connect()
        s.sendall(self.head("POST", len(refused)) + refused + self.head("POST", 100))
        for _ in range(100):
            if self.stopping.wait(5):
                return
            s.sendall(b" ")

    def made_up_methods(self, i):
        for j in range(20):
            if self.stopping.is_set():
                return
            s = self.connect()
            s.sendall(("M%dX%d /v2/topology HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close"
                       "\r\n\r\n" % (i, j)).encode())
            try:
                while s.recv(65536):
                    pass
            finally:
                s.close()
                self.sockets.remove(s)
            self.sent_methods += 1

    def huge_body(self, _i):
        strings = 15
        size = strings * (19 * MB + 8) + 40
        s = self.connect()
        s.sendall(self.head("POST", size))
        chunk = b"x" * MB
        s.sendall(b'{"processDefinitionId":"cost-noop","variables":{')
        for k in range(strings):
            if self.stopping.is_set():
                return
            s.sendall(b'"v%02d":"' % k)
            for _ in range(19):
                s.sendall(chunk)
            s.sendall(b'",' if k < strings - 1 else b'"')
        s.sendall(b"}}")
        self.stopping.wait()


class HostileBench(Harness):
    def uses_refusing(self):
        return False

    def meta(self):
        meta = super().meta()
        a = self.args
        meta.update({"scenario": "hostile", "phase_s": a.phase, "rate": a.rate,
                     "counts": a.counts, "huge_counts": a.huge_counts,
                     "misbehaving_from": a.misbehaving_from})
        return meta

    def gateway_figures(self, mgmt_port, pid):
        try:
            with open("/proc/%d/status" % pid) as f:
                threads = next(int(l.split()[1]) for l in f if l.startswith("Threads:"))
            alive = True
        except (OSError, StopIteration):
            return {"alive": False}
        series = None
        try:
            with urllib.request.urlopen("http://127.0.0.1:%d/actuator/prometheus" % mgmt_port,
                                        timeout=30) as r:
                series = sum(1 for l in r.read().decode().splitlines()
                             if l.startswith("http_server_requests_seconds_count"))
        except OSError:
            pass  # the management server does not answer: no figure
        return {"alive": alive, "rss_mb": round((acc.rss_kb(pid) or 0) / 1024, 1),
                "threads": threads, "server_request_series": series}

    def heap_after_gc_mb(self, pid, round_no, mode, cell):
        out = self.logs / ("jcmd-r%d-%s-%s.txt" % (round_no, mode, cell))
        try:
            self.jcmd(pid, ["GC.run"], out, 60)
            self.jcmd(pid, ["GC.heap_info"], out, 60)
        except procs.BenchError:
            return None
        used = acc.heap_used_kb(out.read_text())
        return None if used is None else round(used / 1024, 1)

    def steady(self, gw, phase_s):
        """The well-behaved clients, REST and gRPC at once, for one phase."""
        load = Load("steady", int(self.args.rate), 0)
        results = {}

        def one(protocol):
            try:
                _, run = self.start_load(gw, Cell(load, OPS["create"], protocol), phase_s)
                results[protocol] = normalise(protocol, run()())
            except procs.BenchError as e:
                results[protocol] = {"failed": str(e)}

        rest = threading.Thread(target=one, args=("rest",))
        rest.start()
        one("grpc")
        rest.join()
        return results

    def run(self):
        a = self.args
        self.begin()
        self.start_brokers()
        cells = [(b, n) for b in a.behaviours
                 for n in (a.huge_counts if b == "huge-body" else a.counts)]
        mgmt = a.management_port
        for round_no in range(1, a.rounds + 1):
            for mode in rotated(a.modes, round_no):
                gw = self.start_gateway("main", mode, round_no)
                self.deploy(gw)
                self.steady(gw, 10)  # warm-up: the JIT on the paths the steady clients take
                for behaviour, count in rotated(cells, round_no):
                    if gw.proc.poll() is not None:
                        log("r%d %s: the gateway ended: starting another" % (round_no, mode))
                        gw = self.start_gateway("main", mode, round_no)
                    cell = {"round": round_no, "mode": mode, "behaviour": behaviour,
                            "count": count, "phases": {}}
                    log("r%d %s: %s x%d" % (round_no, mode, behaviour, count))
                    bad = None
                    for phase in PHASES:
                        if phase == "during":
                            bad = Misbehaviour(behaviour, count, a.rest_port, a.misbehaving_from)
                            bad.start()
                            time.sleep(1)
                        buckets = stages.scrape(mgmt)
                        clients = self.steady(gw, a.phase)
                        figures = self.gateway_figures(mgmt, gw.pid)
                        figures["stages"] = stages.phase_quantiles(
                            buckets, stages.scrape(mgmt), "create-process-instance")
                        if phase == "during":
                            bad.stop()
                            time.sleep(2)
                        cell["phases"][phase] = {"clients": clients, "gateway": figures}
                    cell["heap_after_gc_mb"] = self.heap_after_gc_mb(
                        gw.pid, round_no, mode, "%s-%d" % (behaviour, count))
                    self.cells.append(cell)
                    self.save()
                self.procs.stop(gw.proc)
        self.end()


def write_report(out):
    data = results.load(out)
    cells = data["cells"]
    lines = report_header(data["meta"]) + [
        "", "## Well-behaved clients beside misbehaving ones", "",
        "Well-behaved clients' p99 (ms) and errors per phase, medians over rounds; the "
        "gateway's RSS, threads and http_server_requests series at the end of the phase "
        "with the misbehaving clients, heap after a full GC after the last phase. The "
        "misbehaving clients connect from %s." % data["meta"].get("misbehaving_from", "127.0.0.1"),
        ""]
    keys = sorted({(c["behaviour"], c["count"], c["mode"]) for c in cells},
                  key=lambda k: (BEHAVIOURS.index(k[0]), k[1], k[2]))
    rows = []
    for behaviour, count, mode in keys:
        group = [c for c in cells if (c["behaviour"], c["count"], c["mode"]) == (
            behaviour, count, mode)]

        def p99(phase, protocol):
            values = [c["phases"][phase]["clients"].get(protocol, {}).get("p99_ms")
                      for c in group]
            return num(med(stats([v for v in values if v is not None])), 1)

        def errors(phase, protocol):
            total = 0
            for c in group:
                r = c["phases"][phase]["clients"].get(protocol, {})
                if "failed" in r:
                    return "failed"
                ok = r.get("status", {}).get("200" if protocol == "rest" else "OK", 0)
                total += r.get("requests", 0) - ok
            return str(total)

        def gateway(key):
            values = [c["phases"]["during"]["gateway"].get(key) for c in group]
            return num(med(stats([v for v in values if v is not None])), 0)

        heap = num(med(stats([c["heap_after_gc_mb"] for c in group
                              if c["heap_after_gc_mb"] is not None])), 0)
        dead = sum(1 for c in group for p in PHASES
                   if not c["phases"][p]["gateway"].get("alive", True))
        rows.append([behaviour, str(count), mode] + [
            "%s / %s" % (p99(p, "rest"), p99(p, "grpc")) for p in PHASES] + [
            "%s / %s" % (errors(p, "rest"), errors(p, "grpc")) for p in PHASES] + [
            gateway("rss_mb"), gateway("threads"), gateway("server_request_series"), heap,
            str(dead)])
    lines += table(
        ["misbehaviour", "clients", "mode", "p99 before REST / gRPC", "p99 during",
         "p99 after", "errors before", "errors during", "errors after", "RSS MB",
         "threads", "series", "heap MB", "gateway down"],
        ["l", "r", "l"] + ["r"] * 11, rows)
    lines += stage_table(cells, keys)
    (out / "report.md").write_text("\n".join(lines) + "\n")
    return out / "report.md"


def stage_table(cells, keys):
    """The well-behaved creations' p99 in the gateway's own stage timer, whole and the broker's
    part, before and during the misbehaviour: what the gateway could change and what it could not.
    """
    if not any(c["phases"][p]["gateway"].get("stages") for c in cells for p in PHASES):
        return []
    rows = []
    for behaviour, count, mode in keys:
        group = [c for c in cells if (c["behaviour"], c["count"], c["mode"]) == (
            behaviour, count, mode)]

        def p99(phase, api, stage):
            values = [c["phases"][phase]["gateway"].get("stages", {}).get(api, {})
                      .get(stage, {}).get("p99_ms") for c in group]
            return num(med(stats([v for v in values if v is not None])), 1)

        rows.append([behaviour, str(count), mode] + [
            "%s / %s" % (p99(phase, api, "total"), p99(phase, api, "broker"))
            for phase in ("before", "during") for api in ("rest", "grpc")])
    return ["", "## Where the well-behaved creations' time went", "",
            "The gateway's stage timer (`gatefork.request.stage`, operation "
            "create-process-instance: the well-behaved clients' only), p99 of the phase from its "
            "histogram buckets (an upper bound, buckets about 1.4x apart), medians over rounds: "
            "accepted -> committed (total) / handed to the broker -> its answer received "
            "(broker: the network, the broker's queue and work). benchlib/stages.py.", ""] + table(
        ["misbehaviour", "clients", "mode", "before REST total / broker", "before gRPC",
         "during REST", "during gRPC"], ["l", "r", "l"] + ["r"] * 4, rows)


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog="bench/cost/hostile_bench.py",
        description="Well-behaved clients beside a few misbehaving ones, per mode.")
    add_options(p, [
        ("--modes", names_of(MODES, "mode"), None, "modes (default patched,stock)"),
        ("--behaviours", names_of(BEHAVIOURS, "misbehaviour", allow_all=True), list(BEHAVIOURS),
         "misbehaviours (default all): " + ", ".join(BEHAVIOURS)),
        ("--counts", positive_ints, None, "misbehaving clients per cell (default 1,10,100)"),
        ("--huge-counts", positive_ints, None, "clients of huge-body (default 1: 285 MB each)"),
        ("--rounds", int, None, "rounds (default 3)"),
        ("--phase", float, None, "seconds per phase: before, during, after (default 8)"),
        ("--rate", float, None, "creations per second of each well-behaved client (default 20)"),
        ("--misbehaving-from", str, "127.0.0.1",
         "source address of the misbehaving clients (default: the well-behaved ones', 127.0.0.1)"),
        ("--smoke", "flag", None, "quick check: 1 round, patched, 1 client, 4-s phases"),
    ] + one_gateway_rows(HERE.parent.parent / "dist" / "target" / "gatefork",
                         "the broker and the clients"))
    args = parse_with_report(p, argv, ONE_CLUSTER_PORTS, HERE / "results")
    for key, value in (SMOKE if args.smoke else DEFAULTS).items():
        if getattr(args, key) is None:
            setattr(args, key, value)
    return args


def main(argv):
    args = parse_args(argv)
    return run_scenario(args, lambda: HostileBench(args), write_report)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

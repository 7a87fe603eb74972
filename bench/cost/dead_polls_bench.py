#!/usr/bin/env python3
"""Dead REST long polls ahead of a live one (issue #47): how long a job waits for a live worker.

Per cell (dead polls 1 or 10, their clients leaving by FIN or RST) and job: a fresh job type; the
dead polls (raw HTTP/1.1 connections, each a POST /v2/jobs/activation waiting for one job) park,
then a live worker's poll parks behind them; the dead clients leave; one instance is created. The
delay is from the creation's answer to the live worker getting the job; the worker polls again at
once after an empty answer, as the official clients do, until it has the job or --give-up passes
("never"). The job timeout is short (--job-timeout), so that where a dead poll got the job the
live worker gets it back after that timeout instead of after a minute.

Python 3.11 standard library only.
"""
import argparse
import http.client as httpclient
import json
import socket
import sys
import threading
import time
from pathlib import Path

from benchlib import procs, results
from benchlib.aggregate import num, report_header, table
from benchlib.harness import Harness, run_scenario
from benchlib.options import (ONE_CLUSTER_PORTS, add_options, names_of, one_gateway_rows,
                               parse_with_report, positive_ints)
from benchlib.procs import log
from benchlib.setup_calls import deploy, http
from benchlib.workload import MODES, rotated

HERE = Path(__file__).resolve().parent
procs.PROGRAM = "dead-polls-bench"
KINDS = ("fin", "rst")
BPMN = """<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
    xmlns:zeebe="http://camunda.org/schema/zeebe/1.0" id="d" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="%(type)s" isExecutable="true">
    <bpmn:startEvent id="start"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:serviceTask id="task"><bpmn:extensionElements><zeebe:taskDefinition type="%(type)s"/>
      </bpmn:extensionElements><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing>
    </bpmn:serviceTask>
    <bpmn:endEvent id="end"><bpmn:incoming>f2</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="task"/>
    <bpmn:sequenceFlow id="f2" sourceRef="task" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>
"""


def activation(job_type, job_timeout_ms, request_timeout_ms):
    return json.dumps({"type": job_type, "maxJobsToActivate": 1, "timeout": job_timeout_ms,
                       "requestTimeout": request_timeout_ms, "worker": "bench"}).encode()


class DeadPollsBench(Harness):
    def uses_refusing(self):
        return False

    def meta(self):
        meta = super().meta()
        a = self.args
        meta.update({"scenario": "dead-polls", "jobs": a.jobs, "job_timeout_ms": a.job_timeout,
                     "request_timeout_ms": a.request_timeout, "give_up_s": a.give_up})
        return meta

    def dead_poll(self, job_type):
        body = activation(job_type, self.args.job_timeout, self.args.request_timeout)
        s = socket.create_connection(("127.0.0.1", self.args.rest_port))
        s.sendall(("POST /v2/jobs/activation HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                   "application/json\r\nContent-Length: %d\r\n\r\n" % len(body)).encode() + body)
        return s

    def live_worker(self, job_type, result):
        """Polls until it has a job: result["at"] (monotonic) and result["polls"]."""
        a = self.args
        deadline = time.monotonic() + a.give_up
        conn = httpclient.HTTPConnection("127.0.0.1", a.rest_port, timeout=a.give_up + 5)
        body = activation(job_type, a.job_timeout, a.request_timeout)
        result["polls"] = 0
        while time.monotonic() < deadline:
            conn.request("POST", "/v2/jobs/activation", body,
                         {"Content-Type": "application/json"})
            answer = json.loads(conn.getresponse().read() or b"{}")
            result["polls"] += 1
            if answer.get("jobs"):
                result["at"] = time.monotonic()
                result["job"] = answer["jobs"][0]["jobKey"]
                conn.close()
                return
        conn.close()

    def one_job(self, gw, job_type, dead_count, kind):
        a = self.args
        (self.tmp / (job_type + ".bpmn")).write_text(BPMN % {"type": job_type})
        deploy(gw.rest, [self.tmp / (job_type + ".bpmn")])
        dead = [self.dead_poll(job_type) for _ in range(dead_count)]
        time.sleep(0.5)  # parked: each asked the partitions and found nothing
        result = {}
        worker = threading.Thread(target=self.live_worker, args=(job_type, result), daemon=True)
        worker.start()
        time.sleep(0.5)
        for s in dead:
            if kind == "rst":
                s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            s.close()
        time.sleep(0.2)
        for attempt in range(20):  # the deployment may still be distributing
            status, answer = http("POST", gw.rest + "/v2/process-instances",
                                  {"processDefinitionId": job_type}, timeout=10)
            if status == 200:
                break
            time.sleep(0.2)
        else:
            raise procs.BenchError("creating %s answered %s: %s" % (job_type, status, answer))
        created = time.monotonic()
        worker.join(a.give_up + 10)
        if "at" not in result:
            return {"delay_ms": None, "polls": result.get("polls")}
        if a.complete:
            http("POST", gw.rest + "/v2/jobs/%s/completion" % result["job"], {}, timeout=10)
        return {"delay_ms": round((result["at"] - created) * 1000, 1), "polls": result["polls"]}

    def run(self):
        a = self.args
        self.begin()
        self.start_brokers()
        cells = [(n, k) for n in a.dead for k in a.kinds]
        for round_no in range(1, a.rounds + 1):
            for mode in rotated(a.modes, round_no):
                gw = self.start_gateway("main", mode, round_no)
                for dead_count, kind in rotated(cells, round_no):
                    log("r%d %s: %d dead polls (%s) x %d jobs" % (round_no, mode, dead_count,
                                                                   kind, a.jobs))
                    jobs = [self.one_job(gw, "dead-r%d-%s-%d-%s-%d" % (
                        round_no, mode, dead_count, kind, j), dead_count, kind)
                        for j in range(a.jobs)]
                    self.cells.append({"round": round_no, "mode": mode, "dead": dead_count,
                                       "kind": kind, "jobs": jobs})
                    self.save()
                self.procs.stop(gw.proc)
        self.end()


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def write_report(out):
    data = results.load(out)
    cells = data["cells"]
    lines = report_header(data["meta"]) + [
        "", "## A live REST worker behind dead long polls", "",
        "Delay from an instance's creation to the live worker getting its job, over every job "
        "of every round (ms); \"never\": jobs the worker did not get within %s s. Job timeout "
        "%d ms, request timeout %d ms." % (data["meta"].get("give_up_s"),
                                            data["meta"].get("job_timeout_ms"),
                                            data["meta"].get("request_timeout_ms")), ""]
    keys = sorted({(c["dead"], c["kind"], c["mode"]) for c in cells})
    rows = []
    for dead, kind, mode in keys:
        jobs = [j for c in cells if (c["dead"], c["kind"], c["mode"]) == (dead, kind, mode)
                for j in c["jobs"]]
        delays = [j["delay_ms"] for j in jobs if j["delay_ms"] is not None]
        never = len(jobs) - len(delays)
        row = [str(dead), kind, mode, str(len(jobs))]
        if delays:
            row += [num(percentile(delays, 50), 0), num(percentile(delays, 99), 0),
                    num(max(delays), 0), str(sum(1 for d in delays if d > 1000)),
                    str(sum(1 for d in delays if d > 10000))]
        else:
            row += ["–"] * 5
        rows.append(row + [str(never)])
    lines += table(["dead polls", "they leave by", "mode", "jobs", "p50", "p99", "max",
                    "over 1 s", "over 10 s", "never"], ["r", "l", "l"] + ["r"] * 7, rows)
    (out / "report.md").write_text("\n".join(lines) + "\n")
    return out / "report.md"


def parse_args(argv):
    p = argparse.ArgumentParser(prog="bench/cost/dead_polls_bench.py",
                                description="A live REST worker behind dead long polls, per mode.")
    add_options(p, [
        ("--modes", names_of(MODES, "mode"), ["patched", "stock"], "modes (default patched,stock)"),
        ("--dead", positive_ints, [1, 10], "dead polls ahead of the live one (default 1,10)"),
        ("--kinds", lambda s: [k for k in s.split(",") if k in KINDS], list(KINDS),
         "how the dead clients leave: fin, rst (default both)"),
        ("--rounds", int, 3, "rounds (default 3)"),
        ("--jobs", int, 5, "jobs per cell and round (default 5)"),
        ("--job-timeout", int, 5000, "job timeout of every poll, ms (default 5000)"),
        ("--request-timeout", int, 10000, "request timeout of every poll, ms (default 10000)"),
        ("--give-up", float, 30, "seconds the live worker polls for a job (default 30)"),
        ("--complete", "flag", None, "complete each job the live worker got"),
    ] + one_gateway_rows(HERE.parent.parent / "dist" / "target" / "gatefork", "the broker"))
    args = parse_with_report(p, argv, ONE_CLUSTER_PORTS, HERE / "results")
    return args


def main(argv):
    args = parse_args(argv)
    return run_scenario(args, lambda: DeadPollsBench(args), write_report)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""What the gateway is asked: its modes (bench/modes.json), the operations (the same request over
REST and gRPC and the answer each should get), load shapes, and the load tools' reports reduced to
answers, statuses and latency."""
import json
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def load_modes(path):
    """Mode name -> the gateway's environment, from the table both harnesses read
    (bench/modes.json; a mode with "base" is that mode's environment plus its own)."""
    table = json.loads(path.read_text())["modes"]

    def env(name):
        mode = table[name]
        return {**(env(mode["base"]) if "base" in mode else {}), **mode["env"]}

    return {name: env(name) for name in table}


# A mode starts from the defaults: every variable named in any mode is removed from the
# inherited environment first, so `patched` = {} really means gatefork's defaults.
MODES = load_modes(ROOT / "bench" / "modes.json")

GRPC_SERVICE = "gateway_protocol.Gateway"
UNKNOWN_JOB_KEY = "2251799813685249"  # the first key of partition 1: never a job's
VARS_SMALL = {"a": 1, "b": "x"}
# 20 fields of 100 characters: a ~2.2 KB JSON document
VARS_2KB = {"f%02d" % i: ("v%02d-" % i + "x" * 96) for i in range(20)}
GRPC_NOT_ANSWERED = ("Unavailable", "DeadlineExceeded", "Canceled")
PROTOCOLS = ("rest", "grpc")


@dataclass(frozen=True)
class Op:
    """One operation: the same request over REST (vegeta) and gRPC (ghz), and what it answers."""

    name: str
    rest: tuple | None  # (method, path, JSON body or None); "{key}" in the path: a job key
    rest_expect: str | None  # HTTP status code
    grpc: tuple | None  # (method, request as a dict); "{key}" values: a job key
    grpc_expect: str | None  # ghz status name (codes.Code.String())
    refusing: bool = False  # runs against the cluster whose broker refuses user commands
    job_keys: bool = False  # needs fresh activated job keys, each used once


def _create_rest(variables):
    return ("POST", "/v2/process-instances",
            {"processDefinitionId": "cost-noop", "variables": variables})


def _create_grpc(variables):
    # version -1 = latest, as the official client sends it (proto3 would send 0 = "version 0")
    return ("CreateProcessInstance",
            {"bpmnProcessId": "cost-noop", "version": -1, "variables": json.dumps(variables)})


_ACTIVATE_NONE = {"type": "cost-none", "timeout": 60000, "maxJobsToActivate": 10,
                  "requestTimeout": -1}
_PUBLISH = {"name": "cost-msg", "correlationKey": "k", "timeToLive": 0}
OPS = {
    op.name: op
    for op in (
        Op("status", ("GET", "/v2/status", None), "204", None, None),
        Op("topology", ("GET", "/v2/topology", None), "200", ("Topology", {}), "OK"),
        Op("create", _create_rest(VARS_SMALL), "200", _create_grpc(VARS_SMALL), "OK"),
        Op("create-2kb", _create_rest(VARS_2KB), "200", _create_grpc(VARS_2KB), "OK"),
        Op("publish", ("POST", "/v2/messages/publication", _PUBLISH), "200",
           ("PublishMessage", _PUBLISH), "OK"),
        Op("activate-none", ("POST", "/v2/jobs/activation", _ACTIVATE_NONE), "200",
           ("ActivateJobs", _ACTIVATE_NONE), "OK"),
        Op("complete", ("POST", "/v2/jobs/{key}/completion", {}), "204",
           ("CompleteJob", {"jobKey": "{key}"}), "OK", job_keys=True),
        Op("complete-unknown", ("POST", "/v2/jobs/%s/completion" % UNKNOWN_JOB_KEY, {}), "404",
           ("CompleteJob", {"jobKey": UNKNOWN_JOB_KEY}), "NotFound"),
        Op("invalid", ("POST", "/v2/process-instances", {"variables": {}}), "400",
           ("CreateProcessInstance", {}), "InvalidArgument"),
        Op("backpressure", _create_rest(VARS_SMALL), "503", _create_grpc(VARS_SMALL),
           "ResourceExhausted", refusing=True),
    )
}


@dataclass(frozen=True)
class Load:
    name: str  # cost: fixed | closed | high; overload: capacity, unloaded, burst, storm, soak, ...
    rate: int  # requests/s; 0 = closed loop
    connections: int  # closed loop: connections (vegeta workers, ghz concurrency)
    workers: int = 0  # open loop: vegeta -max-workers and ghz -c; 0 = open_loop_workers(rate)
    grpc_connections: int = 1  # ghz --connections (the calls spread over them)


@dataclass(frozen=True)
class Cell:
    load: Load
    op: Op
    protocol: str

    def id(self):
        return "%s:%s:%s" % (self.protocol, self.op.name, self.load.name)

    def expected(self):
        return self.op.rest_expect if self.protocol == "rest" else self.op.grpc_expect


def round_order(items, round_no):
    """The items in their order in odd rounds, reversed in even ones: drift over a run falls on
    all of them alike."""
    return list(items) if round_no % 2 == 1 else list(reversed(items))


def rotated(items, round_no):
    """The items starting one further each round: every item takes every place in turn."""
    items = list(items)
    k = (round_no - 1) % len(items) if items else 0
    return items[k:] + items[:k]


def open_loop_workers(rate):
    """Concurrency of an open-loop run (vegeta -max-workers, ghz -c): 50, or 100 ms worth of
    requests at higher rates. Enough that no call waits for a free worker while answers take
    less than 100 ms."""
    return max(50, rate // 10)


def ms(ns):
    return None if ns is None else round(ns / 1e6, 3)


def normalise(protocol, raw):
    """A vegeta (REST) or ghz (gRPC) JSON report as requests, answers (a status came back),
    statuses, answer rate, p50/p99/mean latency (ms), duration and the first errors."""
    if protocol == "rest":
        status = dict(raw.get("status_codes", {}))
        lat = raw.get("latencies", {})
        seconds = (raw.get("duration", 0) + raw.get("wait", 0)) / 1e9
        requests, answered = raw.get("requests", 0), sum(
            v for k, v in status.items() if k != "0")
        p50, p99, mean = lat.get("50th"), lat.get("99th"), lat.get("mean")
        errors = raw.get("errors", [])[:10]
    else:
        status = dict(raw.get("statusCodeDistribution") or {})
        pct = {round(p["percentage"]): p["latency"]
               for p in raw.get("latencyDistribution") or []}
        seconds = raw.get("total", 0) / 1e9
        requests, answered = raw.get("count", 0), sum(
            v for k, v in status.items() if k not in GRPC_NOT_ANSWERED)
        p50, p99, mean = pct.get(50), pct.get(99), raw.get("average")
        errors = list((raw.get("errorDistribution") or {}).keys())[:10]
    return {"requests": requests, "answered": answered, "status": status,
            "rate": answered / seconds if seconds else 0.0,
            "p50_ms": ms(p50), "p99_ms": ms(p99), "mean_ms": ms(mean), "duration_s": seconds,
            "errors": errors}


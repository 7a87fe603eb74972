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
answered request, latency, and how busy both cores were. Writes results.json and report.md.
See bench/cost/README.md. Python 3.11 standard library only.
"""
import argparse
import base64
import datetime
import gzip
import json
import math
import os
import shlex
import shutil
import signal
import socket
import ssl
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

# overload.py (imported lazily, below) imports this module as `cost_bench`; run as a script it is
# `__main__`: one module under both names, not a second copy
sys.modules.setdefault("cost_bench", sys.modules[__name__])

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent


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

# Spring Boot's PEM TLS for REST (docs/security.md, TLS): set only on the overload run's TLS gateway
TLS_ENV = ("SERVER_SSL_ENABLED", "SERVER_SSL_CERTIFICATE", "SERVER_SSL_CERTIFICATEPRIVATEKEY")

GRPC_SERVICE = "gateway_protocol.Gateway"
UNKNOWN_JOB_KEY = "2251799813685249"  # the first key of partition 1: never a job's
CLUSTER_MAIN = "cost-bench"
CLUSTER_REFUSING = "cost-bench-refusing"
VARS_SMALL = {"a": 1, "b": "x"}
# 20 fields of 100 characters: a ~2.2 KB JSON document
VARS_2KB = {"f%02d" % i: ("v%02d-" % i + "x" * 96) for i in range(20)}
SATURATED = 0.90  # a core at least this busy over the window is saturated
FOREIGN = 0.10  # other processes using this share of a core over the window: flagged
JIT_SHARE = 0.10  # JIT compiler threads used this share of the gateway's CPU: flagged
JIT_QUIET = 0.05  # the gateway warm-up goes on while the JIT uses more of the gateway's CPU
SETTLED = 0.15  # before a cell the gateway must use less than this share of a core
EXPECTED_SHARE = 0.95  # below this share of expected answers a cell is flagged
GRPC_NOT_ANSWERED = ("Unavailable", "DeadlineExceeded", "Canceled")


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


OPS = {
    op.name: op
    for op in (
        Op("status", ("GET", "/v2/status", None), "204", None, None),
        Op("topology", ("GET", "/v2/topology", None), "200", ("Topology", {}), "OK"),
        Op("create", _create_rest(VARS_SMALL), "200", _create_grpc(VARS_SMALL), "OK"),
        Op("create-2kb", _create_rest(VARS_2KB), "200", _create_grpc(VARS_2KB), "OK"),
        Op("publish",
           ("POST", "/v2/messages/publication",
            {"name": "cost-msg", "correlationKey": "k", "timeToLive": 0}), "200",
           ("PublishMessage", {"name": "cost-msg", "correlationKey": "k", "timeToLive": 0}),
           "OK"),
        Op("activate-none",
           ("POST", "/v2/jobs/activation",
            {"type": "cost-none", "timeout": 60000, "maxJobsToActivate": 10,
             "requestTimeout": -1}), "200",
           ("ActivateJobs",
            {"type": "cost-none", "timeout": 60000, "maxJobsToActivate": 10,
             "requestTimeout": -1}), "OK"),
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
PROTOCOLS = ("rest", "grpc")
LOADS = ("fixed", "closed", "high")


@dataclass(frozen=True)
class Load:
    name: str  # fixed | closed | high (overload.py: capacity, unloaded, burst, storm, soak)
    rate: int  # requests/s; 0 = closed loop
    connections: int  # closed loop: connections (vegeta workers, ghz concurrency)
    workers: int = 0  # open loop: vegeta -max-workers and ghz -c; 0 = open_loop_workers(rate)
    grpc_connections: int = 1  # ghz --connections (the calls spread over them)

    def label(self):
        if self.rate:
            return "%s (open loop, %d/s)" % (self.name, self.rate)
        return "%s (closed loop, %d connections)" % (self.name, self.connections)


@dataclass(frozen=True)
class Cell:
    load: Load
    op: Op
    protocol: str

    def id(self):
        return "%s:%s:%s" % (self.protocol, self.op.name, self.load.name)

    def expected(self):
        return self.op.rest_expect if self.protocol == "rest" else self.op.grpc_expect


class BenchError(Exception):
    pass


def log(msg):
    print("[cost-bench %s] %s" % (time.strftime("%H:%M:%S"), msg), file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------
# processes: every child runs in its own session (process group); all are killed on exit


class Processes:
    def __init__(self):
        self.running = {}  # pid -> (name, Popen)

    def start(self, name, cmd, env=None, stdout=None, stderr=None):
        proc = subprocess.Popen(cmd, env=env, stdout=stdout or subprocess.DEVNULL,
                                stderr=stderr or subprocess.DEVNULL, stdin=subprocess.DEVNULL,
                                start_new_session=True)
        self.running[proc.pid] = (name, proc)
        return proc

    def stop(self, proc, grace=25.0):
        if proc is None:
            return
        try:
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
                try:
                    proc.wait(timeout=grace)
                except subprocess.TimeoutExpired:
                    log("%s did not stop in %.0f s: SIGKILL" % (self.name_of(proc), grace))
            # the group may hold more than the leader (wrappers); make sure nothing stays
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        finally:
            self.running.pop(proc.pid, None)

    def sessions(self):
        """Session ids of everything started here (each child leads its own session)."""
        ids = set()
        for pid in self.running:
            try:
                ids.add(os.getsid(pid))
            except OSError:
                pass
        return ids

    def name_of(self, proc):
        return self.running.get(proc.pid, ("process %d" % proc.pid,))[0]

    def run(self, name, cmd, timeout, env=None, stdout=None, stderr=None):
        """Runs to completion (bounded by timeout); returns the exit code."""
        proc = self.start(name, cmd, env=env, stdout=stdout, stderr=stderr)
        try:
            return proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            raise BenchError("%s still running after %.0f s, killed" % (name, timeout))
        finally:
            self.stop(proc, grace=2)

    def stop_all(self):
        for _, (name, proc) in list(self.running.items()):
            self.stop(proc, grace=20)


def jvm_pid(proc, timeout=15.0):
    """The JVM's pid: the started process itself once taskset and the sh wrapper have exec'd
    java, or a java descendant if a wrapper forked instead."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise BenchError("process %d exited with %s" % (proc.pid, proc.returncode))
        if _comm(proc.pid) == "java":
            return proc.pid
        for pid in _descendants(proc.pid):
            if _comm(pid) == "java":
                return pid
        time.sleep(0.1)
    raise BenchError("no java process under pid %d" % proc.pid)


def _comm(pid):
    try:
        return Path("/proc/%d/comm" % pid).read_text().strip()
    except OSError:
        return None


def _descendants(root):
    children = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat[stat.rindex(")") + 2:].split()[1])
            children.setdefault(ppid, []).append(int(entry.name))
    result, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            result.append(child)
            todo.append(child)
    return result


# ---------------------------------------------------------------------------------------------
# CPU accounting

CLK_TCK = os.sysconf("SC_CLK_TCK")


def process_cpu_seconds(pid):
    stat = Path("/proc/%d/stat" % pid).read_text()
    fields = stat[stat.rindex(")") + 2:].split()
    # fields[0] is field 3 (state): utime is field 14, stime field 15
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def cpu_times():
    """Per CPU: (busy, total) jiffies from /proc/stat."""
    result = {}
    for line in Path("/proc/stat").read_text().splitlines():
        if line.startswith("cpu") and line[3:4].isdigit():
            parts = line.split()
            values = [int(v) for v in parts[1:]]
            total = sum(values[:8])  # user..steal; guest time is already in user
            idle = values[3] + values[4]  # idle + iowait
            result[int(parts[0][3:])] = (total - idle, total)
    return result


def sessions_cpu_seconds():
    """CPU seconds (utime + stime) of every process, by session id."""
    result = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry.name) as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        sid = int(fields[3])
        result[(int(entry.name), sid)] = (int(fields[11]) + int(fields[12])) / CLK_TCK
    return result


def foreign_cpu_seconds(before, after, own_sessions):
    """CPU time used over the window by processes that are not ours (other sessions)."""
    own = set(own_sessions) | {os.getsid(0)}
    total = 0.0
    for key, value in after.items():
        if key[1] not in own:
            total += value - before.get(key, 0.0)
    return total


def thread_cpu_seconds(pid):
    """CPU seconds per thread of the process: {tid: (name, seconds)}."""
    result = {}
    try:
        tasks = os.listdir("/proc/%d/task" % pid)
    except OSError:
        return result
    for tid in tasks:
        try:
            with open("/proc/%d/task/%s/stat" % (pid, tid)) as f:
                stat = f.read()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        result[int(tid)] = (name, (int(fields[11]) + int(fields[12])) / CLK_TCK)
    return result


def thread_group(name):
    """Thread name without its numbers: "http-nio-...-exec-3" and "-exec-7" are one group."""
    return "".join("#" if c.isdigit() else c for c in name).replace("##", "#").replace("##", "#")


def jit_cpu_seconds(before, after):
    """CPU time of the JIT compiler threads (C1/C2 CompilerThreadN) over the window."""
    used = 0.0
    for tid, (name, seconds) in after.items():
        if name.startswith(("C1 Compiler", "C2 Compiler")):
            used += seconds - before.get(tid, (name, 0.0))[1]
    return used


def thread_breakdown(before, after, requests, top=8):
    """Gateway CPU µs per request by thread group over the window (threads that ended during
    the window are missing), the biggest first."""
    groups = {}
    for tid, (name, seconds) in after.items():
        used = seconds - before.get(tid, (name, 0.0))[1]
        if used > 0:
            groups[thread_group(name)] = groups.get(thread_group(name), 0.0) + used
    ranked = sorted(groups.items(), key=lambda kv: -kv[1])[:top]
    return {name: round(used * 1e6 / requests, 1) for name, used in ranked} if requests else {}


def utilisation(before, after, cpus):
    busy = total = 0
    for cpu in cpus:
        busy += after[cpu][0] - before[cpu][0]
        total += after[cpu][1] - before[cpu][1]
    return busy / total if total else 0.0


def parse_cpus(spec):
    cpus = set()
    for part in spec.split(","):
        part = part.strip()
        if "-" in part:
            lo, hi = part.split("-")
            cpus.update(range(int(lo), int(hi) + 1))
        elif part:
            cpus.add(int(part))
    return sorted(cpus)


# ---------------------------------------------------------------------------------------------
# HTTP (urllib) for setup: topology, deployments, job keys


def http(method, url, body=None, headers=None, timeout=10.0):
    data = None
    headers = dict(headers or {})
    if body is not None and not isinstance(body, bytes):
        data = json.dumps(body).encode()
        headers.setdefault("Content-Type", "application/json")
    elif body is not None:
        data = body
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    # the overload run's TLS gateway has a self-signed certificate
    context = ssl._create_unverified_context() if url.startswith("https:") else None
    try:
        with urllib.request.urlopen(request, timeout=timeout, context=context) as response:
            raw = response.read()
            return response.status, (json.loads(raw) if raw else None)
    except urllib.error.HTTPError as e:
        raw = e.read()
        try:
            return e.code, json.loads(raw) if raw else None
        except ValueError:
            return e.code, raw.decode(errors="replace")


def multipart(files):
    boundary = "costbench" + uuid.uuid4().hex
    parts = []
    for path in files:
        parts.append(("--%s\r\nContent-Disposition: form-data; name=\"resources\"; "
                      "filename=\"%s\"\r\nContent-Type: application/xml\r\n\r\n"
                      % (boundary, path.name)).encode())
        parts.append(path.read_bytes())
        parts.append(b"\r\n")
    parts.append(("--%s--\r\n" % boundary).encode())
    return b"".join(parts), "multipart/form-data; boundary=" + boundary


def open_loop_workers(rate):
    """Concurrency of an open-loop run (vegeta -max-workers, ghz -c): 50, or 100 ms worth of
    requests at higher rates. Enough that no call waits for a free worker while answers take
    less than 100 ms."""
    return max(50, rate // 10)


def ephemeral_ports():
    try:
        low, high = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()
        return int(low), int(high)
    except (OSError, ValueError):
        return 32768, 60999


def await_ports_free(ports, timeout=30.0):
    """Waits until every port can be bound on 127.0.0.1 (a process that just stopped, or an
    outgoing connection, may still hold one)."""
    deadline = time.monotonic() + timeout
    for port in ports:
        while not port_free(port):
            if time.monotonic() > deadline:
                raise BenchError("port %d is in use on 127.0.0.1: choose other ports (see "
                                 "--help)" % port)
            time.sleep(1)


def port_free(port):
    with socket.socket() as s:
        # as servers do: connections in TIME_WAIT from an earlier run do not count
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
            return True
        except OSError:
            return False


def partition_of(key):
    return int(key) >> 51


# ---------------------------------------------------------------------------------------------
# the benchmark


@dataclass
class Gateway:
    name: str  # main | refusing
    proc: subprocess.Popen
    pid: int
    rest: str  # base URL
    grpc: str  # host:port
    log: Path
    started: float = field(default_factory=time.monotonic)
    mode_check: str = ""
    quota: float | None = None  # overload.py: its CPU quota (CPUs), None = none


class Bench:
    def __init__(self, args):
        self.args = args
        self.out = Path(args.out)
        self.raw = self.out / "raw"
        self.tmp = self.out / "tmp"
        self.logs = self.out / "logs"
        for d in (self.raw, self.tmp, self.logs):
            d.mkdir(parents=True, exist_ok=True)
        self.dist = Path(args.dist)
        self.procs = Processes()
        self.gateway_cpus = parse_cpus(args.gateway_cpus)
        self.load_cpus = parse_cpus(args.load_cpus)
        self.cells = []  # results of measured windows
        self.gateways = []  # per gateway start: mode, round, idle CPU, mode check
        self.jfr_files = []
        self.deployed = set()
        self.proto = None
        self.vegeta = shutil.which("vegeta")
        self.ghz = shutil.which("ghz")
        self.java_home = os.environ.get("JAVA_HOME", "")
        self.seq = 0
        self.rest_h2c = False  # the running gateway serves HTTP/2 (mode h2c): vegeta speaks h2c
        self.settle_limit = SETTLED  # overload.py lowers it under a CPU quota
        self.overload = None  # the overload run's results (overload.py), saved with the rest

    # -- setup ---------------------------------------------------------------------------------

    def taskset(self, cpus):
        return ["taskset", "-c", cpus]

    def load_cmd(self, cmd):
        return self.taskset(self.args.load_cpus) + cmd

    def check_setup(self):
        for tool, path in (("vegeta", self.vegeta), ("ghz", self.ghz),
                           ("taskset", shutil.which("taskset"))):
            if not path:
                raise BenchError("%s not found on the PATH (scripts/bench-cost.sh installs it)"
                                 % tool)
        for script in ("gateway", "broker"):
            if not (self.dist / "bin" / script).exists():
                raise BenchError("%s missing: build the distribution (mvn -B -q package "
                                 "-DskipTests) or pass --dist" % (self.dist / "bin" / script))
        available = os.sched_getaffinity(0)
        for cpu in self.gateway_cpus + self.load_cpus:
            if cpu not in available:
                raise BenchError("CPU %d is not available to this process (have %s)"
                                 % (cpu, sorted(available)))
        if set(self.gateway_cpus) & set(self.load_cpus):
            log("warning: gateway and load CPUs overlap; utilisation flags mean little")
        ports = [self.args.rest_port, self.args.management_port, self.args.grpc_port,
                 self.args.cluster_port, self.args.broker_port]
        if self.uses_refusing():
            ports += [self.args.refusing_rest_port, self.args.refusing_management_port,
                      self.args.refusing_grpc_port, self.args.refusing_cluster_port,
                      self.args.refusing_broker_port]
        if len(set(ports)) != len(ports):
            raise BenchError("ports must all differ: %s" % ports)
        low, high = ephemeral_ports()
        clash = [p for p in ports if low <= p <= high]
        if clash:
            log("warning: ports %s are in the ephemeral range %d-%d: any outgoing connection "
                "(the load tools' among them) may take one as its local port, and a gateway "
                "started later then fails to bind it; prefer ports below %d"
                % (clash, low, high, low))
        await_ports_free(ports)
        self.extract_proto()

    def uses_refusing(self):
        if self.args.overload_run:
            import overload
            return overload.uses_refusing(self.args)
        return any(OPS[o].refusing for o in self.args.ops)

    def extract_proto(self):
        jars = sorted((self.dist / "lib").glob("*zeebe-gateway-protocol-impl-*.jar"))
        if not jars:
            raise BenchError("no zeebe-gateway-protocol-impl jar in %s/lib" % self.dist)
        with zipfile.ZipFile(jars[-1]) as jar:
            text = jar.read("gateway.proto").decode()
        # ghz's parser does not know proto3 `optional`: drop the keyword (comments keep theirs)
        lines = []
        for line in text.splitlines():
            stripped = line.lstrip()
            if stripped.startswith("optional "):
                line = line[: len(line) - len(stripped)] + stripped[len("optional "):]
            lines.append(line)
        self.proto = self.out / "gateway.proto"
        self.proto.write_text("\n".join(lines) + "\n")

    # -- brokers and gateways --------------------------------------------------------------------

    def start_broker(self, name, port, cluster, refuse):
        stdout = self.logs / ("broker-%s.out" % name)
        stderr = self.logs / ("broker-%s.log" % name)
        cmd = self.taskset(self.args.load_cpus) + [
            str(self.dist / "bin" / "broker"), "--port", str(port), "--partitions", "3",
            "--host", "127.0.0.1", "--cluster-name", cluster]
        if refuse:
            cmd.append("--refuse-user-commands")
        log("starting broker %s: %s" % (name, shlex.join(cmd)))
        with open(stdout, "w") as out, open(stderr, "w") as err:
            proc = self.procs.start("broker-" + name, cmd, stdout=out, stderr=err)
        deadline = time.monotonic() + self.args.start_timeout
        while time.monotonic() < deadline:
            text = stdout.read_text()
            if "embedded broker" in text and "listening" in text:
                log("broker %s ready: %s" % (name, text.strip().splitlines()[-1]))
                return proc
            if proc.poll() is not None:
                raise BenchError("broker %s exited (%s); see %s" % (name, proc.returncode, stderr))
            time.sleep(0.2)
        raise BenchError("broker %s not ready after %d s; see %s"
                         % (name, self.args.start_timeout, stderr))

    def start_gateway(self, name, mode, round_no, tls=None, label=None):
        """A gateway for the main or the refusing cluster in `mode`; `tls` = (certificate,
        private key) PEM files puts REST on HTTPS (Spring Boot's server.ssl.*, as docs/security.md, TLS)."""
        a = self.args
        if name == "main":
            ports = (a.rest_port, a.management_port, a.grpc_port, a.cluster_port, a.broker_port)
            cluster = CLUSTER_MAIN
        else:
            ports = (a.refusing_rest_port, a.refusing_management_port, a.refusing_grpc_port,
                     a.refusing_cluster_port, a.refusing_broker_port)
            cluster = CLUSTER_REFUSING
        rest, mgmt, grpc, cport, bport = ports
        self.rest_h2c = MODES[mode].get("SERVER_HTTP2_ENABLED") == "true" and tls is None
        await_ports_free((rest, mgmt, grpc, cport))
        env = dict(os.environ)
        for values in MODES.values():
            for key in values:
                env.pop(key, None)
        for key in TLS_ENV:
            env.pop(key, None)
        env.update(MODES[mode])
        if tls:
            env.update({"SERVER_SSL_ENABLED": "true",
                        "SERVER_SSL_CERTIFICATE": "file:%s" % tls[0],
                        "SERVER_SSL_CERTIFICATEPRIVATEKEY": "file:%s" % tls[1]})
        env["JAVA_OPTS"] = a.gateway_java_opts
        cmd = self.taskset(a.gateway_cpus) + [
            str(self.dist / "bin" / "gateway"),
            "--server.address=127.0.0.1", "--server.port=%d" % rest,
            "--management.server.address=127.0.0.1", "--management.server.port=%d" % mgmt,
            "--zeebe.gateway.network.host=127.0.0.1", "--zeebe.gateway.network.port=%d" % grpc,
            "--zeebe.gateway.cluster.host=127.0.0.1", "--zeebe.gateway.cluster.port=%d" % cport,
            "--zeebe.gateway.cluster.clusterName=%s" % cluster,
            "--zeebe.gateway.cluster.initialContactPoints=127.0.0.1:%d" % bport]
        label = label or name
        logfile = self.logs / ("gateway-r%d-%s-%s.log" % (round_no, mode, label))
        log("r%d %s: starting %s gateway (%s)%s" % (round_no, mode, label, " ".join(
            "%s=%s" % kv for kv in MODES[mode].items()) or "defaults",
            ", REST on TLS" if tls else ""))
        with open(logfile, "w") as f:
            proc = self.procs.start("gateway-" + name, cmd, env=env, stdout=f,
                                    stderr=subprocess.STDOUT)
        gw = Gateway(name, proc, jvm_pid(proc),
                     "%s://127.0.0.1:%d" % ("https" if tls else "http", rest),
                     "127.0.0.1:%d" % grpc, logfile)
        self.await_topology(gw)
        log("r%d %s: %s gateway ready (pid %d) in %.1f s" % (
            round_no, mode, label, gw.pid, time.monotonic() - gw.started))
        gw.mode_check = self.mode_check(gw, mgmt, mode)
        return gw

    def await_topology(self, gw):
        deadline = time.monotonic() + self.args.start_timeout
        last = None
        while time.monotonic() < deadline:
            if gw.proc.poll() is not None:
                raise BenchError("gateway exited (%s); see %s" % (gw.proc.returncode, gw.log))
            try:
                status, body = http("GET", gw.rest + "/v2/topology", timeout=2)
                last = body
                if status == 200 and isinstance(body, dict):
                    leaders = {p["partitionId"] for b in body.get("brokers", [])
                               for p in b.get("partitions", []) if p.get("role") == "leader"}
                    if len(leaders) >= 3:
                        return
            except (OSError, ValueError):
                pass
            time.sleep(0.5)
        raise BenchError("gateway %s: no 3 partitions with leaders after %d s (last topology: "
                         "%s); see %s" % (gw.name, self.args.start_timeout, last, gw.log))

    def mode_check(self, gw, mgmt_port, mode):
        """Whether the executor strategy of the mode took effect: only the dedicated API
        executor exports gatefork_api_executor_queue_capacity (common-pool exports the pool
        gauges of the ForkJoinPool, but it has no queue capacity)."""
        deadline = time.monotonic() + 20  # the management server starts after the API
        while True:
            try:
                req = urllib.request.Request(
                    "http://127.0.0.1:%d/actuator/prometheus" % mgmt_port)
                with urllib.request.urlopen(req, timeout=5) as r:
                    text = r.read().decode()
                break
            except OSError as e:
                if time.monotonic() > deadline:
                    return "unknown (%s)" % e
                time.sleep(0.5)
        dedicated = "gatefork_api_executor_queue_capacity" in text
        expected = MODES[mode].get("GATEFORK_API_EXECUTORSTRATEGY", "dedicated") == "dedicated"
        verdict = "ok" if dedicated == expected else "MISMATCH"
        if verdict != "ok":
            log("warning: %s mode: dedicated API executor queue capacity gauge %s" % (
                mode, "present" if dedicated else "absent"))
        return "%s (dedicated API executor's queue capacity gauge %s)" % (
            verdict, "present" if dedicated else "absent")

    def deploy(self, gw):
        if gw.name in self.deployed:
            return
        files = [HERE / "noop.bpmn"]
        if gw.name == "main":
            files.append(ROOT / "examples" / "order.bpmn")
        body, ctype = multipart(files)
        status, answer = http("POST", gw.rest + "/v2/deployments", body,
                              {"Content-Type": ctype}, timeout=30)
        if status != 200:
            raise BenchError("deployment on %s answered %s: %s" % (gw.name, status, answer))
        log("deployed %s on the %s cluster" % (", ".join(f.name for f in files), gw.name))
        if gw.name == "main":
            for process in ("cost-noop", "order"):
                self.await_creates(gw, process)
        # the refusing broker takes deployments (whitelisted) but no creation: nothing to await
        self.deployed.add(gw.name)

    def await_creates(self, gw, process):
        seen, deadline = set(), time.monotonic() + 30
        while len(seen) < 3:
            if time.monotonic() > deadline:
                raise BenchError("creating %s succeeded only on partitions %s" % (
                    process, sorted(seen)))
            status, body = http("POST", gw.rest + "/v2/process-instances",
                                {"processDefinitionId": process})
            if status == 200:
                seen.add(partition_of(body["processInstanceKey"]))
            else:
                time.sleep(0.2)

    # -- load tools ----------------------------------------------------------------------------

    def next_file(self, stem, suffix):
        self.seq += 1
        return self.tmp / ("%04d-%s%s" % (self.seq, stem, suffix))

    def vegeta_targets(self, gw, op, keys=None, count=None, ops=None):
        """A vegeta targets file (JSON lines): one line per job key, `count` copies of the op's
        request, or one line per op of `ops` (vegeta sends the lines round-robin)."""

        def line(o, key=None):
            method, path, body = o.rest
            target = {"method": method, "url": gw.rest + path.replace("{key}", str(key)),
                      "header": {"Content-Type": ["application/json"]} if body is not None
                      else {}}
            if body is not None:
                target["body"] = base64.b64encode(json.dumps(body).encode()).decode()
            return json.dumps(target) + "\n"

        f = self.next_file("targets-" + op.name, ".jsonl")
        with open(f, "w") as out:
            if keys is not None:
                for key in keys:
                    out.write(line(op, key))
            elif ops is not None:
                for o in ops:
                    out.write(line(o))
            else:
                out.write(line(op) * (count or 1))
        return f

    def ghz_data(self, op, keys=None):
        method, data = op.grpc
        f = self.next_file("data-" + op.name, ".json")
        if keys is not None:
            # an array: ghz sends its elements round-robin, one per unary call
            payload = [{k: (str(key) if v == "{key}" else v) for k, v in data.items()}
                       for key in keys]
        else:
            payload = data
        f.write_text(json.dumps(payload))
        return method, f

    def vegeta_cmd(self, targets, load, duration, lazy, output):
        # -insecure: the overload run's TLS gateway has a self-signed certificate (https
        # targets only; plain http ignores it)
        cmd = [self.vegeta, "attack", "-format=json", "-targets=%s" % targets,
               "-duration=%.3fs" % duration, "-timeout=10s", "-max-body=0", "-insecure",
               "-output=%s" % output]
        if lazy:
            cmd.append("-lazy")  # stops at the end of the targets file: each target once
        if self.rest_h2c:
            cmd.append("-h2c")
        if load.rate:
            # as many workers at most as ghz gets: both tools stay an open loop while the
            # gateway keeps up, and neither opens hundreds of connections when it does not
            cmd += ["-rate=%d/s" % load.rate,
                    "-max-workers=%d" % (load.workers or open_loop_workers(load.rate))]
        else:
            cmd += ["-rate=0", "-max-workers=%d" % load.connections,
                    "-workers=%d" % load.connections]
        return self.load_cmd(cmd)

    def ghz_cmd(self, gw, method, data_file, load, duration, output, count=None):
        cmd = [self.ghz, "--insecure", "--proto", str(self.proto),
               "--call", "%s/%s" % (GRPC_SERVICE, method), "-D", str(data_file),
               "--count-errors", "-t", "10s", "--connect-timeout", "10s",
               "-O", "json", "-o", str(output)]
        if load.rate:
            # open loop: enough workers that none waits for a slow answer before its next tick
            workers = load.workers or open_loop_workers(load.rate)
            cmd += ["--rps", str(load.rate)]
        else:
            workers = load.connections
        if count is not None:
            # each data element once: stop after `count` calls (open loop: count = rate x
            # duration ends the run on time). No -x: ghz then runs for -x and ignores -n. ghz
            # splits -n among the workers, so no more workers than calls.
            count = max(1, count)
            workers = min(workers, count)
            cmd += ["-c", str(workers), "-n", str(count)]
        else:
            cmd += ["-c", str(workers), "-z", "%.3fs" % duration, "--duration-stop", "wait"]
        if load.grpc_connections > 1:
            # ghz spreads the workers over the connections: at most one connection per worker
            cmd += ["--connections", str(min(load.grpc_connections, workers))]
        cmd.append(gw.grpc)
        return self.load_cmd(cmd)

    def run_vegeta(self, cmd, binfile, duration):
        """Runs the attack; returns a function that reads its results (vegeta report), to be
        called after the window's end was taken."""
        err = self.next_file("vegeta", ".err")
        with open(err, "w") as e:
            rc = self.procs.run("vegeta", cmd, timeout=duration + 60, stderr=e)
        if rc != 0:
            raise BenchError("vegeta failed (%d): %s" % (rc, err.read_text()[-2000:]))

        def collect():
            report = self.next_file("vegeta-report", ".json")
            with open(report, "w") as out, open(err, "a") as e:
                rc = self.procs.run("vegeta report", self.load_cmd(
                    [self.vegeta, "report", "-type=json", str(binfile)]), timeout=120,
                    stdout=out, stderr=e)
            if rc != 0:
                raise BenchError("vegeta report failed (%d): %s"
                                 % (rc, err.read_text()[-2000:]))
            binfile.unlink(missing_ok=True)
            return json.loads(report.read_text())

        return collect

    def run_ghz(self, cmd, output, duration):
        err = self.next_file("ghz", ".err")
        with open(err, "w") as e:
            rc = self.procs.run("ghz", cmd, timeout=duration + 60, stderr=e)
        # ghz exits 0 with errors in the report; a missing report is a real failure
        if not output.exists() or output.stat().st_size == 0:
            raise BenchError("ghz failed (%d): %s" % (rc, err.read_text()[-2000:]))
        return lambda: json.loads(output.read_text())

    def start_load(self, gw, cell, duration, keys=None):
        """Prepares one load run; returns (command, run): run() runs it to the end and returns
        collect(), which gives the tool's report."""
        if cell.protocol == "rest":
            if keys is not None:
                targets = self.vegeta_targets(gw, cell.op, keys=keys)
            else:
                targets = self.vegeta_targets(gw, cell.op)
            binfile = self.next_file("vegeta", ".bin")
            cmd = self.vegeta_cmd(targets, cell.load, duration, keys is not None, binfile)
            return cmd, lambda: self.run_vegeta(cmd, binfile, duration)
        method, data = self.ghz_data(cell.op, keys)
        output = self.next_file("ghz-" + cell.op.name, ".json")
        count = None
        if keys is not None:
            count = len(keys)
            if cell.load.rate:
                count = min(count, max(1, int(cell.load.rate * duration)))
        cmd = self.ghz_cmd(gw, method, data, cell.load, duration, output, count=count)
        return cmd, lambda: self.run_ghz(cmd, output, duration)

    def run_load(self, gw, cell, duration, keys=None):
        _, run = self.start_load(gw, cell, duration, keys)
        raw = run()()
        return normalise(cell.protocol, raw), raw

    # -- job keys for `complete` ----------------------------------------------------------------

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

    # -- measurement ------------------------------------------------------------------------------

    def gateway_warmup(self, gw, cells, round_no, mode):
        """REST and gRPC load at once on a fresh gateway, closed loop: create (or backpressure
        on the refusing cluster) plus every other op this gateway will serve, so that the JIT
        has compiled their paths before the first window (5 s per cell is far too little for
        that). REST: one vegeta, --connections / 2 workers, its targets file holding one
        request per op (round-robin); gRPC: one ghz per method, one connection each. Closed
        loop: never more in flight than that, so no backlog outlives the warm-up (an open loop
        above what a cold gateway manages leaves minutes of queued requests).

        Runs --gateway-warmup seconds, then on (up to --gateway-warmup-max) until the JIT
        compiler threads used less than JIT_QUIET of the gateway's CPU over the last 5 s."""
        minimum, maximum = self.args.gateway_warmup, self.args.gateway_warmup_max
        if minimum <= 0:
            return None
        first = OPS["backpressure"] if gw.name == "refusing" else OPS["create"]
        ops = [first]
        for cell in cells:
            # `complete` needs prepared keys: its unknown-key twin takes the same path
            op = OPS["complete-unknown"] if cell.op.job_keys else cell.op
            if op not in ops:
                ops.append(op)
        rest_ops = [o for o in ops if o.rest]
        grpc_ops = [o for o in ops if o.grpc]
        log("r%d %s: gateway warm-up %d–%ds, closed loop, REST (%d connections) and gRPC (1 per "
            "method) at once: %s" % (round_no, mode, minimum, maximum,
                                     max(1, self.args.connections // 2),
                                     ", ".join(o.name for o in ops)))
        cmds = []
        if rest_ops:
            targets = self.vegeta_targets(gw, first, ops=rest_ops)
            cmds.append(self.vegeta_cmd(targets, Load("closed", 0,
                                                      max(1, self.args.connections // 2)),
                                        maximum, False, self.next_file("vegeta", ".bin")))
        for o in grpc_ops:
            method, data = self.ghz_data(o)
            cmds.append(self.ghz_cmd(gw, method, data, Load("closed", 0, 1), maximum,
                                     self.next_file("ghz-warmup", ".json")))
        procs, start, share = [], time.monotonic(), None
        try:
            for cmd in cmds:
                procs.append(self.procs.start("warm-up", cmd))
            while True:
                threads0, cpu0 = thread_cpu_seconds(gw.pid), process_cpu_seconds(gw.pid)
                time.sleep(5)
                threads1, cpu1 = thread_cpu_seconds(gw.pid), process_cpu_seconds(gw.pid)
                share = jit_cpu_seconds(threads0, threads1) / max(cpu1 - cpu0, 1e-9)
                elapsed = time.monotonic() - start
                if all(p.poll() is not None for p in procs):
                    break
                if elapsed >= minimum and (share < JIT_QUIET or elapsed >= maximum):
                    break
        finally:
            for proc in procs:
                self.procs.stop(proc, grace=2)
        elapsed = time.monotonic() - start
        log("r%d %s: gateway warm-up done after %.0f s; JIT share of the gateway's CPU in the "
            "last 5 s: %.0f %%" % (round_no, mode, elapsed, (share or 0) * 100))
        return {"seconds": round(elapsed, 1), "last_jit_share": round(share or 0, 3)}

    def settle(self, gw, limit=None, timeout=20.0):
        """Waits until the gateway uses less than `limit` of a core (default: settle_limit)
        over half a second (work left over from the previous load, JIT compilation); returns
        the seconds waited."""
        limit = self.settle_limit if limit is None else limit
        start = time.monotonic()
        while True:
            c0, t0 = process_cpu_seconds(gw.pid), time.monotonic()
            time.sleep(0.5)
            used = (process_cpu_seconds(gw.pid) - c0) / (time.monotonic() - t0)
            waited = time.monotonic() - start
            if used < limit:
                return waited
            if waited > timeout:
                log("warning: gateway still busy (%.0f %% of a core) after %.0f s"
                    % (used * 100, waited))
                return waited

    def idle_cpu(self, gw):
        window = self.args.idle_window
        if window <= 0:
            return None
        self.settle(gw)
        c0, t0 = process_cpu_seconds(gw.pid), time.monotonic()
        time.sleep(window)
        c1, t1 = process_cpu_seconds(gw.pid), time.monotonic()
        return (c1 - c0) * 1000 / (t1 - t0)

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
        jfr = cell.id() in a.jfr and round_no == 1 and mode == "patched"
        jfr_file = None
        if jfr:
            jfr_file = self.out / "jfr" / ("%s.jfr" % cell.id().replace(":", "-"))
            jfr_file.parent.mkdir(exist_ok=True)
            self.jcmd(gw, "JFR.start", "name=costbench", "settings=profile")
        cmd, run = self.start_load(gw, cell, a.window, keys=keys_window)
        all0, threads0 = sessions_cpu_seconds(), thread_cpu_seconds(gw.pid)
        cpu0, stat0, t0 = process_cpu_seconds(gw.pid), cpu_times(), time.monotonic()
        collect = run()
        cpu1, stat1, t1 = process_cpu_seconds(gw.pid), cpu_times(), time.monotonic()
        all1, threads1 = sessions_cpu_seconds(), thread_cpu_seconds(gw.pid)
        raw = collect()
        # our processes each lead their own session (brokers, gateways, tools)
        foreign = foreign_cpu_seconds(all0, all1, self.procs.sessions()) / (t1 - t0)
        if jfr:
            self.jcmd(gw, "JFR.stop", "name=costbench", "filename=%s" % jfr_file)
            self.jfr_files.append(jfr_file)
        result = normalise(cell.protocol, raw)
        raw_name = "r%d-%s-%s-%s-%s.json.gz" % (round_no, mode, cell.load.name, cell.op.name,
                                              cell.protocol)
        with gzip.open(self.raw / raw_name, "wt") as f:
            json.dump(raw, f)
        answered = result["answered"]
        expected = cell.expected()
        share = result["status"].get(expected, 0) / answered if answered else 0.0
        gw_util = utilisation(stat0, stat1, self.gateway_cpus)
        load_util = utilisation(stat0, stat1, self.load_cpus)
        flags = []
        if load_util >= SATURATED:
            flags.append("load-saturated")
        if gw_util >= SATURATED:
            flags.append("gateway-saturated")
        if share < EXPECTED_SHARE:
            flags.append("unexpected-status")
        if foreign >= FOREIGN:
            flags.append("foreign-load")
        jit = jit_cpu_seconds(threads0, threads1)
        if cpu1 > cpu0 and jit / (cpu1 - cpu0) >= JIT_SHARE:
            flags.append("jit")
        if cell.op.job_keys and result["duration_s"] < a.window * 0.9:
            flags.append("keys-exhausted")
        if jfr:
            flags.append("jfr")
        record = {
            "round": round_no, "mode": mode, "load": cell.load.name,
            "target_rate": cell.load.rate, "connections": cell.load.connections,
            "op": cell.op.name, "protocol": cell.protocol, "gateway": gw.name,
            "window_s": round(t1 - t0, 3), "requests": result["requests"],
            "answered": answered, "status": result["status"], "expected": expected,
            "expected_share": round(share, 4), "rate": round(result["rate"], 1),
            "p50_ms": result["p50_ms"], "p99_ms": result["p99_ms"],
            "mean_ms": result["mean_ms"],
            "gateway_cpu_s": round(cpu1 - cpu0, 3),
            "cpu_us_per_request": round((cpu1 - cpu0) * 1e6 / answered, 1) if answered else None,
            "jit_cpu_s": round(jit, 3),
            "cpu_us_per_request_excl_jit":
                round((cpu1 - cpu0 - jit) * 1e6 / answered, 1) if answered else None,
            "gateway_core_util": round(gw_util, 4), "load_core_util": round(load_util, 4),
            "foreign_cpu_cores": round(foreign, 4),
            "gateway_threads_us_per_request": thread_breakdown(threads0, threads1, answered),
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

    def jcmd(self, gw, *command):
        jcmd = os.path.join(self.java_home, "bin", "jcmd") if self.java_home else "jcmd"
        with open(self.logs / "jcmd.log", "a") as f:
            rc = self.procs.run("jcmd", self.load_cmd([jcmd, str(gw.pid)] + list(command)),
                                timeout=60, stdout=f, stderr=subprocess.STDOUT)
        if rc != 0:
            raise BenchError("jcmd %s failed; see %s" % (command[0], self.logs / "jcmd.log"))

    # -- plan -------------------------------------------------------------------------------------

    def plan(self, round_no):
        """The cells of one mode-round, grouped by gateway (main, refusing)."""
        a = self.args
        loads = [(Load("fixed", a.rate, a.connections),
                  [o for o in a.ops if a.fixed_ops is None or o in a.fixed_ops])]
        loads.append((Load("closed", 0, a.connections), [o for o in a.ops if o in a.closed_ops]))
        loads.append((Load("high", a.high_rate, a.connections),
                      [o for o in a.ops if o in a.high_rate_ops]))
        protocols = PROTOCOLS if round_no % 2 == 1 else tuple(reversed(PROTOCOLS))
        groups = {"main": [], "refusing": []}
        for load, ops in loads:
            for name in ops:
                op = OPS[name]
                for protocol in protocols:
                    if (op.rest if protocol == "rest" else op.grpc) is None:
                        continue
                    groups["refusing" if op.refusing else "main"].append(
                        Cell(load, op, protocol))
        return groups

    def run(self):
        a = self.args
        self.check_setup()
        self.started = datetime.datetime.now(datetime.timezone.utc)
        self.save()
        brokers = [self.start_broker("main", a.broker_port, CLUSTER_MAIN, False)]
        if self.uses_refusing():
            brokers.append(self.start_broker("refusing", a.refusing_broker_port,
                                             CLUSTER_REFUSING, True))
        for round_no in range(1, a.rounds + 1):
            modes = a.modes if round_no % 2 == 1 else list(reversed(a.modes))
            for mode in modes:
                for name, cells in self.plan(round_no).items():
                    if not cells:
                        continue
                    gw = self.start_gateway(name, mode, round_no)
                    try:
                        self.deploy(gw)
                        warmup = self.gateway_warmup(gw, cells, round_no, mode)
                        idle = self.idle_cpu(gw)
                        self.gateways.append({
                            "round": round_no, "mode": mode, "gateway": name, "pid": gw.pid,
                            "idle_cpu_ms_per_s": round(idle, 2) if idle is not None else None,
                            "mode_check": gw.mode_check, "warmup": warmup,
                            "log": str(gw.log.relative_to(self.out))})
                        if idle is not None:
                            log("r%d %s: %s gateway idle: %.1f ms CPU/s" % (
                                round_no, mode, name, idle))
                        for cell in cells:
                            self.measure(gw, cell, round_no, mode)
                    finally:
                        self.procs.stop(gw.proc)
        for b in brokers:
            self.procs.stop(b)
        self.finished = datetime.datetime.now(datetime.timezone.utc)
        self.breakdowns()
        self.save()

    def breakdowns(self):
        for jfr in self.jfr_files:
            txt = jfr.with_suffix(".txt")
            log("JFR breakdown: %s" % txt)
            with open(txt, "w") as out, open(self.logs / "jfr_breakdown.log", "a") as err:
                rc = self.procs.run("jfr_breakdown", self.load_cmd(
                    [sys.executable, str(HERE / "jfr_breakdown.py"), str(jfr)]), timeout=600,
                    stdout=out, stderr=err)
            if rc != 0:
                log("warning: jfr_breakdown.py failed on %s (see logs/jfr_breakdown.log)" % jfr)

    # -- output -----------------------------------------------------------------------------------

    def meta(self):
        a = self.args
        return {
            "started": self.started.isoformat(timespec="seconds") if hasattr(self, "started")
            else None,
            "finished": self.finished.isoformat(timespec="seconds")
            if hasattr(self, "finished") else None,
            "command": os.environ.get("BENCH_COST_COMMAND") or shlex.join(sys.argv),
            "argv": sys.argv,
            "options": {k: v for k, v in vars(a).items()},
            "modes": {m: MODES[m] for m in a.modes},
            "machine": machine(self.java_home),
            "git": git_info(),
            "placement": {
                "gateway_cpus": a.gateway_cpus, "load_cpus": a.load_cpus,
                "gateway_java_opts": a.gateway_java_opts,
                "brokers": "pinned to the load CPUs", "load_tools": "pinned to the load CPUs"},
            "tools": {"vegeta": self.vegeta, "ghz": self.ghz},
            "clk_tck": CLK_TCK,
        }

    def save(self):
        data = {"meta": self.meta(), "gateways": self.gateways, "cells": self.cells}
        if self.overload is not None:
            data["overload"] = self.overload
        tmp = self.out / "results.json.tmp"
        tmp.write_text(json.dumps(data, indent=1))
        tmp.replace(self.out / "results.json")


def normalise(protocol, raw):
    if protocol == "rest":
        status = {k: v for k, v in raw.get("status_codes", {}).items()}
        requests = raw.get("requests", 0)
        answered = sum(v for k, v in status.items() if k != "0")
        lat = raw.get("latencies", {})
        seconds = (raw.get("duration", 0) + raw.get("wait", 0)) / 1e9
        return {"requests": requests, "answered": answered, "status": status,
                "rate": answered / seconds if seconds else 0.0,
                "p50_ms": ms(lat.get("50th")), "p99_ms": ms(lat.get("99th")),
                "mean_ms": ms(lat.get("mean")), "duration_s": seconds,
                "errors": raw.get("errors", [])[:10]}
    status = dict(raw.get("statusCodeDistribution") or {})
    requests = raw.get("count", 0)
    answered = sum(v for k, v in status.items() if k not in GRPC_NOT_ANSWERED)
    pct = {round(p["percentage"]): p["latency"] for p in raw.get("latencyDistribution") or []}
    seconds = raw.get("total", 0) / 1e9
    return {"requests": requests, "answered": answered, "status": status,
            "rate": answered / seconds if seconds else 0.0,
            "p50_ms": ms(pct.get(50)), "p99_ms": ms(pct.get(99)),
            "mean_ms": ms(raw.get("average")), "duration_s": seconds,
            "errors": list((raw.get("errorDistribution") or {}).keys())[:10]}


def ms(ns):
    return None if ns is None else round(ns / 1e6, 3)


def machine(java_home):
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    java = os.path.join(java_home, "bin", "java") if java_home else "java"
    try:
        jdk = subprocess.run([java, "-version"], capture_output=True, text=True,
                             timeout=30).stderr.strip().splitlines()
        jdk = "; ".join(jdk[:2])
    except (OSError, subprocess.TimeoutExpired):
        jdk = "unknown"
    return {"nproc": os.cpu_count(), "cpu_model": model, "jdk": jdk,
            "java_home": java_home, "kernel": os.uname().release}


def git_info():
    try:
        head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--",
                                ".", ":!bench/cost/results"],
                               capture_output=True, text=True, timeout=10).stdout.strip()
        branch = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--abbrev-ref", "HEAD"],
                                capture_output=True, text=True, timeout=10).stdout.strip()
        return {"commit": head, "branch": branch, "dirty": bool(dirty)}
    except (OSError, subprocess.TimeoutExpired):
        return {}


# ---------------------------------------------------------------------------------------------
# report


def summarise(cells):
    """(load, op, protocol, mode) -> median/min/max of the numbers over rounds, flag counts."""
    groups = {}
    for c in cells:
        groups.setdefault((c["load"], c["op"], c["protocol"], c["mode"]), []).append(c)
    summary = {}
    for key, cs in groups.items():
        entry = {"rounds": len(cs), "flags": {}}
        for metric in ("cpu_us_per_request", "cpu_us_per_request_excl_jit", "p50_ms", "p99_ms",
                       "rate", "gateway_core_util",
                       "load_core_util", "foreign_cpu_cores", "expected_share"):
            values = [c[metric] for c in cs if c.get(metric) is not None]
            entry[metric] = ({"median": statistics.median(values), "min": min(values),
                              "max": max(values)} if values else None)
        for c in cs:
            for flag in c["flags"]:
                entry["flags"][flag] = entry["flags"].get(flag, 0) + 1
        entry["target_rate"] = cs[0]["target_rate"]
        entry["connections"] = cs[0]["connections"]
        entry["expected"] = cs[0]["expected"]
        summary[key] = entry
    return summary


def fmt(stat, digits=0, scale=1.0):
    if not stat:
        return "–"
    f = "%%.%df" % digits
    med, lo, hi = (stat[k] * scale for k in ("median", "min", "max"))
    if lo == hi:
        return f % med
    return "%s [%s–%s]" % (f % med, f % lo, f % hi)


def report_header(meta, w):
    """The report's first lines, common to the cost and the overload report: date, command,
    machine, JDK, commit, placement, modes."""
    w("- date: %s – %s (UTC)" % (meta.get("started"), meta.get("finished") or "unfinished"))
    w("- command: `%s`" % meta["command"])
    m = meta["machine"]
    w("- machine: %s CPUs (nproc), %s; kernel %s" % (m["nproc"], m["cpu_model"], m["kernel"]))
    w("- JDK: %s (%s)" % (m["jdk"], m["java_home"]))
    g = meta.get("git") or {}
    w("- gatefork: %s on %s%s" % (g.get("commit"), g.get("branch"),
                                  " (uncommitted changes)" if g.get("dirty") else ""))
    p = meta["placement"]
    w("- placement: gateway on CPU %s (`JAVA_OPTS=%s`); brokers, vegeta and ghz on CPU %s"
      % (p["gateway_cpus"], p["gateway_java_opts"], p["load_cpus"]))
    w("- modes: " + "; ".join("`%s` = %s" % (k, ", ".join("%s=%s" % kv for kv in v.items())
                                            or "defaults")
                              for k, v in meta["modes"].items()))


def write_report(out):
    data = json.loads((out / "results.json").read_text())
    if data.get("overload") is not None:
        import overload
        return overload.write_report(out, data)
    meta, cells = data["meta"], data["cells"]
    summary = summarise(cells)
    opts = meta["options"]
    modes = opts["modes"]
    ops_order = [o for o in OPS if o in opts["ops"]]
    lines = []
    w = lines.append
    w("# Gateway CPU cost per request")
    w("")
    report_header(meta, w)
    w("- per cell: warm-up %ss (same op and protocol, closed loop), window %ss; %s round(s), "
      "modes alternating in order, a fresh gateway per mode and round" % (
          opts["warmup"], opts["window"], opts["rounds"]))
    warmups = [x["warmup"]["seconds"] for x in data.get("gateways", []) if x.get("warmup")]
    if warmups:
        w("- gateway warm-up (REST + gRPC, closed loop, create and every op the gateway serves; "
          "%s s, then on until the JIT uses < 5 %% of the gateway's CPU, at most %s s): took "
          "%.0f s median [%.0f–%.0f]" % (opts["gateway_warmup"],
                                         opts.get("gateway_warmup_max", opts["gateway_warmup"]),
                                         statistics.median(warmups), min(warmups),
                                         max(warmups)))
    idle = [x["idle_cpu_ms_per_s"] for x in data.get("gateways", [])
            if x.get("idle_cpu_ms_per_s") is not None and x["gateway"] == "main"]
    if idle:
        w("- idle gateway (after its warm-up, no load): %.1f ms CPU/s median [%.1f–%.1f]; at "
          "%d/s that is %.0f µs of every request's figure below (not subtracted)" % (
              statistics.median(idle), min(idle), max(idle), opts["rate"],
              statistics.median(idle) * 1000 / opts["rate"]))
    checks = {x["mode_check"] for x in data.get("gateways", [])}
    if any(not c.startswith("ok") for c in checks):
        w("- **mode check**: %s" % "; ".join(sorted(checks)))
    w("")
    w("CPU µs/req = gateway JVM CPU time (utime + stime) over the window ÷ answered requests. "
      "excl. JIT = the same without the JIT compiler threads' CPU (C1/C2 compiling hot code: "
      "a warm-up effect, large in the first cells after a gateway start). "
      "Numbers are median over rounds, [min–max] when they differ. p50/p99 in ms, as the load "
      "tool measured them. Core % = busy share of the gateway core / the load core over the "
      "window; other % = CPU used by processes this run did not start (any core, in % of "
      "one core). Flags (rounds that had them): load-saturated / gateway-saturated = that core "
      "≥ 90 % busy, unexpected-status = < 95 % of answers had the expected status, "
      "foreign-load = other processes used ≥ 10 % of a core, keys-exhausted = `complete` ran "
      "out of job keys before the window ended, jit = JIT compiler threads used ≥ 10 % of the "
      "gateway's CPU in the window (not yet steady state), jfr = recorded with JFR.")
    w("")
    load_labels = {"fixed": "Fixed rate %d/s (open loop)" % opts["rate"],
                   "closed": "Closed loop, %d connections" % opts["connections"],
                   "high": "High rate %d/s (open loop)" % opts["high_rate"]}
    for load in LOADS:
        rows = [(op, proto, mode) for op in ops_order for proto in PROTOCOLS for mode in modes
                if (load, op, proto, mode) in summary]
        if not rows:
            continue
        w("## %s" % load_labels[load])
        w("")
        w("| op | protocol | mode | CPU µs/req | excl. JIT | p50 ms | p99 ms | rate/s | "
          "gw core % | load core % | other % | expected | flags |")
        w("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|")
        for op, proto, mode in rows:
            s = summary[(load, op, proto, mode)]
            flags = ", ".join("%s (%d/%d)" % (f, n, s["rounds"]) for f, n in s["flags"].items())
            w("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                op, proto, mode, fmt(s["cpu_us_per_request"]),
                fmt(s["cpu_us_per_request_excl_jit"]), fmt(s["p50_ms"], 2),
                fmt(s["p99_ms"], 2), fmt(s["rate"]), fmt(s["gateway_core_util"], 0, 100),
                fmt(s["load_core_util"], 0, 100), fmt(s["foreign_cpu_cores"], 0, 100),
                s["expected"], flags))
        w("")
    w("## Targets (`patched`, medians)")
    w("")
    w("CPU targets are read from the closed-loop cells (the gateway busy, its CPU per request "
      "without idle time spread over few requests) and, below, from the fixed-rate cells; each on "
      "the CPU µs/req column and on the same without the JIT compiler threads. \"needs\" = how "
      "much the REST side must drop to meet the target. Latency targets use the fixed- and "
      "high-rate cells.")
    w("")
    for cpu_load, title in (("closed", "closed loop"), ("fixed", "fixed rate")):
        rows = targets(summary, "cpu_us_per_request", cpu_load)
        rows_excl = targets(summary, "cpu_us_per_request_excl_jit", cpu_load)
        if all(r[1] == "not measured" for r in rows[:-2]):
            continue
        w("### CPU from the %s cells" % title)
        w("")
        w("| target | value | verdict | value excl. JIT | verdict excl. JIT |")
        w("|---|---|---|---|---|")
        for row, row_excl in zip(rows, rows_excl):
            if row == row_excl:  # latency targets do not depend on the CPU metric
                row_excl = (row[0], "–", "–")
            w("| %s | %s | %s | %s | %s |" % (row + row_excl[1:]))
        w("")
    if "patched" in modes and "stock" in modes:
        w("## patched / stock (medians)")
        w("")
        w("< 1 = patched cheaper / faster.")
        w("")
        w("| load | op | protocol | CPU µs/req patched / stock | ratio | p99 ms patched / stock "
          "| ratio |")
        w("|---|---|---|---:|---:|---:|---:|")
        for load in LOADS:
            for op in ops_order:
                for proto in PROTOCOLS:
                    pa = summary.get((load, op, proto, "patched"))
                    st = summary.get((load, op, proto, "stock"))
                    if not pa or not st:
                        continue
                    w("| %s | %s | %s | %s / %s | %s | %s / %s | %s |" % (
                        load, op, proto, med(pa, "cpu_us_per_request", 0),
                        med(st, "cpu_us_per_request", 0),
                        ratio(pa, st, "cpu_us_per_request"), med(pa, "p99_ms", 2),
                        med(st, "p99_ms", 2), ratio(pa, st, "p99_ms")))
        w("")
    jfrs = [c for c in cells if c.get("jfr")]
    if jfrs:
        w("## JFR recordings")
        w("")
        for c in jfrs:
            w("- %s:%s:%s (round %d, %s): `%s`, breakdown `%s`" % (
                c["protocol"], c["op"], c["load"], c["round"], c["mode"], c["jfr"],
                c["jfr"][:-4] + ".txt"))
        w("")
    w("Raw tool reports: `raw/` (one per measured window); every cell: `results.json`.")
    (out / "report.md").write_text("\n".join(lines) + "\n")
    return out / "report.md"


def med(entry, metric, digits):
    s = entry.get(metric)
    return "–" if not s else ("%%.%df" % digits) % s["median"]


def ratio(a, b, metric):
    x, y = a.get(metric), b.get(metric)
    if not x or not y or not y["median"]:
        return "–"
    return "%.2f" % (x["median"] / y["median"])


def targets(summary, cpu_metric, cpu_load="fixed"):
    def get(op, proto, load=cpu_load, metric=cpu_metric):
        s = summary.get((load, op, proto, "patched"))
        return s[metric]["median"] if s and s.get(metric) else None

    rows = []

    def at_most_ratio(name, a, b, limit, unit="µs"):
        if a is None or b is None:
            rows.append((name, "not measured", "n/a"))
            return
        r = a / b
        value = "%.0f / %.0f %s = %.2f×" % (a, b, unit, r) if unit == "µs" else \
            "%.2f / %.2f ms = %.2f×" % (a, b, r)
        if r <= limit:
            verdict = "met (%.2f× under)" % (limit - r)
        else:
            need = a - limit * b
            verdict = "**missed** by %.2f× (needs −%.0f %s, %.0f %%)" % (
                r - limit, need, unit, need * 100 / a) if unit == "µs" else \
                "**missed** by %.2f× (needs −%.2f ms)" % (r - limit, need)
        rows.append((name, value, verdict))

    def at_most(name, value, limit, label=None):
        if value is None:
            rows.append((name, "not measured", "n/a"))
            return
        text = label or "%.0f µs" % value
        if value <= limit:
            rows.append((name, text, "met (%.0f µs under)" % (limit - value)))
        else:
            rows.append((name, text, "**missed** by %.0f µs" % (value - limit)))

    rc, gc = get("create", "rest"), get("create", "grpc")
    at_most_ratio("REST create ≤ 1.3 × gRPC create", rc, gc, 1.3)
    if rc is not None and gc is not None:
        at_most("REST create − gRPC create ≤ 120 µs", rc - gc, 120,
                "%.0f − %.0f = %.0f µs" % (rc, gc, rc - gc))
    else:
        at_most("REST create − gRPC create ≤ 120 µs", None, 120)
    gt = get("topology", "grpc")
    if gc is not None and gt is not None:
        at_most("gRPC create − gRPC topology ≤ 150 µs", gc - gt, 150,
                "%.0f − %.0f = %.0f µs" % (gc, gt, gc - gt))
    else:
        at_most("gRPC create − gRPC topology ≤ 150 µs", None, 150)
    at_most_ratio("REST activate-none ≤ 1.3 × gRPC", get("activate-none", "rest"),
                  get("activate-none", "grpc"), 1.3)
    for op in ("complete-unknown", "invalid", "backpressure"):
        r, g = get(op, "rest"), get(op, "grpc")
        at_most_ratio("REST %s ≤ 1.3 × gRPC" % op, r, g, 1.3)
        if r is not None and rc is not None:
            at_most("REST %s ≤ REST create" % op, r - rc, 0,
                    "%.0f vs %.0f µs" % (r, rc))
        else:
            at_most("REST %s ≤ REST create" % op, None, 0)
    at_most("REST topology ≤ 90 µs", get("topology", "rest"), 90)
    for load in ("fixed", "high"):
        at_most_ratio("REST p99 ≤ 1.3 × gRPC p99, create, %s rate" % load,
                      get("create", "rest", load, "p99_ms"),
                      get("create", "grpc", load, "p99_ms"), 1.3, unit="ms")
    return rows


# ---------------------------------------------------------------------------------------------
# options


def ops_list(value):
    names = [v.strip() for v in value.split(",") if v.strip()]
    if names == ["all"]:
        return list(OPS)
    for n in names:
        if n not in OPS:
            raise argparse.ArgumentTypeError("unknown op %r; known: %s" % (n, ", ".join(OPS)))
    return names


def modes_list(value):
    names = [v.strip() for v in value.split(",") if v.strip()]
    for n in names:
        if n not in MODES:
            raise argparse.ArgumentTypeError("unknown mode %r; known: %s" % (n, ", ".join(MODES)))
    return names


def jfr_cell(value):
    parts = value.split(":")
    if len(parts) != 3 or parts[0] not in PROTOCOLS or parts[1] not in OPS or \
            parts[2] not in LOADS:
        raise argparse.ArgumentTypeError("--jfr takes PROTOCOL:OP:LOAD, e.g. rest:create:closed")
    return value


SMOKE = {"rounds": 1, "modes": ["patched"], "window": 2, "warmup": 2, "gateway_warmup": 5,
         "gateway_warmup_max": 5,
         "rate": 100, "high_rate": 300, "idle_window": 1}
DEFAULTS = {"rounds": 3, "modes": ["patched", "stock"], "window": 10, "warmup": 5,
            "gateway_warmup": 30, "gateway_warmup_max": 180, "rate": 300, "high_rate": 1000, "idle_window": 2}


def parse_args(argv):
    import overload  # the overload cells' options (bench/cost/overload.py)
    p = argparse.ArgumentParser(
        prog="bench-cost",
        description="Gateway CPU µs per request, REST (vegeta) vs gRPC (ghz), patched vs stock.")
    p.add_argument("--modes", type=modes_list, default=None,
                   help="modes to compare (default patched,stock; --overload: "
                   "off,adaptive,stock); known: " + ", ".join(MODES))
    p.add_argument("--ops", type=ops_list, default=list(OPS),
                   help="operations, comma separated, or all (default): " + ", ".join(OPS))
    p.add_argument("--rounds", type=int, default=None, help="rounds (default 3)")
    p.add_argument("--rate", type=int, default=None, help="fixed-rate load, requests/s "
                   "(default 300)")
    p.add_argument("--connections", type=int, default=8, help="closed-loop connections (default 8)")
    p.add_argument("--fixed-ops", type=ops_list, default=None,
                   help="ops run at the fixed rate (default: all of --ops)")
    p.add_argument("--closed-ops", type=ops_list, default=["create"],
                   help="ops also run closed loop (default create)")
    p.add_argument("--high-rate", type=int, default=None, help="rate of the high-rate cells "
                   "(default 1000)")
    p.add_argument("--high-rate-ops", type=ops_list, default=["create"],
                   help="ops also run at --high-rate (default create)")
    p.add_argument("--warmup", type=float, default=None, help="warm-up per cell, s (default 5)")
    p.add_argument("--gateway-warmup", type=float, default=None,
                   help="mixed create load after each gateway start, s (default 30)")
    p.add_argument("--gateway-warmup-max", type=float, default=None,
                   help="the gateway warm-up goes on after --gateway-warmup while the JIT "
                   "compiler threads use ≥ 5 %% of the gateway's CPU, up to this, s (default "
                   "180; equal to --gateway-warmup: fixed length)")
    p.add_argument("--window", type=float, default=None,
                   help="measured window, s (default 10; --overload: 30)")
    p.add_argument("--idle-window", type=float, default=None,
                   help="idle gateway CPU measured after its warm-up, s (default 2; 0 = skip)")
    p.add_argument("--gateway-cpus", default="1", help="taskset CPU list of the gateway (default 1)")
    p.add_argument("--load-cpus", default="0", help="taskset CPU list of brokers and load tools (default 0)")
    p.add_argument("--gateway-java-opts",
                   default="-XX:ActiveProcessorCount=2 -XX:FlightRecorderOptions:stackdepth=256",
                   help="JAVA_OPTS of the gateway (default: %(default)s)")
    p.add_argument("--dist", default=str(ROOT / "dist" / "target" / "gatefork"),
                   help="the gatefork distribution (default dist/target/gatefork)")
    p.add_argument("--out", default=None,
                   help="output folder (default bench/cost/results/<UTC timestamp>)")
    p.add_argument("--jfr", type=jfr_cell, action="append", default=[],
                   help="PROTOCOL:OP:LOAD: record that cell's window with JFR (first round, "
                   "patched mode); repeatable")
    p.add_argument("--smoke", action="store_true",
                   help="quick check: 1 round, patched, 2 s windows and warm-ups, gateway "
                   "warm-up 5 s, rate 100, high rate 300; with --overload: 1 round, 5 s "
                   "windows, multiples 1,2, storm at 300/s (explicit options win)")
    p.add_argument("--start-timeout", type=int, default=60,
                   help="seconds a broker or gateway may take to be ready (default 60)")
    ports = p.add_argument_group("ports (all on 127.0.0.1; the defaults are the stock ones: "
                                 "pass others where a gateway already runs)")
    ports.add_argument("--rest-port", type=int, default=8080, help="gateway REST (8080)")
    ports.add_argument("--management-port", type=int, default=9600,
                       help="gateway management (9600)")
    ports.add_argument("--grpc-port", type=int, default=26500, help="gateway gRPC (26500)")
    ports.add_argument("--cluster-port", type=int, default=26502,
                       help="the gateway's cluster (Atomix) port (26502)")
    ports.add_argument("--broker-port", type=int, default=26501, help="broker (26501)")
    ports.add_argument("--refusing-rest-port", type=int, default=8081,
                       help="gateway of the refusing (backpressure) cluster: REST (8081)")
    ports.add_argument("--refusing-management-port", type=int, default=9601, help="(9601)")
    ports.add_argument("--refusing-grpc-port", type=int, default=26510, help="(26510)")
    ports.add_argument("--refusing-cluster-port", type=int, default=26512, help="(26512)")
    ports.add_argument("--refusing-broker-port", type=int, default=26511,
                       help="the broker that refuses every user command (26511)")
    p.add_argument("--report-only", metavar="DIR",
                   help="rewrite DIR/report.md from DIR/results.json and exit")
    overload.add_arguments(p)
    args = p.parse_args(argv)
    args.overload_run = args.overload or args.soak
    base = dict(SMOKE if args.smoke else DEFAULTS)
    if args.overload_run:
        base.update(overload.SMOKE if args.smoke else overload.DEFAULTS)
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
        overload.check_args(p, args)
    return args


def main(argv):
    args = parse_args(argv)
    if args.report_only:
        log("report: %s" % write_report(Path(args.report_only)))
        return 0
    bench = Bench(args)

    def on_signal(signum, _frame):
        raise KeyboardInterrupt("signal %d" % signum)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGHUP, on_signal)
    log("output: %s" % bench.out)
    try:
        if args.overload_run:
            import overload
            overload.Overload(bench).run()
        else:
            bench.run()
    except KeyboardInterrupt as e:
        log("interrupted (%s): stopping everything" % (e or "Ctrl-C"))
        return 130
    except BenchError as e:
        log("failed: %s" % e)
        return 1
    finally:
        bench.procs.stop_all()
        shutil.rmtree(bench.tmp, ignore_errors=True)
        if bench.cells or bench.overload:
            bench.save()
            log("report: %s" % write_report(bench.out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

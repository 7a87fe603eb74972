"""What every gateway run of the cost and overload benchmarks does: embedded brokers and gateways
on their CPUs, the setup calls (deployment), the load tools' command lines (vegeta for REST, ghz
for gRPC, pinned to the load CPUs) and their reports, the gateway's warm-up and settling, and
results.json. A scenario subclasses Harness and adds its cells."""
import base64
import datetime
import json
import os
import shlex
import shutil
import signal
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from .accounting import CLK_TCK, jit_cpu_seconds, process_cpu_seconds, thread_cpu_seconds
from .procs import (BenchError, Processes, await_ports_free, ephemeral_ports, jvm_pid, log,
                    parse_cpus, taskset)
from .workload import GRPC_SERVICE, MODES, OPS, ROOT, Load, normalise, open_loop_workers

COST = ROOT / "bench" / "cost"
CLUSTER_MAIN = "cost-bench"
CLUSTER_REFUSING = "cost-bench-refusing"
# Spring Boot's PEM TLS for REST (docs/security.md, TLS): set only on the overload run's TLS gateway
TLS_ENV = ("SERVER_SSL_ENABLED", "SERVER_SSL_CERTIFICATE", "SERVER_SSL_CERTIFICATEPRIVATEKEY")
# how much a window may be disturbed before its cell is flagged (the flags travel with the figures)
SATURATED = 0.90  # a core at least this busy over the window is saturated
FOREIGN = 0.10  # other processes using this share of a core over the window: flagged
JIT_SHARE = 0.10  # JIT compiler threads used this share of the gateway's CPU: flagged
EXPECTED_SHARE = 0.95  # below this share of expected answers a cell is flagged
JIT_QUIET = 0.05  # the gateway warm-up goes on while the JIT uses more of the gateway's CPU
SETTLED = 0.15  # before a cell the gateway must use less than this share of a core


# ---------------------------------------------------------------------------------------------
# HTTP (urllib) for setup: topology, deployments, job keys


def http(method, url, body=None, headers=None, timeout=10.0):
    """(status, JSON body) of one request; an error status is an answer, not an exception."""
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


def deploy(rest, files):
    body, ctype = multipart(files)
    status, answer = http("POST", rest + "/v2/deployments", body, {"Content-Type": ctype},
                          timeout=30)
    if status != 200:
        raise BenchError("deployment on %s answered %s: %s" % (rest, status, answer))


def await_topology(rest, timeout, leaders=3, interval=0.5, proc=None, where="its log"):
    """Polls REST /v2/topology until `leaders` partitions have a leader; BenchError when the
    gateway process exits or the time is up."""
    deadline, last = time.monotonic() + timeout, None
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise BenchError("gateway exited (%s); see %s" % (proc.returncode, where))
        try:
            status, last = http("GET", rest + "/v2/topology", timeout=2)
            if status == 200 and isinstance(last, dict) and len(
                    {p.get("partitionId") for b in last.get("brokers", [])
                     for p in b.get("partitions", []) if p.get("role") == "leader"}) >= leaders:
                return
        except (OSError, ValueError):
            pass
        time.sleep(interval)
    raise BenchError("gateway %s: no %d partitions with leaders after %d s (last topology: %s); "
                     "see %s" % (rest, leaders, timeout, last, where))


# ---------------------------------------------------------------------------------------------
# brokers and gateways


def start_broker(procs, dist, cpus, logs, name, port, cluster, timeout, partitions=3,
                 refuse=False):
    """An embedded broker (dist/bin/broker) on the CPUs, waited for until it listens."""
    stdout, stderr = logs / ("broker-%s.out" % name), logs / ("broker-%s.log" % name)
    cmd = taskset(cpus) + [
        str(Path(dist) / "bin" / "broker"), "--port", str(port), "--partitions", str(partitions),
        "--host", "127.0.0.1", "--cluster-name", cluster]
    if refuse:
        cmd.append("--refuse-user-commands")
    log("starting broker %s: %s" % (name, shlex.join(cmd)))
    with open(stdout, "w") as out, open(stderr, "w") as err:
        proc = procs.start("broker-" + name, cmd, stdout=out, stderr=err)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = stdout.read_text()
        if "embedded broker" in text and "listening" in text:
            log("broker %s ready: %s" % (name, text.strip().splitlines()[-1]))
            return proc
        if proc.poll() is not None:
            raise BenchError("broker %s exited (%s); see %s" % (name, proc.returncode, stderr))
        time.sleep(0.2)
    raise BenchError("broker %s not ready after %d s; see %s" % (name, timeout, stderr))


def gateway_args(cluster, rest, broker, management=None, grpc=None, cluster_port=None):
    """bin/gateway's arguments: every listener on 127.0.0.1, the broker its contact point; a port
    not given keeps the gateway's default."""
    local = "127.0.0.1"
    return ["--%s=%s" % kv for kv in (
        ("server.address", local), ("server.port", rest), ("management.server.address", local),
        ("management.server.port", management), ("zeebe.gateway.network.host", local),
        ("zeebe.gateway.network.port", grpc), ("zeebe.gateway.cluster.host", local),
        ("zeebe.gateway.cluster.port", cluster_port), ("zeebe.gateway.cluster.clusterName", cluster),
        ("zeebe.gateway.cluster.initialContactPoints", "%s:%d" % (local, broker))) if kv[1]]


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
    quota: float | None = None  # overload: its CPU quota (CPUs), None = none


class Harness:
    TOOLS = ("vegeta", "ghz")  # load tools the scenario needs on the PATH

    def __init__(self, args):
        self.args = args
        self.out = Path(args.out)
        self.raw, self.tmp, self.logs = self.out / "raw", self.out / "tmp", self.out / "logs"
        for d in (self.raw, self.tmp, self.logs):
            d.mkdir(parents=True, exist_ok=True)
        self.dist = Path(args.dist)
        self.procs = Processes()
        self.gateway_cpus = parse_cpus(args.gateway_cpus)
        self.load_cpus = parse_cpus(args.load_cpus)
        self.cells = []  # results of measured windows (cost cells)
        self.gateways = []  # per gateway start: mode, round, idle CPU, mode check
        self.overload = None  # the overload run's results, saved with the rest
        self.deployed = set()
        self.proto = None
        self.vegeta, self.ghz = shutil.which("vegeta"), shutil.which("ghz")
        self.java_home = os.environ.get("JAVA_HOME", "")
        self.seq = 0
        self.rest_h2c = False  # the running gateway serves HTTP/2 (mode h2c): vegeta speaks h2c
        self.settle_limit = SETTLED  # lowered under a CPU quota
        self.started = self.finished = None

    def uses_refusing(self):
        """Whether the run needs the cluster whose broker refuses every user command."""
        raise NotImplementedError

    def load_cmd(self, cmd):
        return taskset(self.args.load_cpus) + cmd

    def ports(self, name):
        """(REST, management, gRPC, cluster, broker) ports of the main or the refusing cluster."""
        a = self.args
        if name == "main":
            return a.rest_port, a.management_port, a.grpc_port, a.cluster_port, a.broker_port
        return (a.refusing_rest_port, a.refusing_management_port, a.refusing_grpc_port,
                a.refusing_cluster_port, a.refusing_broker_port)

    # -- setup ---------------------------------------------------------------------------------

    def check_setup(self):
        for tool in self.TOOLS + ("taskset",):
            if not shutil.which(tool):
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
        ports = list(self.ports("main")) + (
            list(self.ports("refusing")) if self.uses_refusing() else [])
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

    def start_brokers(self):
        """The main cluster's broker, and the refusing one when the run needs it."""
        a = self.args
        brokers = [start_broker(self.procs, self.dist, a.load_cpus, self.logs, "main",
                                a.broker_port, CLUSTER_MAIN, a.start_timeout)]
        if self.uses_refusing():
            brokers.append(start_broker(self.procs, self.dist, a.load_cpus, self.logs,
                                        "refusing", a.refusing_broker_port, CLUSTER_REFUSING,
                                        a.start_timeout, refuse=True))
        return brokers

    def start_gateway(self, name, mode, round_no, tls=None, label=None):
        """A gateway for the main or the refusing cluster in `mode`; `tls` = (certificate,
        private key) PEM files puts REST on HTTPS (Spring Boot's server.ssl.*, as
        docs/security.md, TLS)."""
        a = self.args
        rest, mgmt, grpc, cport, bport = self.ports(name)
        cluster = CLUSTER_MAIN if name == "main" else CLUSTER_REFUSING
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
        cmd = taskset(a.gateway_cpus) + [str(self.dist / "bin" / "gateway")] + gateway_args(
            cluster, rest, bport, management=mgmt, grpc=grpc, cluster_port=cport)
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
        await_topology(gw.rest, a.start_timeout, proc=proc, where=logfile)
        log("r%d %s: %s gateway ready (pid %d) in %.1f s" % (
            round_no, mode, label, gw.pid, time.monotonic() - gw.started))
        gw.mode_check = self.mode_check(mgmt, mode)
        return gw

    def mode_check(self, mgmt_port, mode):
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
        gauge = "present" if dedicated else "absent"
        if verdict != "ok":
            log("warning: %s mode: dedicated API executor queue capacity gauge %s" % (mode, gauge))
        return "%s (dedicated API executor's queue capacity gauge %s)" % (verdict, gauge)

    def deploy(self, gw):
        if gw.name in self.deployed:
            return
        files = [COST / "noop.bpmn"]
        if gw.name == "main":
            files.append(ROOT / "examples" / "order.bpmn")
        deploy(gw.rest, files)
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
                seen.add(int(body["processInstanceKey"]) >> 51)  # a key's partition
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
                out.writelines(line(op, key) for key in keys)
            elif ops is not None:
                out.writelines(line(o) for o in ops)
            else:
                out.write(line(op) * (count or 1))
        return f

    def ghz_data(self, op, keys=None):
        method, data = op.grpc
        f = self.next_file("data-" + op.name, ".json")
        # keys: an array, ghz sends its elements round-robin, one per unary call
        payload = data if keys is None else [
            {k: (str(key) if v == "{key}" else v) for k, v in data.items()} for key in keys]
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
            targets = self.vegeta_targets(gw, cell.op, keys=keys)
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

    # -- a gateway between its start and its cells ----------------------------------------------

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
        connections = max(1, self.args.connections // 2)
        log("r%d %s: gateway warm-up %d–%ds, closed loop, REST (%d connections) and gRPC (1 per "
            "method) at once: %s" % (round_no, mode, minimum, maximum, connections,
                                     ", ".join(o.name for o in ops)))
        cmds = []
        if rest_ops:
            targets = self.vegeta_targets(gw, first, ops=rest_ops)
            cmds.append(self.vegeta_cmd(targets, Load("closed", 0, connections), maximum, False,
                                        self.next_file("vegeta", ".bin")))
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
        """The settled gateway's CPU ms per second over --idle-window s without load."""
        window = self.args.idle_window
        if window <= 0:
            return None
        self.settle(gw)
        c0, t0 = process_cpu_seconds(gw.pid), time.monotonic()
        time.sleep(window)
        c1, t1 = process_cpu_seconds(gw.pid), time.monotonic()
        return (c1 - c0) * 1000 / (t1 - t0)

    def note_gateway(self, gw, round_no, mode, label, warmup, idle, **extra):
        """A gateway start's entry in results.json: its warm-up, idle CPU, mode check."""
        self.gateways.append({
            "round": round_no, "mode": mode, "gateway": label, "pid": gw.pid,
            "idle_cpu_ms_per_s": round(idle, 2) if idle is not None else None,
            "mode_check": gw.mode_check, "warmup": warmup, **extra,
            "log": str(gw.log.relative_to(self.out))})
        if idle is not None:
            log("r%d %s: %s gateway idle: %.1f ms CPU/s" % (round_no, mode, label, idle))

    def jcmd(self, pid, command, out, timeout):
        """jcmd <pid> COMMAND on the load CPUs, its output appended to `out` after a "## COMMAND"
        line."""
        with open(out, "a") as f:
            f.write("## %s\n" % " ".join(command))
            f.flush()
            binary = os.path.join(self.java_home, "bin", "jcmd") if self.java_home else "jcmd"
            rc = self.procs.run("jcmd", self.load_cmd([binary, str(pid)] + list(command)),
                                timeout=timeout, stdout=f, stderr=subprocess.STDOUT)
        if rc != 0:
            raise BenchError("jcmd %s failed: %s" % (command[0], Path(out).read_text()[-500:]))

    # -- output ---------------------------------------------------------------------------------

    def meta(self):
        a = self.args
        return {
            "started": self.started.isoformat(timespec="seconds") if self.started else None,
            "finished": self.finished.isoformat(timespec="seconds") if self.finished else None,
            "command": os.environ.get("BENCH_COST_COMMAND") or shlex.join(sys.argv),
            "argv": sys.argv,
            "options": dict(vars(a)),
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

    def begin(self):
        self.check_setup()
        # the harness's own threads (probes, /proc sampling, the hostile scenario's clients) stay
        # off the gateway's CPU: what runs there is the gateway alone, as on a pod of its own
        os.sched_setaffinity(0, self.load_cpus)
        self.started = now()
        self.save()

    def end(self):
        self.finished = now()
        self.save()


def run_scenario(args, make_bench, write_report):
    """--report-only DIR: rewrites DIR's report. Otherwise runs make_bench().run(): SIGTERM and
    SIGHUP stop it as Ctrl-C does; every process it started is stopped however it ends, and the
    report written from whatever was measured. Returns the exit code."""
    if args.report_only:
        log("report: %s" % write_report(Path(args.report_only)))
        return 0
    bench = make_bench()

    def on_signal(signum, _frame):
        raise KeyboardInterrupt("signal %d" % signum)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGHUP, on_signal)
    log("output: %s" % bench.out)
    try:
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


def now():
    return datetime.datetime.now(datetime.timezone.utc)


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
    def git(*args):
        return subprocess.run(["git", "-C", str(ROOT)] + list(args), capture_output=True,
                              text=True, timeout=10).stdout.strip()

    try:
        return {"commit": git("rev-parse", "--short", "HEAD"),
                "branch": git("rev-parse", "--abbrev-ref", "HEAD"),
                "dirty": bool(git("status", "--porcelain", "--", ".", ":!bench/cost/results"))}
    except (OSError, subprocess.TimeoutExpired):
        return {}

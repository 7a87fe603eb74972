"""Brokers and gateways: an embedded broker on its CPUs, a gateway's command line, and the
Harness's part that starts the main (and the refusing) cluster's broker and a gateway in a mode
of bench/modes.json, checks that the mode took effect and deploys the processes."""
import os
import shlex
import subprocess
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from .procs import BenchError, await_ports_free, jvm_pid, log, taskset
from .setup_calls import await_topology, deploy, http
from .workload import MODES, ROOT

COST = ROOT / "bench" / "cost"
CLUSTER_MAIN = "cost-bench"
CLUSTER_REFUSING = "cost-bench-refusing"
# Spring Boot's PEM TLS for REST (docs/security.md, TLS): set only on the overload run's TLS gateway
TLS_ENV = ("SERVER_SSL_ENABLED", "SERVER_SSL_CERTIFICATE", "SERVER_SSL_CERTIFICATEPRIVATEKEY")


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


class GatewayStarts:
    """The Harness's brokers and gateways; uses its args, dist, logs, procs, deployed and
    rest_h2c."""

    def ports(self, name):
        """(REST, management, gRPC, cluster, broker) ports of the main or the refusing cluster."""
        a = self.args
        if name == "main":
            return a.rest_port, a.management_port, a.grpc_port, a.cluster_port, a.broker_port
        return (a.refusing_rest_port, a.refusing_management_port, a.refusing_grpc_port,
                a.refusing_cluster_port, a.refusing_broker_port)

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

"""What every gateway run of the cost and overload benchmarks does: embedded brokers and gateways
on their CPUs (cluster.py), the setup calls (setup_calls.py), the load tools' command lines and
reports (load_tools.py), the gateway's warm-up and settling (warmup.py), and results.json.gz
(results.py). A scenario subclasses Harness and adds its cells."""
import datetime
import os
import shlex
import shutil
import signal
import subprocess
import sys
from pathlib import Path

from . import results
from .accounting import CLK_TCK
from .cluster import GatewayStarts
from .load_tools import LoadTools
from .procs import BenchError, Processes, await_ports_free, ephemeral_ports, log, parse_cpus
from .warmup import SETTLED, Warmup
from .workload import MODES, ROOT

# how much a window may be disturbed before its cell is flagged (the flags travel with the figures)
SATURATED = 0.90  # a core at least this busy over the window is saturated
FOREIGN = 0.10  # other processes using this share of a core over the window: flagged
JIT_SHARE = 0.10  # JIT compiler threads used this share of the gateway's CPU: flagged
EXPECTED_SHARE = 0.95  # below this share of expected answers a cell is flagged


class Harness(GatewayStarts, LoadTools, Warmup):
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

    # -- the gateway's JVM -------------------------------------------------------------------

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
        results.save(self.out, data)

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

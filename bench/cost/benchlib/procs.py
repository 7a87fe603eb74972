"""Child processes, each in its own session (process group) so that stopping one stops whatever it
forked, and all stopped at the end; the JVM behind a wrapper; CPU lists; free ports."""
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

PROGRAM = "cost-bench"  # the log prefix (startup_bench.py sets its own)


class BenchError(Exception):
    """The run cannot go on: main() says why and stops everything."""


def log(msg):
    print("[%s %s] %s" % (PROGRAM, time.strftime("%H:%M:%S"), msg), file=sys.stderr, flush=True)


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


def stat_fields(path):
    """(command name, the fields after it) of a /proc/<pid>[/task/<tid>]/stat file; the name may
    hold spaces and parentheses, so fields[0] is field 3 (state) counted after the last ')'."""
    with open(path) as f:
        text = f.read()
    return text[text.index("(") + 1:text.rindex(")")], text[text.rindex(")") + 2:].split()


def comm(pid):
    try:
        return Path("/proc/%d/comm" % pid).read_text().strip()
    except OSError:
        return None


def descendants(root):
    children = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int(stat_fields(entry / "stat")[1][1])
            except OSError:
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    result, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            result.append(child)
            todo.append(child)
    return result


def jvm_pid(proc, timeout=15.0):
    """The JVM's pid: the started process itself once taskset and the sh wrapper have exec'd
    java, or a java descendant if a wrapper forked instead."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise BenchError("process %d exited with %s" % (proc.pid, proc.returncode))
        if comm(proc.pid) == "java":
            return proc.pid
        for pid in descendants(proc.pid):
            if comm(pid) == "java":
                return pid
        time.sleep(0.1)
    raise BenchError("no java process under pid %d" % proc.pid)


def parse_cpus(spec):
    """taskset's CPU list ("0", "1,3", "0-2") as a sorted list of CPU numbers."""
    cpus = set()
    for part in spec.split(","):
        part = part.strip()
        if "-" in part:
            lo, hi = part.split("-")
            cpus.update(range(int(lo), int(hi) + 1))
        elif part:
            cpus.add(int(part))
    return sorted(cpus)


def taskset(cpus):
    return ["taskset", "-c", cpus]


def ephemeral_ports():
    try:
        low, high = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()
        return int(low), int(high)
    except (OSError, ValueError):
        return 32768, 60999


def port_free(port):
    with socket.socket() as s:
        # as servers do: connections in TIME_WAIT from an earlier run do not count
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
            return True
        except OSError:
            return False


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

"""The soak: an open loop at a share of capacity for many windows, the gateway's memory after
each, with latency spikes (SIGSTOP) and job workers beside the load when asked."""
import http.client
import json
import os
import signal
import threading
import time
from urllib.parse import urlsplit

from . import accounting as acc
from .overload_window import Leg
from .procs import log


class Spikes(threading.Thread):
    """Stops a process (SIGSTOP) for `length` s every `every` s until stopped: a latency spike,
    after which a client's extra connections sit idle until the next one."""

    def __init__(self, pid, every, length):
        super().__init__(daemon=True)
        self.pid, self.every, self.length = pid, every, length
        self.done, self.count = threading.Event(), 0

    def run(self):
        while self.every > 0 and not self.done.wait(self.every):
            os.kill(self.pid, signal.SIGSTOP)
            try:
                self.done.wait(self.length)
            finally:
                os.kill(self.pid, signal.SIGCONT)
            self.count += 1

    def stop(self):
        self.done.set()
        if self.is_alive():
            self.join()


class SoakWorkers:
    """Job workers beside the soak's load, as applications run them: `count` REST workers, each a
    loop of long polls (`POST /v2/jobs/activation`, type `ship`, request timeout 10 s) on one kept
    connection, completing every job it gets; and a feeder creating `order` instances (one `ship`
    job each) at `rate`/s on its own kept connection. Every request is counted by how it ended: an
    HTTP status, or the error a closed connection gives (`RemoteDisconnected`, a reset, ...), after
    which the client opens a new connection, as a pool does."""

    POLL_MS = 10_000

    def __init__(self, rest_url, count, rate):
        self.host, self.port = urlsplit(rest_url).hostname, urlsplit(rest_url).port
        self.count, self.rate = count, rate
        self.done = threading.Event()
        self.lock = threading.Lock()
        self.counts = {}  # (what, outcome) -> n
        self.threads = [threading.Thread(target=self.work, args=(i,), daemon=True)
                        for i in range(count)]
        if count and rate > 0:
            self.threads.append(threading.Thread(target=self.feed, daemon=True))

    def start(self):
        for t in self.threads:
            t.start()

    def stop(self):
        self.done.set()
        for t in self.threads:
            t.join(timeout=self.POLL_MS / 1000 + 15)

    def snapshot(self):
        with self.lock:
            return {"%s %s" % key: n for key, n in sorted(self.counts.items())}

    def note(self, what, outcome):
        with self.lock:
            self.counts[(what, outcome)] = self.counts.get((what, outcome), 0) + 1

    def call(self, conn, what, path, body, timeout):
        """(status, body) or None when the connection failed; counts either way."""
        try:
            conn.timeout = timeout
            if conn.sock is not None:
                conn.sock.settimeout(timeout)
            conn.request("POST", path, body=json.dumps(body),
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
            self.note(what, str(resp.status))
            return resp.status, data
        except (OSError, http.client.HTTPException) as e:
            self.note(what, type(e).__name__)
            conn.close()  # the next request opens a new connection
            return None

    def work(self, index):
        conn = http.client.HTTPConnection(self.host, self.port)
        body = {"type": "ship", "worker": "soak-%d" % index, "timeout": 60_000,
                "maxJobsToActivate": 32, "requestTimeout": self.POLL_MS}
        while not self.done.is_set():
            answer = self.call(conn, "activate", "/v2/jobs/activation", body,
                               self.POLL_MS / 1000 + 10)
            if answer is None or answer[0] != 200:
                self.done.wait(0.5)
                continue
            for job in json.loads(answer[1]).get("jobs", []):
                self.call(conn, "complete", "/v2/jobs/%s/completion" % job["jobKey"], {}, 10)

    def feed(self):
        conn = http.client.HTTPConnection(self.host, self.port)
        start = time.monotonic()
        sent = 0
        while not self.done.is_set():
            sent += 1
            self.done.wait(max(0.0, start + sent / self.rate - time.monotonic()))
            self.call(conn, "create order", "/v2/process-instances",
                      {"processDefinitionId": "order"}, 10)


class Soak:
    """The Overload run's soak; uses its args, procs, results, capacity_of, open_load,
    fresh_gateway, measure, jcmd, next_file and save."""

    def run_soak(self):
        a = self.args
        rate = max(1, round(a.soak_share * self.capacity_of("rest")))
        grpc_rate = round(rate * a.soak_grpc_share)
        rest_rate = rate - grpc_rate
        legs = [Leg(p, self.open_load("soak", r))
                for p, r in (("rest", rest_rate), ("grpc", grpc_rate)) if r]
        windows = max(1, round(a.soak_minutes / a.soak_window_minutes))
        setup = self.results["soak_setup"] = {
            "mode": a.soak_mode, "rate": rate, "rest_rate": rest_rate, "grpc_rate": grpc_rate,
            "windows": windows, "window_minutes": a.soak_window_minutes,
            "spike_every_s": a.soak_spike_every, "spike_length_s": a.soak_spike_length,
            "heap": "jcmd GC.run, then jcmd GC.heap_info: heap used right after a full GC",
            "workers": {"count": a.soak_workers, "order_rate": a.soak_worker_rate}}
        log("soak: %d windows of %.1f min at %d/s (REST %d/s, gRPC %d/s), mode %s" % (
            windows, a.soak_window_minutes, rate, rest_rate, grpc_rate, a.soak_mode))
        gw = self.fresh_gateway("main", a.soak_mode, 0, a.gateway_quota)
        spikes = Spikes(gw.pid, a.soak_spike_every, a.soak_spike_length)
        workers = SoakWorkers(gw.rest, a.soak_workers, a.soak_worker_rate)
        try:
            workers.start()
            spikes.start()
            self.results["soak_start"] = self.memory(gw)
            for i in range(1, windows + 1):
                record = self.measure(gw, "soak", a.soak_mode, 0, legs, multiple=a.soak_share,
                                      window=a.soak_window_minutes * 60, settle=False,
                                      keep=False)
                record.update(self.memory(gw))
                record["soak_window"] = i
                record["workers"] = workers.snapshot()  # cumulative since the soak's start
                self.results["soak"].append(record)
                log("soak window %d/%d: RSS %.0f MB, heap after GC %.0f MB" % (
                    i, windows, (record["rss_kb"] or 0) / 1024,
                    (record["heap_after_gc_kb"] or 0) / 1024))
                self.save()
        finally:
            spikes.stop()
            workers.stop()
            setup["spikes"] = spikes.count
            setup["workers"]["answers"] = workers.snapshot()
            self.procs.stop(gw.proc)

    def memory(self, gw):
        """Gateway RSS (/proc/<pid>/status VmRSS) and its heap used right after a full GC."""
        out = self.next_file("jcmd", ".txt")
        for command in ("GC.run", "GC.heap_info"):
            self.jcmd(gw.pid, [command], out, 120)
        text = out.read_text()
        return {"rss_kb": acc.rss_kb(gw.pid), "heap_after_gc_kb": acc.heap_used_kb(text),
                "heap_info": text.split("## GC.heap_info", 1)[-1].strip().splitlines()[:3]}

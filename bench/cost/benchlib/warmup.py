"""A gateway between its start and its cells: the warm-up until its JIT is quiet, settling before
each cell, its idle CPU and its start's entry in the results."""
import time

from .accounting import jit_cpu_seconds, process_cpu_seconds, thread_cpu_seconds
from .procs import log
from .workload import OPS, Load

JIT_QUIET = 0.05  # the gateway warm-up goes on while the JIT uses more of the gateway's CPU
SETTLED = 0.15  # before a cell the gateway must use less than this share of a core


class Warmup:
    """The Harness's warm-up and settling; uses its args, procs, gateways, out and settle_limit,
    and the load tools."""

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
        """A gateway start's entry in the results: its warm-up, idle CPU, mode check."""
        self.gateways.append({
            "round": round_no, "mode": mode, "gateway": label, "pid": gw.pid,
            "idle_cpu_ms_per_s": round(idle, 2) if idle is not None else None,
            "mode_check": gw.mode_check, "warmup": warmup, **extra,
            "log": str(gw.log.relative_to(self.out))})
        if idle is not None:
            log("r%d %s: %s gateway idle: %.1f ms CPU/s" % (round_no, mode, label, idle))

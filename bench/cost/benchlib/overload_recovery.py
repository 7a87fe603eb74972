"""The recovery probe after an overload burst: lone requests until the gateway answers fast
again."""
import http.client
import json
import ssl
import time
from urllib.parse import urlsplit

from .workload import OPS, Load

RECOVERY_INTERVAL = 0.050  # a lone request every 50 ms ...
RECOVERY_FAST = 0.100  # ... until one answers 2xx/OK in less than this ...
RECOVERY_STREAK = 3  # ... this many times in a row


class RecoveryProbes:
    """The Overload run's recovery probes; uses its args, procs and the load tools."""

    def recover(self, gw, protocol, end):
        """From the end of the burst: a lone request every 50 ms (same op and protocol, a fresh
        connection each) until RECOVERY_STREAK in a row answer 2xx/OK in < 100 ms; the time
        from the end of the burst to the first of them. No probe starts after
        --recovery-timeout."""
        deadline = end + self.args.recovery_timeout
        streak, first, probes = 0, None, []
        probe = self.grpc_probe(gw) if protocol == "grpc" else self.rest_probe(gw)
        next_at = time.monotonic()
        recovered = None
        while True:
            now = time.monotonic()
            if now < next_at:
                time.sleep(next_at - now)
            sent = time.monotonic()
            if sent > deadline:
                break
            next_at = sent + RECOVERY_INTERVAL
            ok, latency, what = probe(min(10.0, max(1.0, deadline - sent)))
            probes.append((round(sent - end, 3), what, round(latency * 1000, 2)))
            if ok and latency < RECOVERY_FAST:
                if streak == 0:
                    first = sent
                streak += 1
                if streak >= RECOVERY_STREAK:
                    recovered = round(max(0.0, first - end), 3)
                    break
            else:
                streak = 0
        return {"recovered_s": recovered, "probes": len(probes), "first_probes": probes[:20],
                "last_probes": probes[-5:]}

    def rest_probe(self, gw):
        url = urlsplit(gw.rest)
        method, path, body = OPS["create"].rest
        data = json.dumps(body).encode()
        context = ssl._create_unverified_context() if url.scheme == "https" else None

        def probe(timeout):
            if context:
                conn = http.client.HTTPSConnection(url.hostname, url.port, timeout=timeout,
                                                   context=context)
            else:
                conn = http.client.HTTPConnection(url.hostname, url.port, timeout=timeout)
            start = time.monotonic()
            try:
                conn.request(method, path, data, {"Content-Type": "application/json"})
                response = conn.getresponse()
                response.read()
                status = response.status
                what = str(status)
            except (OSError, http.client.HTTPException) as e:
                status, what = 0, type(e).__name__
            finally:
                conn.close()
            return 200 <= status < 300, time.monotonic() - start, what

        return probe

    def grpc_probe(self, gw):
        """One ghz call per probe (a fresh process and connection, ~10 ms to start); the
        latency is ghz's own for the call."""
        method, data = self.ghz_data(OPS["create"])
        output = self.next_file("ghz-probe", ".json")

        def probe(timeout):
            output.unlink(missing_ok=True)
            cmd = self.ghz_cmd(gw, method, data, Load("probe", 0, 1), timeout, output, count=1)
            start = time.monotonic()
            self.procs.run("ghz probe", cmd, timeout=timeout + 30)
            try:
                detail = json.loads(output.read_text())["details"][0]
                return detail["status"] == "OK", detail["latency"] / 1e9, detail["status"]
            except (OSError, ValueError, KeyError, IndexError, TypeError):
                return False, time.monotonic() - start, "no-report"

        return probe

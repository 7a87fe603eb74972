"""Where one operation's time went in the gateway during a phase: the gateway's own stage timer
(`gatefork.request.stage`, docs/metrics.md), read from /actuator/prometheus before and after the
phase, and the phase's quantiles taken from the difference of its histogram buckets.

A quantile is the upper bound of the bucket it falls in (Micrometer's percentile-histogram
buckets, about 1.4x apart below a second), so it is an upper bound, as coarse as the buckets.
`broker` is handed to the transport -> the broker's answer received (network, the broker's queue
and work); `total` is accepted -> committed. What is not `broker` is the gateway's own.
"""
import re
import urllib.request

METRIC = "gatefork_request_stage_seconds_bucket"
_BUCKET = re.compile(r'^%s\{(?P<labels>[^}]*)\} (?P<value>\S+)$' % METRIC)
_LABEL = re.compile(r'(\w+)="([^"]*)"')


def scrape(mgmt_port, timeout=30):
    """The stage histograms' buckets now: {(api, operation, stage): {le: count}}; {} when the
    management server does not answer."""
    try:
        with urllib.request.urlopen("http://127.0.0.1:%d/actuator/prometheus" % mgmt_port,
                                    timeout=timeout) as r:
            return parse(r.read().decode())
    except OSError:
        return {}


def parse(text):
    buckets = {}
    for line in text.splitlines():
        m = _BUCKET.match(line)
        if not m:
            continue
        labels = dict(_LABEL.findall(m.group("labels")))
        le = labels.get("le")
        key = (labels.get("api"), labels.get("operation"), labels.get("stage"))
        if le is None or None in key:
            continue
        buckets.setdefault(key, {})[float(le)] = float(m.group("value"))
    return buckets


def phase_quantiles(before, after, operation, stages=("broker", "total")):
    """{api: {stage: {"n", "p50_ms", "p99_ms"}}} of `operation`'s requests between two scrapes."""
    out = {}
    for (api, op, stage), counts in after.items():
        if op != operation or stage not in stages:
            continue
        earlier = before.get((api, op, stage), {})
        diff = sorted((le, counts[le] - earlier.get(le, 0.0)) for le in counts)
        if not diff or diff[-1][1] <= 0:
            continue
        n = diff[-1][1]
        out.setdefault(api, {})[stage] = {
            "n": int(n), "p50_ms": _quantile(diff, n, 0.50), "p99_ms": _quantile(diff, n, 0.99)}
    return out


def _quantile(cumulative, n, q):
    for le, count in cumulative:
        if count >= q * n:
            return None if le == float("inf") else round(le * 1000, 1)
    return None

"""Per-request records of an overload window, (kind, latency s, status, error, retry-after
header, offset s): the answers by kind, and their summary."""
import math
import re

KINDS = ("ok", "shed", "timeout", "conn", "other")
CONN_ERRORS = ("connection refused", "connection reset", "EOF", "broken pipe",
               "server closed", "closed network connection", "Unavailable")


def classify_rest(code, error):
    if 200 <= code < 300:
        return "ok"
    if code == 503:
        return "shed"
    if code:
        return "other"
    if "Client.Timeout" in error or "deadline exceeded" in error or "timeout" in error:
        return "timeout"
    if any(s in error for s in CONN_ERRORS):
        return "conn"
    return "other"


def classify_grpc(status):
    return {"OK": "ok", "ResourceExhausted": "shed", "DeadlineExceeded": "timeout",
            "Unavailable": "conn"}.get(status, "other")


def seconds_of_day(stamp):
    """Seconds since midnight of an RFC 3339 UTC timestamp (vegeta, ghz), nanoseconds kept."""
    clock = re.split(r"[+-]", stamp[11:].rstrip("Z"))[0]
    h, m, s = clock.split(":")
    return int(h) * 3600 + int(m) * 60 + float(s)


def percentile(sorted_values, p):
    """Nearest rank: the smallest value with at least p % of the values at or below it."""
    if not sorted_values:
        return None
    return sorted_values[max(0, math.ceil(p / 100 * len(sorted_values)) - 1)]


def summarise_records(records):
    counts = {k: 0 for k in KINDS}
    lat = {k: [] for k in KINDS}
    status, errors = {}, {}
    retry_after = answered = 0
    for kind, latency, code, error, ra, _ in records:
        counts[kind] += 1
        lat[kind].append(latency)
        status[code] = status.get(code, 0) + 1
        retry_after += bool(ra)
        if code not in ("0", "Canceled", "DeadlineExceeded", "Unavailable") \
                and kind not in ("timeout", "conn"):
            answered += 1
        if error and kind not in ("ok", "shed"):
            key = re.sub(r"127\.0\.0\.1:\d+", "127.0.0.1:PORT", error)[:160]
            errors[key] = errors.get(key, 0) + 1
    for v in lat.values():
        v.sort()
    every = sorted(x for v in lat.values() for x in v)

    def ms(values, p):
        x = percentile(values, p)
        return None if x is None else round(x * 1000, 3)

    return {"sent": len(records), "answered": answered, "counts": counts, "status": status,
            "retry_after": retry_after,
            "errors": dict(sorted(errors.items(), key=lambda kv: -kv[1])[:6]),
            "ok_p50_ms": ms(lat["ok"], 50), "ok_p99_ms": ms(lat["ok"], 99),
            "shed_p50_ms": ms(lat["shed"], 50), "shed_p99_ms": ms(lat["shed"], 99),
            "all_p50_ms": ms(every, 50), "all_p99_ms": ms(every, 99)}


def leg_summary(leg, records, window):
    """One leg of a window of several: its records summarised, its rate, goodput, 2xx share."""
    s = {k: v for k, v in summarise_records(records).items() if k != "errors"}
    return {**s, "rate": leg.load.rate, "goodput": round(s["counts"]["ok"] / window, 1),
            "ok_share": round(s["counts"]["ok"] / s["sent"], 4) if s["sent"] else None}

"""Rounds to figures: a metric's median, min and max over rounds, "median [min–max]" texts,
ratios, markdown tables and the header every report of a run starts with. Figures only: what they
mean is for the docs."""
import re
import statistics


# what a report says on its figures; what they mean: bench/cost/README.md
LEGEND = ("Medians over rounds, [min–max] when they differ; a flag counts the rounds that had it. "
          "Columns and flags: bench/cost/README.md (\"Reading the report\").")


def stats(values):
    """{median, min, max} of the numbers (None left out); None when there are none."""
    values = [v for v in values if v is not None]
    if not values:
        return None
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def med(stat):
    return stat["median"] if stat else None


def summarise(cells, key, metrics):
    """Groups the cells (one per round) by key(cell): {key: {"rounds", "flags": {flag: rounds
    that had it}, "cells", metric: stats() over the rounds}}."""
    groups = {}
    for c in cells:
        groups.setdefault(key(c), []).append(c)
    summary = {}
    for k, cs in groups.items():
        entry = {"rounds": len(cs), "flags": {}, "cells": cs}
        for c in cs:
            for flag in c["flags"]:
                entry["flags"][flag] = entry["flags"].get(flag, 0) + 1
        for metric in metrics:
            entry[metric] = stats(c.get(metric) for c in cs)
        summary[k] = entry
    return summary


def fmt(stat, digits=0, scale=1.0):
    """A stats() as "median [min–max]", only the median when all rounds agree; "–" for none."""
    if not stat:
        return "–"
    f = "%%.%df" % digits
    mid, lo, hi = (stat[k] * scale for k in ("median", "min", "max"))
    return f % mid if lo == hi else "%s [%s–%s]" % (f % mid, f % lo, f % hi)


def spread(values, digits=0, unit=""):
    """The numbers as "median<unit> [min–max]", the range always given; "–" for none."""
    s = stats(values)
    if not s:
        return "–"
    f = "%%.%df" % digits
    return "%s%s [%s–%s]" % (f % s["median"], unit, f % s["min"], f % s["max"])


def figures(entry, spec):
    """fmt() of the entry's metrics named in spec: "metric[:digits[:scale]] ...", e.g.
    "goodput ok_p99_ms:2 quota_used:0:100"; a by_leg metric "A:ok_share:1:100"."""
    out = []
    for item in spec.split():
        name, *f = re.fullmatch(r"(.+?)(?::(\d+))?(?::(\d+))?", item).groups()
        out.append(fmt(entry.get(name), *(int(x) for x in f if x)))
    return out


def num(x, digits=0):
    return "–" if x is None else "%.*f" % (digits, x)


def ratio(a, b, digits=2, scale=1):
    """a × scale ÷ b as text; "–" when either is missing or b is 0."""
    return "–" if a is None or not b else "%.*f" % (digits, a * scale / b)


def flags_text(entry):
    return ", ".join("%s (%d/%d)" % (f, n, entry["rounds"]) for f, n in entry["flags"].items())


def table(head, align, rows):
    """A markdown table; align has one letter per column: l(eft) or r(ight)."""
    return (["| " + " | ".join(head) + " |", "|" + "".join(
        "---:|" if a == "r" else "---|" for a in align)]
        + ["| " + " | ".join(str(x) for x in row) + " |" for row in rows])


def report_header(meta):
    """The first lines of a cost or overload report: date, command, machine, JDK, commit,
    placement, modes."""
    m, g, p = meta["machine"], meta.get("git") or {}, meta["placement"]
    return [
        "- date: %s – %s (UTC)" % (meta.get("started"), meta.get("finished") or "unfinished"),
        "- command: `%s`" % meta["command"],
        "- machine: %s CPUs (nproc), %s; kernel %s" % (m["nproc"], m["cpu_model"], m["kernel"]),
        "- JDK: %s (%s)" % (m["jdk"], m["java_home"]),
        "- gatefork: %s on %s%s" % (g.get("commit"), g.get("branch"),
                                    " (uncommitted changes)" if g.get("dirty") else ""),
        "- placement: gateway on CPU %s (`JAVA_OPTS=%s`); brokers, %s on CPU %s"
        % (p["gateway_cpus"], p["gateway_java_opts"], p.get("load_tools_text", "vegeta and ghz"),
           p["load_cpus"]),
        "- modes: " + "; ".join("`%s` = %s" % (k, ", ".join("%s=%s" % kv for kv in v.items())
                                                or "defaults")
                                for k, v in meta["modes"].items())]


def gateway_lines(gateways, warmup, *middle):
    """Header lines on the gateways: how long their warm-up took (the text `warmup` then the
    spread), the middle lines, a failed mode check."""
    warmups = [x["warmup"]["seconds"] for x in gateways if x.get("warmup")]
    lines = [warmup + spread(warmups, 0, " s median")] if warmups else []
    lines += [line for line in middle if line]
    checks = {x["mode_check"] for x in gateways}
    if any(not c.startswith("ok") for c in checks):
        lines.append("- **mode check**: %s" % "; ".join(sorted(checks)))
    return lines

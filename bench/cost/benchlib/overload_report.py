"""The overload run's report.md: capacity, unloaded, bursts, resend, callers, floods, storm and
soak tables from results.json.gz."""
from .aggregate import (LEGEND, figures, flags_text, fmt, gateway_lines, med, num, ratio,
                        report_header, spread, stats, summarise, table)
from .overload_options import CALLER_A_ADDR, STORM_PROTOCOLS, storm_modes
from .overload_records import KINDS
from .warmup import SETTLED
from .workload import PROTOCOLS

METRICS = ("goodput", "goodput_vs_off", "shed_rate", "sent_rate", "answer_rate", "ok_p50_ms",
           "ok_p99_ms", "shed_p50_ms", "shed_p99_ms", "all_p50_ms", "all_p99_ms", "gateway_cores",
           "quota_used", "throttled_periods", "cpu_us_per_answer", "cpu_us_per_answer_excl_jit",
           "new_connections_per_answer",
           "recovery_s", "load_core_util", "foreign_cpu_cores", "background_opens_per_s",
           "sent", "answered", "ok_share", "shed_share", "timeout_share", "conn_share",
           "other_share", "non_ok_share") + KINDS


def cell_key(c):
    """A cell's place in the report: kind, API, and its multiple of capacity (storm: rate)."""
    return c["kind"], c["protocol"], c["target_rate"] if c["kind"] == "storm" else c["multiple"]


def summarise_cells(cells):
    """(kind, protocol, x, mode) -> summarise()'s entry; each cell gains its shares of the
    requests sent by kind, goodput_vs_off = goodput ÷ that of `off`'s cell of the same round,
    and per leg of a cell of several (by_leg) "<leg>:goodput", "<leg>:ok_p99_ms",
    "<leg>:<kind>_share"."""
    off = {cell_key(c) + (c["round"],): c["goodput"] for c in cells if c["mode"] == "off"}
    for c in cells:
        base = off.get(cell_key(c) + (c["round"],))
        c.setdefault("goodput_vs_off", c["goodput"] / base if base else None)
        for name, leg in (c.get("by_leg") or {}).items():
            for k in KINDS:
                c.setdefault("%s:%s_share" % (name, k),
                             leg["counts"][k] / leg["sent"] if leg["sent"] else None)
            for k in ("goodput", "ok_p99_ms"):
                c.setdefault("%s:%s" % (name, k), leg.get(k))
        for k in KINDS:
            c.setdefault(k + "_share", c[k] / c["sent"] if c["sent"] else None)
        c.setdefault("non_ok_share", 1 - c["ok"] / c["sent"] if c["sent"] else None)
    legs = tuple(sorted({k for c in cells for k in c if ":" in k}))
    summary = summarise(cells, lambda c: cell_key(c) + (c["mode"],), METRICS + legs)
    for entry in summary.values():
        entry["target_rate"] = sorted({c["target_rate"] for c in entry["cells"]})
        entry["not_recovered"] = sum(1 for c in entry["cells"] if c.get("recovery")
                                     and c["recovery"]["recovered_s"] is None)
    return summary


def write_report(out, data):
    meta, ov = data["meta"], data["overload"]
    opts, cells, gateways = meta["options"], ov["cells"], data.get("gateways", [])
    summary = summarise_cells(cells)
    modes, protocols = opts["modes"], opts["overload_protocols"]
    lines = ["# Gateway overload (issue #22, item 3)", ""] + report_header(meta)
    w = lines.append
    q, sq = ov.get("quota"), ov.get("storm_quota")
    if q:
        w("- gateway CPU quota: **%g CPU** = cgroup v1 `%s`, `cpu.cfs_quota_us` %d per "
          "`cpu.cfs_period_us` %d; each gateway JVM (%s) moved "
          "in after its start, deployment and warm-up (on the whole core); the group is removed "
          "at the end. Brokers, vegeta, ghz and the harness on CPU %s without a limit" % (
              q["cpus"], q["group"], q["cfs_quota_us"], q["cfs_period_us"],
              "its threads but the JIT compiler's (`--jit-outside-quota`), which stay on its "
              "core without a limit" if opts.get("jit_outside_quota")
              else "all its threads, via `cgroup.procs`", meta["placement"]["load_cpus"]))
    else:
        w("- gateway CPU quota: none (`--gateway-quota 0`)")
    if storm_modes(opts):
        w("- backpressure storm gateways: %s" % (
            "quota %g CPU (`cpu.cfs_quota_us` %d)" % (sq["cpus"], sq["cfs_quota_us"]) if sq
            else "no quota (`--storm-quota 0`): the whole gateway CPU, as the cost cells"))
    caps = ov.get("capacity_rates") or {}
    if caps:
        w("- 1× (the rates' base): %s; from %s" % (", ".join(
            "%s %.0f OK/s" % kv for kv in sorted(caps.items())), ov.get("capacity_source")))
    w("- per cell: window %ss; %s round(s), modes alternating in order (reversed every other "
      "round), a fresh gateway per mode and round; client timeout 10 s (vegeta `-timeout`, ghz "
      "`-t`); before each cell the gateway must use < %.0f ms CPU/s (settle; %.0f %% of its "
      "quota, else of a core); the capacity cells run their closed loop %s s before their "
      "window" % (opts["window"], opts["rounds"], (q or {}).get("settle_limit_cores", SETTLED)
                  * 1000, SETTLED * 100, opts["warmup"]))
    idle = [x["idle_cpu_ms_per_s"] for x in gateways if x.get("idle_cpu_ms_per_s") is not None]
    opens = [x["idle_passive_opens_per_s"] for x in gateways
             if x.get("idle_passive_opens_per_s") is not None]
    lines += gateway_lines(
        gateways, "- gateway warm-up (on the whole core, before the quota; REST + gRPC closed "
        "loop, create, on the refusing cluster backpressure; %s s, then on until the JIT uses < "
        "5 %% of the gateway's CPU, at most %s s): took " % (
            opts["gateway_warmup"], opts.get("gateway_warmup_max")),
        idle and "- idle gateway (after its warm-up): " + spread(idle, 1, " ms CPU/s median"),
        opens and "- connections the kernel accepted while the gateway idled (others on the "
        "machine; measured again before each window and subtracted): " + spread(
            opens, 2, "/s median"))
    lines += ["", LEGEND + " Answers by kind in %% of the requests sent; recovery – = none "
              "within %g s; new connections less the background counted over %g s before each "
              "window." % (opts.get("recovery_timeout"), opts.get("opens_baseline")), ""]

    def rows_of(kind, names=protocols):
        return [(p, x, m, summary[(kind, p, x, m)])
                for p in names
                for x in sorted({k[2] for k in summary if k[0] == kind and k[1] == p})
                for m in modes if (kind, p, x, m) in summary]

    def rates(s):
        return "/".join(map(str, s["target_rate"]))

    def section(rows, head, align, title, text=None):
        """A titled table, when it has rows; title and text are functions: only the options of
        the cells run are in results.json (older runs had fewer)."""
        if rows:
            lines.extend(["## " + title(), ""] + ([text(), ""] if text else [])
                         + table(head, align, rows) + [""])

    capacity = {}  # API -> stats() of `off`'s capacity cells, n = how many
    for p in protocols:
        values = [c["goodput"] for c in cells
                  if c["kind"] == "capacity" and c["protocol"] == p and c["mode"] == "off"]
        if values:
            capacity[p] = dict(stats(values), n=len(values))
    section(
        [[p, m] + figures(s, "goodput cpu_us_per_answer ok_p50_ms:2 ok_p99_ms:2 gateway_cores:2 "
                             "quota_used:0:100 throttled_periods:0:100 shed_share:1:100 "
                             "other_share:1:100") + [flags_text(s)]
         for p in protocols for m in ["off"] + [m for m in modes if m != "off"]
         for s in [summary.get(("capacity", p, None, m))] if s],
        ["API", "mode", "2xx/s", "CPU µs/answer", "p50 ok ms", "p99 ok ms", "gw cores",
         "quota used %", "throttled periods %", "shed %", "other %", "flags"], "ll" + "r" * 9 + "l",
        lambda: "Capacity: closed loop, %d connections" % opts["overload_connections"],
        lambda: "The gateway saturated at its quota: 2xx per second. Every mode runs these first "
        "(the same history before its open-loop cells); `off`'s are the capacity: 1× of the "
        "open-loop cells is the first of them, \"capacity\" below their median (%s)." % (
            ", ".join("%s %.0f 2xx/s over %d gateway(s)" % (p, c["median"], c["n"])
                      for p, c in capacity.items()) or "none"))
    section(
        [[p, m, rates(s)] + figures(s, "goodput ok_p50_ms:2 ok_p99_ms:2 non_ok_share:1:100")
         + [flags_text(s)] for p, x, m, s in rows_of("unloaded")],
        ["API", "mode", "rate/s", "2xx/s", "p50 ok ms", "p99 ok ms", "non-2xx %", "flags"],
        "ll" + "r" * 5 + "l",
        lambda: "Unloaded: open loop at %g %% of capacity" % (opts["unloaded_share"] * 100))

    def unloaded_p99(p, m):
        s = summary.get(("unloaded", p, opts["unloaded_share"], m))
        return med(s["ok_p99_ms"]) if s else None

    bursts = rows_of("burst")
    section(
        [[p, "%g" % x, m, rates(s)] + figures(s, "sent_rate goodput") + [
            ratio(med(s["goodput"]), (capacity.get(p) or {}).get("median"), 0, 100)]
         + figures(s, "ok_share:1:100 shed_share:1:100 timeout_share:1:100 conn_share:1:100 "
                      "other_share:1:100") + [flags_text(s)] for p, x, m, s in bursts],
        ["API", "×", "mode", "rate/s", "sent/s", "goodput/s", "% of capacity", "2xx %",
         "shed %", "timeout %", "conn %", "other %", "flags"], "lrl" + "r" * 9 + "l",
        lambda: "Overload: open loop at %s × capacity, creates" % ", ".join(
            "%g" % x for x in opts["overload_multiples"]),
        lambda: "vegeta `-rate R/s -timeout 10s -max-workers min(10 R, %d)` (keep-alive; it opens "
        "connections as it needs them), ghz `--rps R -t 10s -c min(10 R, %d) --connections %d`. "
        "Answers in %% of the requests sent." % (
            opts["overload_max_workers"], opts["overload_max_workers"], opts["grpc_connections"]))
    if bursts:
        lines.extend(table(
            ["API", "×", "mode", "p50 ok ms", "p99 ok ms", "p99 ÷ unloaded", "shed p50 ms",
             "shed p99 ms", "gw cores", "quota used %", "CPU µs/answer", "new conns/answer",
             "recovery s"], "lrl" + "r" * 10,
            [[p, "%g" % x, m] + figures(s, "ok_p50_ms:2 ok_p99_ms:1") + [
                ratio(med(s["ok_p99_ms"]), unloaded_p99(p, m), 1)] + figures(
                s, "shed_p50_ms:2 shed_p99_ms:1 gateway_cores:2 quota_used:0:100 "
                   "cpu_us_per_answer new_connections_per_answer:3") + [
                fmt(s["recovery_s"], 2) + (" (%d/%d not)" % (s["not_recovered"], s["rounds"])
                                           if s["not_recovered"] else "")]
             for p, x, m, s in bursts]) + [""])
        timeouts = {}  # (API, mode) -> [client timeouts, requests sent] of every burst
        for c in cells:
            if c["kind"] == "burst":
                sums = timeouts.setdefault((c["protocol"], c["mode"]), [0, 0])
                sums[0], sums[1] = sums[0] + c["timeout"], sums[1] + c["sent"]
        lines += ["Client timeouts, every burst of every round: " + "; ".join(
            "%s `%s` %d of %d requests" % ((p, m) + tuple(timeouts[(p, m)]))
            for p in protocols for m in modes if (p, m) in timeouts) + ".", ""]
    n = opts.get("resend_connections")
    section(
        [[p, m] + figures(s, "goodput goodput_vs_off:2 shed_rate ok_p99_ms:1 timeout_share:1:100 "
                             "conn_share:1:100") + [flags_text(s)]
         for p, x, m, s in rows_of("resend", PROTOCOLS)],
        ["API", "mode", "goodput/s", "÷ off", "shed/s", "p99 ok ms", "timeout %", "conn %",
         "flags"], "ll" + "r" * 6 + "l",
        lambda: "Resend at once (%d connections)" % n,
        lambda: "Closed loop: each connection sends again as soon as it has its answer, 2xx or "
        "not (vegeta `-rate=0 -workers %d -max-workers %d`, ghz `-c %d --connections %d`). ÷ off "
        "= goodput ÷ `off`'s in the same round." % (n, n, n, opts["grpc_connections"]))
    section(
        [[p.split("+")[0], m, rates(s)] + figures(
            s, "A:ok_share:1:100 A:ok_p99_ms:1 A:shed_share:1:100 A:timeout_share:1:100 "
               "A:conn_share:1:100 B:goodput B:ok_p99_ms:1") + [flags_text(s)]
         for p, x, m, s in rows_of("callers", [q + "+" + q for q in PROTOCOLS])],
        ["API", "mode", "A rate/s", "A 2xx %", "A p99 ok ms", "A shed %", "A timeout %",
         "A conn %", "B goodput/s", "B p99 ok ms", "flags"], "ll" + "r" * 8 + "l",
        lambda: "Two callers: A at %g %% of capacity beside B resending at once" % (
            opts["callers_share"] * 100),
        lambda: "At once: caller A an open loop from source address %s (REST: vegeta `-laddr`; "
        "gRPC: ghz as a user of its own whose connections an nftables rule rewrites to come from "
        "it), caller B the closed loop of %d connections above from 127.0.0.1. A's answers in %% "
        "of its requests sent; B's goodput = its 2xx per second." % (CALLER_A_ADDR, n))
    floods = sorted({c["protocol"] for c in cells if c["kind"] == "floods"})
    section(
        [[p.split("+")[0], str(p.count("+")), m, rates(s)] + figures(
            s, "A:ok_share:1:100 A:ok_p99_ms:1 A:shed_share:1:100 A:timeout_share:1:100 "
               "A:conn_share:1:100 goodput") + [flags_text(s)]
         for p, x, m, s in rows_of("floods", floods)],
        ["API", "floods", "mode", "rates/s", "A 2xx %", "A p99 ok ms", "A shed %",
         "A timeout %", "A conn %", "all goodput/s", "flags"], "lrl" + "r" * 7 + "l",
        lambda: "A polite caller beside several floods",
        lambda: "At once: caller A an open loop from %s at its share of the callers cell "
        "divided by the number of floods (below its fair share), each flood a closed loop that "
        "resends at once, of %d connections divided among them, from 127.0.0.3, 127.0.0.4, ... "
        "rates/s: A's; all goodput = every caller's 2xx per second." % (
            CALLER_A_ADDR, n))
    section(
        [[p, x, m] + figures(s, "answer_rate shed_share:1:100 cpu_us_per_answer "
                                "cpu_us_per_answer_excl_jit new_connections_per_answer:3 "
                                "background_opens_per_s:1 all_p50_ms:2 all_p99_ms:1 "
                                "gateway_cores:2 quota_used:0:100 timeout_share:1:100 "
                                "conn_share:1:100") + [flags_text(s)]
         for p, x, m, s in rows_of("storm", STORM_PROTOCOLS)],
        ["API", "rate/s", "mode", "answers/s", "shed %", "CPU µs/answer", "excl. JIT",
         "new conns/answer", "background conns/s", "p50 ms", "p99 ms", "gw cores",
         "quota used %", "timeout %", "conn %", "flags"], "lrl" + "r" * 12 + "l",
        lambda: "Backpressure storm: every create refused by the broker (RESOURCE_EXHAUSTED)",
        lambda: "Open loop at the rate; `rest-tls` = REST over HTTPS (self-signed RSA 2048, PEM "
        "via `SERVER_SSL_*`; vegeta `-insecure`), a gateway of its own. `off` keeps the "
        "connection after an error answer, `stock` closes it (Tomcat's behaviour).")
    tls_ratios = []
    for x in sorted({k[2] for k in summary if k[0] == "storm"}):
        for m in modes:
            tls, plain = (med((summary.get(("storm", p, x, m)) or {}).get("cpu_us_per_answer"))
                          for p in ("rest-tls", "rest"))
            if tls and plain:
                tls_ratios.append("%s at %s/s: %.0f / %.0f µs = %.2f×" % (
                    m, x, tls, plain, tls / plain))
    if tls_ratios:
        lines += ["CPU per REST answer, TLS ÷ plaintext: " + "; ".join(tls_ratios) + ".", ""]
    lines += soak_lines(ov, opts)
    lines.append("Per-request records of every window: `raw/*.csv.gz` (offset s, kind, status, "
                 "latency µs, and the caller's leg in a cell of several); every cell with its tool command: `results.json` "
                 "(`overload.cells`).")
    (out / "report.md").write_text("\n".join(lines) + "\n")
    return out / "report.md"


def soak_lines(ov, opts):
    soak = ov.get("soak") or []
    if not soak:
        return []
    setup, start = ov.get("soak_setup") or {}, ov.get("soak_start") or {}
    lines = [
        "## Soak: %s min open loop at %.0f %% of REST capacity (%s/s: REST %s/s, gRPC %s/s), "
        "mode `%s`" % (round(setup.get("windows", 0) * setup.get("window_minutes", 0), 1),
                       opts["soak_share"] * 100, setup.get("rate"), setup.get("rest_rate"),
                       setup.get("grpc_rate"), setup.get("mode")), "",
        "Per window of %s min. RSS = VmRSS of /proc/<pid>/status after the window; heap = heap "
        "used right after `jcmd <pid> GC.run` (`jcmd <pid> GC.heap_info`). Before the first "
        "window: RSS %s MB, heap %s MB." % (setup.get("window_minutes"), _mb(start.get("rss_kb")),
                                           _mb(start.get("heap_after_gc_kb"))), ""]
    lines += table(
        ["window", "sent/s", "goodput/s", "non-2xx %", "p99 ok ms", "CPU µs/answer", "gw cores",
         "RSS MB", "heap after GC MB", "flags"], "r" * 9 + "l",
        [["%d" % r["soak_window"], "%.0f" % r["sent_rate"], "%.0f" % r["goodput"],
          "%.1f" % ((1 - r["ok"] / r["sent"]) * 100 if r["sent"] else 0),
          num(r["ok_p99_ms"], 1), num(r["cpu_us_per_answer"]), "%.2f" % r["gateway_cores"],
          _mb(r.get("rss_kb")), _mb(r.get("heap_after_gc_kb")), ", ".join(r["flags"])]
         for r in soak]) + [""]
    answers = setup.get("workers", {}).get("answers")
    if answers:
        lines += ["Job workers beside the load: %d REST workers long-polling `ship` jobs and "
                  "completing them, `order` instances created for them at %s/s over REST. Their "
                  "requests by outcome (an HTTP status, or the error a closed connection gave): "
                  "%s." % (setup["workers"]["count"], setup["workers"]["order_rate"],
                           ", ".join("%s %d" % kv for kv in answers.items())), ""]
    if len(soak) >= 3:
        lines += ["Change from window 2 to the last: " + "; ".join(
            "%s %s" % (label, _change(soak[1].get(k), soak[-1].get(k)))
            for label, k in (("RSS", "rss_kb"), ("heap after GC", "heap_after_gc_kb"),
                             ("CPU µs/answer", "cpu_us_per_answer"), ("p99 ok", "ok_p99_ms")))
            + " (window 1 holds the JIT's and the pools' growth).", ""]
    return lines


def _mb(kb):
    return "–" if kb is None else "%.0f" % (kb / 1024)


def _change(a, b):
    return "–" if not a or b is None else "%+.1f %%" % ((b - a) * 100 / a)

#!/usr/bin/env python3
"""A rolling restart's step in the container suite (issue #47): how long the jobs of the instances
created around a gateway's SIGTERM wait for a worker, per mode.

Each round runs the QA suite's `ScaleOutTest` (two gateways behind a Service, three brokers, 10
creations/s per API, a streaming gRPC worker and a polling REST worker; one gateway gets a SIGTERM
under that load and comes back) once per mode, the mode's variables given to every gateway through
`-Dqa.gateway.env` (the test's own settings, e.g. its 5-s maximum connection age, win), modes
interleaved. It collects the test's FIGURE lines: the longest wait of a streamed job (creation's
answer to its handler) and of a polled one (the streamed job's completion to its handler) among
the instances created from the SIGTERM until 5 s after the gateway was gone, and how long the
clients took to be served by the other gateway.

Needs Docker, the base image (`.ci/run` builds it) and a packaged dist (`mvn -o -q install
-DskipTests -pl dist -am`). Python 3.11 standard library only.
"""
import argparse
import datetime
import json
import re
import shlex
import statistics
import subprocess
import sys
from pathlib import Path

from benchlib import results

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
MODES_FILE = ROOT / "bench" / "modes.json"
FIGURES = {
    "streamed_ms": re.compile(r"FIGURE longest wait for a worker around the SIGTERM: streamed job "
                              r"(\d+) ms \(([^,]+), created (-?\d+) ms after the SIGTERM\), "
                              r"polled job (\d+) ms"),
    "other_gateway_ms": re.compile(r"FIGURE SIGTERM to clients served by the other gateway: "
                                   r"(\d+) ms"),
    "waits": re.compile(r"FIGURE job waits around the SIGTERM, ms: streamed (.*); polled (.*); "
                        r"never handled (\d+)"),
}
WAITS = re.compile(r"n=(\d+), p50 (\d+), p99 (\d+), max (\d+), over 1 s (\d+), "
                   r"over 10 s (\d+)")
WAIT_KEYS = ("n", "p50", "p99", "max", "over_1s", "over_10s")


def modes():
    return json.loads(MODES_FILE.read_text())["modes"]


def parse_args(argv):
    known = modes()
    p = argparse.ArgumentParser(prog="bench/cost/rolling_restart_bench.py",
                                description="ScaleOutTest's gateway stop, per mode and round.")
    p.add_argument("--modes", default="patched,stock",
                   help="modes of bench/modes.json (default patched,stock)")
    p.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    p.add_argument("--base-image", default="gatefork-base:25",
                   help="the QA suite's base image (default gatefork-base:25)")
    p.add_argument("--out", required=True, help="results directory")
    args = p.parse_args(argv)
    args.modes = [m for m in args.modes.split(",") if m]
    unknown = [m for m in args.modes if m not in known]
    if unknown:
        p.error("unknown mode(s) %s; bench/modes.json has %s" % (unknown, sorted(known)))
    if args.rounds < 1:
        p.error("--rounds must be positive")
    return args


def run_round(args, mode, log_path):
    env = ",".join("%s=%s" % kv for kv in modes()[mode].get("env", {}).items())
    command = ["mvn", "-B", "-o", "verify", "-pl", "qa", "-Dqa.docker.required=true",
               "-Dqa.base.image=" + args.base_image, "-Dtest=ScaleOutTest",
               "-Dsurefire.failIfNoSpecifiedTests=false", "-Dqa.gateway.env=" + env]
    with open(log_path, "w") as log:
        code = subprocess.call(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                               timeout=1200)
    result = {"mode": mode, "exit": code, "command": shlex.join(command)}
    result.update(parse_log(Path(log_path).read_text()))
    return result


def parse_log(text):
    """The figures of one ScaleOutTest run's output."""
    result = {}
    m = FIGURES["streamed_ms"].search(text)
    if m:
        result.update(streamed_ms=int(m.group(1)), slowest=m.group(2),
                      created_after_sigterm_ms=int(m.group(3)), polled_ms=int(m.group(4)))
    m = FIGURES["other_gateway_ms"].search(text)
    if m:
        result["other_gateway_ms"] = int(m.group(1))
    m = FIGURES["waits"].search(text)
    if m:
        for kind, spec in (("streamed", m.group(1)), ("polled", m.group(2))):
            w = WAITS.search(spec)
            if w:
                result[kind] = dict(zip(WAIT_KEYS, (int(g) for g in w.groups())))
        result["never_handled"] = int(m.group(3))
    return result


def write_report(out):
    data = results.load(out)
    lines = ["- date: %s – %s (UTC)" % (data["started"], data["ended"]),
             "- command: `%s`" % data["command"],
             "- gatefork: %s" % data["commit"],
             "- each round: `%s` with the mode's variables" % data["runs"][0]["command"]
             .split(" -Dqa.gateway.env=")[0] if data["runs"] else "- no runs",
             "", "## Jobs around a gateway's SIGTERM (ScaleOutTest), per round", "",
             "Waits in ms of the jobs of the instances created from the SIGTERM until 5 s after "
             "the gateway was gone: a streamed job from its creation's answer to its handler, a "
             "polled job from the streamed job's completion to its handler.", "",
             "| round | mode | exit | jobs | streamed p50 / p99 / max | over 1 s | over 10 s "
             "| polled p50 / p99 / max | over 1 s | never handled | clients on the other "
             "gateway after |",
             "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    dash = "–"
    for run in data["runs"]:
        st, po = run.get("streamed"), run.get("polled")
        lines.append("| %d | %s | %d | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            run["round"], run["mode"], run["exit"], st["n"] if st else dash,
            "%d / %d / %d" % (st["p50"], st["p99"], st["max"]) if st else dash,
            st["over_1s"] if st else dash, st["over_10s"] if st else dash,
            "%d / %d / %d" % (po["p50"], po["p99"], po["max"]) if po else dash,
            po["over_1s"] if po else dash, run.get("never_handled", dash),
            "%s ms" % run["other_gateway_ms"] if "other_gateway_ms" in run else dash))
    lines += ["", "## Per mode, over the rounds", "",
              "| mode | rounds | jobs | streamed max ms (median, worst) | streamed over 1 s "
              "| polled max ms (median, worst) | rounds with a job over 2 s | never handled |",
              "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for mode in data["modes"]:
        runs = [r for r in data["runs"] if r["mode"] == mode and "streamed" in r]
        if not runs:
            lines.append("| %s | 0 | – | – | – | – | – | – |" % mode)
            continue
        s_max = [r["streamed"]["max"] for r in runs]
        p_max = [r["polled"]["max"] for r in runs]
        lines.append("| %s | %d | %d | %d, %d | %d | %d, %d | %d | %d |" % (
            mode, len(runs), sum(r["streamed"]["n"] for r in runs), statistics.median(s_max),
            max(s_max), sum(r["streamed"]["over_1s"] for r in runs), statistics.median(p_max),
            max(p_max), sum(
                1 for r in runs if max(r["streamed"]["max"], r["polled"]["max"]) > 2000),
            sum(r.get("never_handled", 0) for r in runs)))
    (out / "report.md").write_text("\n".join(lines) + "\n")
    return out / "report.md"


def main(argv):
    args = parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    now = lambda: datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                            capture_output=True).stdout.strip()
    data = {"started": now(), "command": shlex.join(["bench/cost/rolling_restart_bench.py"] + argv),
            "commit": commit, "modes": args.modes, "runs": []}
    for round_ in range(1, args.rounds + 1):
        for mode in args.modes:
            print("round %d, %s ..." % (round_, mode), flush=True)
            run = run_round(args, mode, out / ("round-%d-%s.log" % (round_, mode)))
            run["round"] = round_
            data["runs"].append(run)
            print("  %s" % {k: v for k, v in run.items() if k != "command"}, flush=True)
            data["ended"] = now()
            results.save(out, data)
    print(write_report(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Every benchmark command the docs and the committed results cite still parses (parse_args only:
nothing starts), the committed results still render their reports, and the aggregation functions
on small hand-made inputs.

    python3 -m unittest discover -s bench/cost -p 'test_*.py'
"""
import contextlib
import glob
import io
import re
import shlex
import shutil
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "bench" / "startup"))
sys.path.insert(0, str(ROOT / "bench" / "floor"))

import compare_builds  # noqa: E402
import cost_bench  # noqa: E402
import dead_polls_bench  # noqa: E402
import floor_bench  # noqa: E402
import hostile_bench  # noqa: E402
import jfr_breakdown  # noqa: E402
import rolling_restart_bench  # noqa: E402
import shed_cost  # noqa: E402
import startup_bench  # noqa: E402
import workload_bench  # noqa: E402
from benchlib import aggregate, results, stages  # noqa: E402
from benchlib.cluster import gateway_args  # noqa: E402
from benchlib.workload import MODES  # noqa: E402

DOCS = ("docs/*.md", "README.md", "bench/cost/README.md", "bench/startup/README.md",
        "bench/cost/profiles/README.md", "bench/cost/results/**/README.md",
        "bench/cost/results/**/report.md", "bench/startup/results/**/README.md",
        "bench/startup/results/**/report.md", "bench/floor/README.md")
SCRIPT = re.compile(r"(?:[\w./-]*/)?(bench-cost\.sh|cost_bench\.py|shed_cost\.py|"
                    r"startup_bench\.py|compare_builds\.py|compare_builds\.sh|jfr_breakdown\.py|"
                    r"workload_bench\.py|hostile_bench\.py|dead_polls_bench\.py|"
                    r"rolling_restart_bench\.py|floor_bench\.py|bench\.sh)")
MODE_OPTIONS = ("--modes", "--storm-modes", "--soak-mode")


def segments(text):
    """(text, in a code block) of every code block line (backslash continuations joined) and
    every inline code span (a paragraph's lines joined first: a span may wrap)."""
    lines, fence, paragraph = text.splitlines(), False, []
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if line.lstrip().startswith("```"):
            fence = not fence
            continue
        if fence or line.startswith("    "):
            while line.endswith("\\") and i < len(lines):
                line, i = line[:-1] + " " + lines[i].strip(), i + 1
            yield line.strip(), True
        elif line.strip():
            paragraph.append(line)
            continue
        for span in re.findall(r"`([^`]+)`", " ".join(paragraph)):
            yield span, False
        paragraph = []
    for span in re.findall(r"`([^`]+)`", " ".join(paragraph)):
        yield span, False


def cited_commands():
    """(where, script, arguments) of every cited command; a bare script name in running text is
    a mention, not a command. Placeholders: <...> becomes X, [--flag] the flag, [OPTIONAL] and
    ... go; "(the same)" is the value of the option before. A report.md of startup_bench.py
    before shlex.join held JAVA_OPTS' flags unquoted: they join their --variant again."""
    for pattern in DOCS:
        for path in sorted(glob.glob(str(ROOT / pattern), recursive=True)):
            for text, code in segments(Path(path).read_text()):
                m = SCRIPT.search(text)
                if not m:
                    continue
                rest = re.sub(r"<[^>]*>", "X", text[m.end():])
                if not code and not rest.strip():
                    continue
                words = []
                for word in shlex.split(rest.replace("(the same)", "(the-same)"), comments=code):
                    if word.startswith("[--") and word.endswith("]"):
                        words.append(word[1:-1])
                    elif word == "(the-same)":
                        words.append(words[-2])
                    elif word.startswith("-X") and "JAVA_OPTS=" in words[-1]:
                        words[-1] += " " + word
                    elif word != "..." and not (word.startswith("[") and word.endswith("]")):
                        words.append(word)
                yield "%s: %s" % (Path(path).relative_to(ROOT), text[:80]), m.group(1), words


def cost_argv(script, words):
    """The cost benchmark's arguments of a command (compare_builds.sh: those after `--`, with
    the ones it adds itself), or None when the command passes none."""
    if script != "compare_builds.sh":
        return words
    if "--" not in words:
        return None
    return ["--rounds", "1", "--modes", "patched"] + words[words.index("--") + 1:] + [
        "--dist", "X", "--out", "X"]


def unknown_modes(argv):
    """Modes named in the arguments that bench/modes.json no longer has (a past run's)."""
    names = [n for option, value in zip(argv, argv[1:]) if option in MODE_OPTIONS
             for n in value.split(",") if n not in MODES and n != "none"]
    return names


class CitedCommandsParse(unittest.TestCase):
    def test_every_cited_command_parses(self):
        parsers = {"bench-cost.sh": cost_bench.parse_args, "cost_bench.py": cost_bench.parse_args,
                   "compare_builds.sh": cost_bench.parse_args,
                   "shed_cost.py": shed_cost.parse_args,
                   "startup_bench.py": startup_bench.parse_args,
                   "compare_builds.py": compare_builds.parse_args,
                   "bench.sh": workload_bench.parse_args,
                   "workload_bench.py": workload_bench.parse_args,
                   "hostile_bench.py": hostile_bench.parse_args,
                   "dead_polls_bench.py": dead_polls_bench.parse_args,
                   "rolling_restart_bench.py": rolling_restart_bench.parse_args,
                   "jfr_breakdown.py": jfr_breakdown.parse_args,
                   "floor_bench.py": floor_bench.parse_args}
        checked = 0
        for where, script, words in cited_commands():
            argv = cost_argv(script, words)
            if argv is None or unknown_modes(argv):
                continue
            with self.subTest(where=where):
                self.assertIn(script, parsers, "a cited command of a script without a parser")
                try:
                    with contextlib.redirect_stdout(io.StringIO()):
                        parsers[script](argv)
                except SystemExit as e:
                    if e.code != 0 or "--help" not in argv:
                        self.fail("does not parse: %s %s" % (script, shlex.join(argv)))
                checked += 1
        self.assertGreater(checked, 100)

    def test_same_meaning(self):
        a = cost_bench.parse_args(["--smoke", "--overload", "--modes", "adaptive,off"])
        self.assertEqual((a.rounds, a.window, a.modes, a.soak_mode, a.storm_protocols),
                         (1, 5, ["adaptive", "off"], "adaptive", ["rest", "rest-tls"]))
        a = cost_bench.parse_args(["--ops", "create", "--closed-ops", "all",
                                   "--high-rate-ops", ""])
        self.assertEqual((a.rounds, a.rate, a.high_rate, a.modes, a.high_rate_ops, a.window),
                         (3, 300, 1000, ["patched", "stock"], [], 10))
        self.assertEqual(a.closed_ops[:3], ["status", "topology", "create"])
        w = workload_bench.parse_args(["--smoke", "--protocols", "grpc"])
        self.assertEqual((w.rounds, w.modes, w.protocols, w.rate, w.window),
                         (1, ["patched"], ["grpc"], 50, 5))
        s = startup_bench.parse_args(["--smoke", "--variant", "w=img,JAVA_OPTS=-Xint"])
        self.assertEqual((s.rounds, s.window, s.variants[0]["env"]),
                         (1, 10, {"JAVA_OPTS": "-Xint"}))


class CommittedResultsRender(unittest.TestCase):
    """--report-only (cost, overload, workload) and --report (start-up) on every committed
    results.json.gz (or an older run's results.json)."""

    def test_reports(self):
        files = sorted(glob.glob(str(ROOT / "bench/*/results/**/results.json"), recursive=True)
                       + glob.glob(str(ROOT / "bench/*/results/**/results.json.gz"),
                                   recursive=True))
        self.assertGreater(len(files), 100)
        with tempfile.TemporaryDirectory() as tmp:
            for n, path in enumerate(files):
                path = Path(path)
                data = results.load(path.parent)
                with self.subTest(results=str(path)):
                    if "runs" in data and "meta" not in data:
                        out = Path(tmp) / str(n)
                        out.mkdir()
                        shutil.copy(path, out / path.name)
                        self.assertIn("## ",
                                      rolling_restart_bench.write_report(out).read_text())
                    elif "variants" in data.get("meta", {}):
                        self.assertIn("## ", startup_bench.report(data["meta"], data["cells"]))
                    elif "meta" in data:
                        out = Path(tmp) / str(n)
                        out.mkdir()
                        shutil.copy(path, out / path.name)
                        workload = "load_generator" in data["meta"].get("tools", {})
                        scenario = workload_bench if workload else cost_bench
                        scenario = {"hostile": hostile_bench,
                                    "dead-polls": dead_polls_bench}.get(
                            data["meta"].get("scenario"), scenario)
                        self.assertIn("## ", scenario.write_report(out).read_text())


class RollingRestartFigures(unittest.TestCase):
    def test_figures_of_a_run(self):
        text = ("x FIGURE SIGTERM to clients served by the other gateway: 800 ms\n"
                "FIGURE longest wait for a worker around the SIGTERM: streamed job 1100 ms "
                "(grpc-1, created 5 ms after the SIGTERM), polled job 120 ms\n"
                "FIGURE job waits around the SIGTERM, ms: streamed n=20, p50 30, p99 900, "
                "max 1100, over 1 s 1, over 10 s 0; polled n=19, p50 40, p99 100, max 120, "
                "over 1 s 0, over 10 s 0; never handled 0\n")
        r = rolling_restart_bench.parse_log(text)
        self.assertEqual((r["streamed_ms"], r["slowest"], r["other_gateway_ms"]),
                         (1100, "grpc-1", 800))
        self.assertEqual(r["streamed"], {"n": 20, "p50": 30, "p99": 900, "max": 1100,
                                         "over_1s": 1, "over_10s": 0})
        self.assertEqual((r["polled"]["max"], r["never_handled"]), (120, 0))


class StageQuantiles(unittest.TestCase):
    def test_a_phase_from_two_scrapes(self):
        def text(counts):
            return "\n".join(
                'gatefork_request_stage_seconds_bucket{api="rest",operation="create-process-instance"'
                ',stage="broker",le="%s"} %d' % (le, c) for le, c in counts) + (
                '\ngatefork_request_stage_seconds_bucket{api="rest",operation="topology",'
                'stage="broker",le="+Inf"} 7.0\n# HELP other\n')
        before = stages.parse(text([("0.01", 50), ("0.1", 50), ("+Inf", 50)]))
        # the phase: 98 answers within 10 ms, 1 within 100 ms, 1 beyond
        after = stages.parse(text([("0.01", 148), ("0.1", 149), ("+Inf", 150)]))
        self.assertEqual({"rest": {"broker": {"n": 100, "p50_ms": 10.0, "p99_ms": 100.0}}},
                         stages.phase_quantiles(before, after, "create-process-instance"))
        self.assertEqual({}, stages.phase_quantiles(after, after, "create-process-instance"))


class Aggregation(unittest.TestCase):
    def test_stats(self):
        self.assertEqual(aggregate.stats([3, None, 1, 2]),
                         {"median": 2, "min": 1, "max": 3})
        self.assertEqual(aggregate.stats([4, 1, 2, 3])["median"], 2.5)
        self.assertIsNone(aggregate.stats([None]))

    def test_spread_and_fmt(self):
        self.assertEqual(aggregate.spread([120, 100, 110]), "110 [100–120]")
        self.assertEqual(aggregate.spread([0.9, 1.1], 2, "×"), "1.00× [0.90–1.10]")
        self.assertEqual(aggregate.spread([]), "–")
        self.assertEqual(aggregate.fmt(aggregate.stats([5, 5])), "5")
        self.assertEqual(aggregate.fmt(aggregate.stats([0.1, 0.3]), 0, 100), "20 [10–30]")
        self.assertEqual(aggregate.fmt(None), "–")

    def test_ratio(self):
        self.assertEqual(aggregate.ratio(130, 100), "1.30")
        self.assertEqual(aggregate.ratio(0, 100), "0.00")
        self.assertEqual(aggregate.ratio(50, 400, 0, 100), "12")
        self.assertEqual(aggregate.ratio(None, 100), "–")
        self.assertEqual(aggregate.ratio(1, 0), "–")
        self.assertEqual(compare_builds.ratio({1: 100, 2: 200}, {1: 110, 2: 180}),
                         "1.00× [0.90–1.10] not shown")
        self.assertEqual(compare_builds.ratio({1: 100, 2: 100}, {1: 80, 2: 90}),
                         "0.85× [0.80–0.90]")

    def test_summarise_and_figures(self):
        cells = [{"op": "create", "flags": ["jit"], "cpu": 100, "p99": 0.5},
                 {"op": "create", "flags": [], "cpu": 120, "p99": None},
                 {"op": "invalid", "flags": ["jit"], "cpu": 50, "p99": 0.25}]
        summary = aggregate.summarise(cells, lambda c: c["op"], ("cpu", "p99"))
        create = summary["create"]
        self.assertEqual((create["rounds"], create["flags"]), (2, {"jit": 1}))
        self.assertEqual(create["cpu"]["median"], 110)
        self.assertEqual(aggregate.figures(create, "cpu p99:0:100"), ["110 [100–120]", "50"])
        self.assertEqual(aggregate.figures({"A:ok": aggregate.stats([0.5])}, "A:ok:1:100"),
                         ["50.0"])
        self.assertEqual(aggregate.flags_text(create), "jit (1/2)")

    def test_gateway_args(self):
        # every listener on 127.0.0.1; ports not given keep the gateway's defaults (shed_cost.py)
        self.assertEqual(gateway_args("c", 8080, 26501), [
            "--server.address=127.0.0.1", "--server.port=8080",
            "--management.server.address=127.0.0.1", "--zeebe.gateway.network.host=127.0.0.1",
            "--zeebe.gateway.cluster.host=127.0.0.1", "--zeebe.gateway.cluster.clusterName=c",
            "--zeebe.gateway.cluster.initialContactPoints=127.0.0.1:26501"])
        self.assertIn("--zeebe.gateway.cluster.port=26502",
                      gateway_args("c", 8080, 26501, 9600, 26500, 26502))

    def test_table(self):
        self.assertEqual(aggregate.table(["op", "µs"], "lr", [["create", 110]]),
                         ["| op | µs |", "|---|---:|", "| create | 110 |"])


if __name__ == "__main__":
    unittest.main()

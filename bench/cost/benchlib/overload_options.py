"""The overload run's options (cost_bench.py --overload / --soak), their defaults and checks, and
the constants of the cells they describe."""
import argparse

from .options import add_options, names_of, positive_ints
from .workload import MODES, PROTOCOLS

# option defaults of an overload run (cost_bench.parse_args applies them); the cost run's
# SMOKE / DEFAULTS fill in the rest (gateway warm-up, idle window)
# the gateway warm-up runs on the whole core, before the gateway moves under the quota, as the
# cells' (it ends once the JIT uses < 5 % of the gateway's CPU, or at the maximum)
DEFAULTS = {"rounds": 3, "modes": ["off", "adaptive", "stock"], "window": 30, "warmup": 10,
            "gateway_warmup": 60, "gateway_warmup_max": 300,
            "overload_multiples": [1, 2, 4], "storm_rates": [300, 1000],
            "storm_protocols": ["rest", "rest-tls", "grpc"], "opens_baseline": 2.0,
            "storm_warmup": 30.0,
            "soak_minutes": 30.0, "soak_window_minutes": 5.0, "recovery_timeout": 60.0}
# a check of the harness in about 5 minutes; its numbers mean little (the JIT is still busy)
SMOKE = {"rounds": 1, "modes": ["off", "adaptive", "stock"], "window": 5, "warmup": 0,
         "gateway_warmup": 5, "gateway_warmup_max": 5, "idle_window": 0,
         "overload_multiples": [1, 2], "storm_rates": [300],
         "storm_protocols": ["rest", "rest-tls"], "opens_baseline": 0.5, "storm_warmup": 5.0,
         "soak_minutes": 2.0, "soak_window_minutes": 1.0, "recovery_timeout": 5.0}
CALLER_A_ADDR = "127.0.0.2"  # callers cell: caller A's source address (B's: 127.0.0.1)
FLOOD_ADDR = "127.0.0.%d"  # floods cell: flooding caller i's source address (i from 3)
STORM_PROTOCOLS = ("rest", "rest-tls", "grpc")


def _capacity(value):
    result = {}
    for part in value.split(","):
        name, _, number = part.partition("=")
        if name.strip() not in PROTOCOLS or not number:
            raise argparse.ArgumentTypeError("PROTOCOL=OK/s,..., e.g. rest=700,grpc=900")
        result[name.strip()] = float(number)
    return result


def add_arguments(p):
    apis = names_of(PROTOCOLS, "API", allow_none=True)
    modes = names_of(list(MODES), "mode", allow_none=True)
    add_options(p.add_argument_group(
        "overload cells (--overload; bench/cost/overload.py). An overload run uses --modes "
        "(default off,adaptive,stock), --rounds (3) and --window (30 s; --smoke: 5 s, 1 round, "
        "multiples 1,2, storm at 300/s)"), [
        ("--overload", "flag", None, "run the overload cells (capacity, unloaded, 1x/2x/4x "
         "bursts with recovery, resend at once, two callers, backpressure storm), not the cost "
         "cells"),
        ("--soak", "flag", None, "run the soak (after the overload cells with --overload, alone "
         "without)"),
        ("--gateway-quota", float, 0.25, "the gateway's CPU quota, CPUs (cgroup v1 "
         "cpu.cfs_quota_us / cpu.cfs_period_us; default 0.25; 0 = none)"),
        ("--jit-outside-quota", "flag", None, "the gateway's JIT compiler threads run outside "
         "the quota (still on its core, their CPU still counted): at a tenth of a core the JIT "
         "takes a quarter of the quota, where a pod with 20 times the load and quota would see a "
         "fraction of that"),
        ("--cfs-period-ms", float, 100.0, "the quota group's CFS period, ms (default 100: the "
         "gateway is throttled for at most period x (1 - quota) at a time)"),
        ("--storm-quota", float, 0.0, "CPU quota of the storm's gateways (default 0 = none: a "
         "storm measures the cost of an answer, not a saturated gateway's queue)"),
        ("--storm-warmup", float, None, "seconds of the same storm, not kept, before each storm "
         "cell (default 30; --smoke: 5)"),
        ("--opens-baseline", float, None, "before each window, count the connections the kernel "
         "accepts for this long (s) as the background subtracted from the window's (default 2; "
         "--smoke: 0.5)"),
        ("--overload-connections", int, 64, "capacity cells: closed-loop connections (default "
         "64)"),
        ("--overload-multiples", positive_ints, None, "open-loop rates as multiples of capacity "
         "(default 1,2,4)"),
        ("--overload-protocols", apis, list(PROTOCOLS), "APIs of the capacity, unloaded and "
         "burst cells (default rest,grpc)"),
        ("--overload-capacity", _capacity, None, "1x per API, e.g. rest=700,grpc=900, instead "
         "of the capacity measured first (the capacity cells still run in mode off)"),
        ("--unloaded-share", float, 0.10, "rate of the unloaded cells as a share of capacity "
         "(default 0.1)"),
        ("--recovery-timeout", float, None, "after a burst no recovery probe starts later than "
         "this, s (default 60; --smoke: 5)"),
        ("--overload-max-workers", int, 10000, "open loop: vegeta -max-workers / ghz -c = rate "
         "x 10 s, at most this (default 10000)"),
        ("--grpc-connections", int, 8, "ghz --connections of the overload cells (default 8)"),
        ("--resend-connections", int, 256, "resend and callers cells: connections of the closed "
         "loop that resends at once (default 256)"),
        ("--resend-cells", apis, list(PROTOCOLS), "APIs of the resend-at-once cells (default "
         "rest,grpc; none = no such cell)"),
        ("--callers-cells", apis, ["rest"], "two callers at once per API: A an open loop at "
         "--callers-share of capacity from 127.0.0.2, B the resend-at-once loop (default rest; "
         "none = no such cell; gRPC's A runs as its own user, its source address set by an "
         "nftables rule: needs root)"),
        ("--callers-share", float, 0.5, "caller A's rate as a share of the API's capacity "
         "(default 0.5)"),
        ("--callers-floods", int, 0, "per API of --callers-cells also a cell of A beside this "
         "many flooding callers, each a resend-at-once loop of --resend-connections / N "
         "connections from its own address, A at --callers-share / N of capacity, below its "
         "fair share (default 0: none)"),
        ("--storm-rates", positive_ints, None, "backpressure storm open-loop rates, /s (default "
         "300,1000)"),
        ("--storm-modes", modes, ["off", "stock"], "modes of the storm cells (default off,stock; "
         "none = no storm)"),
        ("--storm-protocols", names_of(STORM_PROTOCOLS, "API", allow_none=True), None, "storm "
         "APIs: rest, rest-tls (REST over HTTPS, own gateway), grpc (default all; --smoke: "
         "rest,rest-tls; none = no storm)"),
        ("--soak-minutes", float, None, "soak length (default 30)"),
        ("--soak-window-minutes", float, None, "soak measurement window (default 5)"),
        ("--soak-share", float, 0.70, "soak rate as a share of REST capacity (default 0.7)"),
        ("--soak-grpc-share", float, 0.0, "share of the soak rate sent as gRPC creates (default "
         "0)"),
        ("--soak-spike-every", float, 0.0, "soak: stop the gateway (SIGSTOP) this often, s, as "
         "a latency spike (default 0: none)"),
        ("--soak-spike-length", float, 1.5, "soak: how long each spike stops the gateway, s "
         "(default 1.5)"),
        ("--soak-workers", int, 0, "soak: REST job workers long-polling `ship` jobs and "
         "completing them, beside the load (default 0)"),
        ("--soak-worker-rate", float, 10.0, "soak: `order` instances created per second for the "
         "workers (default 10)"),
        ("--soak-mode", modes, ["adaptive"], "mode of the soak gateway (default adaptive)")])


def check_args(p, args):
    if args.gateway_quota < 0 or args.storm_quota < 0 or args.opens_baseline < 0 or \
            args.overload_connections <= 0 or args.resend_connections <= 0 or \
            args.overload_max_workers <= 0 or args.grpc_connections <= 0 or \
            not 0 <= args.callers_floods <= 200:
        p.error("quota not negative; connections and workers positive; --callers-floods in "
                "[0, 200]")
    if not 0 < args.unloaded_share <= 1 or not 0 < args.soak_share <= 2 or \
            not 0 <= args.soak_grpc_share <= 1 or not 0 < args.callers_share <= 2:
        p.error("--unloaded-share in (0, 1], --soak-share and --callers-share in (0, 2], "
                "--soak-grpc-share in [0, 1]")
    if len(args.soak_mode) != 1:
        p.error("--soak-mode takes one mode")
    args.soak_mode = args.soak_mode[0]
    if args.soak and (args.soak_minutes <= 0 or args.soak_window_minutes <= 0):
        p.error("soak minutes must be positive")


def storm_modes(opts):
    """The modes with storm cells: of an argparse Namespace or of the results' options."""
    opts = opts if isinstance(opts, dict) else vars(opts)
    if not opts.get("overload") or not opts.get("storm_protocols"):
        return []
    return [m for m in opts["modes"] if m in opts.get("storm_modes", [])]

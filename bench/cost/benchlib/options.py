"""Command-line pieces the scenarios share: option tables (one row per option), lists of known
names, lists of positive integers."""
import argparse
import datetime


def add_options(parser, rows):
    """rows: (flag, type, default, help); type "flag" is a switch. A default of None is filled in
    after parsing (from --smoke or the run's defaults, which the help gives)."""
    for flag, kind, default, text in rows:
        if kind == "flag":
            parser.add_argument(flag, action="store_true", help=text)
        else:
            parser.add_argument(flag, type=kind, default=default, help=text)


def names_of(known, what, allow_all=False, allow_none=False):
    """A type: a comma separated list of names out of `known`; "all" = every one, "none" = an
    empty list, where allowed."""
    def parse(value):
        names = [v.strip() for v in value.split(",") if v.strip()]
        if allow_all and names == ["all"]:
            return list(known)
        if allow_none and names == ["none"]:
            return []
        for n in names:
            if n not in known:
                raise argparse.ArgumentTypeError("unknown %s %r; known: %s" % (
                    what, n, ", ".join(known)))
        return names
    return parse


def positive_ints(value):
    """A type: a comma separated list of positive integers."""
    try:
        values = [int(v) for v in value.split(",") if v.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError("a comma separated list of integers: %r" % value)
    if any(v <= 0 for v in values):
        raise argparse.ArgumentTypeError("positive integers only: %r" % value)
    return values


def add_ports(parser, ports):
    """One option per port, --NAME-port; ports: (name, default, what it is)."""
    add_options(parser.add_argument_group(
        "ports (all on 127.0.0.1; pass others where a gateway already runs)"),
        [("--%s-port" % name, int, default, "%s (%d)" % (text, default))
         for name, default, text in ports])


# The ports of a scenario with one cluster: one gateway and one broker.
ONE_CLUSTER_PORTS = (("rest", 29080, "gateway REST"), ("management", 29600, "gateway management"),
                     ("grpc", 29500, "gateway gRPC"),
                     ("cluster", 29502, "the gateway's cluster (Atomix)"), ("broker", 29501, "broker"))


def one_gateway_rows(dist, load_what):
    """The options of a scenario that runs one pinned gateway from `dist` beside its broker."""
    return [
        ("--gateway-cpus", str, "1", "taskset CPU list of the gateway (default 1)"),
        ("--load-cpus", str, "0", "taskset CPU list of %s (default 0)" % load_what),
        ("--gateway-java-opts", str, "-XX:ActiveProcessorCount=2 -Xmx1g",
         "JAVA_OPTS of the gateway (default: %(default)s)"),
        ("--dist", str, str(dist), "the gatefork distribution (default dist/target/gatefork)"),
        ("--out", str, None, "output folder (default bench/cost/results/<UTC timestamp>)"),
        ("--start-timeout", int, 60, "seconds a broker or gateway may take to be ready"),
    ]


def parse_with_report(parser, argv, ports, results):
    """Adds --report-only and the ports, parses, and puts --out under `results` when not given."""
    parser.add_argument("--report-only", metavar="DIR",
                        help="rewrite DIR/report.md from DIR/results.json.gz and exit")
    add_ports(parser, ports)
    args = parser.parse_args(argv)
    if args.out is None:
        stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        args.out = str(results / stamp)
    return args

"""Command-line pieces the scenarios share: option tables (one row per option), lists of known
names, lists of positive integers."""
import argparse


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

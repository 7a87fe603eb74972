#!/usr/bin/env python3
"""Gateway CPU µs per request of two or more builds from compare_builds.sh's folders: per load, op
and protocol the median [min-max] of each build over its rounds (JIT excluded), and each later
build / the first per round (same round number: they ran next to each other). A ratio whose range
contains 1.00 is marked "not shown".

    compare_builds.py OUT
"""
import argparse
import os

from benchlib import results
from benchlib.aggregate import spread, table

LOADS = {"fixed": 0, "high": 1, "closed": 2}


def load(out, label):
    """(load, op, protocol) -> {round: CPU µs per request without the JIT} of one build."""
    figures = {}
    for name in sorted(os.listdir(out)):
        run = os.path.join(out, name)
        if name.startswith(label + "-r") and results.path(run):
            rnd = int(name.split("-r")[-1])
            for cell in results.load(run)["cells"]:
                key = (cell["load"], cell["op"], cell["protocol"])
                figures.setdefault(key, {})[rnd] = cell["cpu_us_per_request_excl_jit"]
    return figures


def ratio(base, other):
    """other ÷ base per round, "median× [min–max]"."""
    ratios = [other[r] / base[r] for r in other if r in base and base[r] > 0]
    text = spread(ratios, 2, "×")
    return text + " not shown" if ratios and min(ratios) <= 1 <= max(ratios) else text


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("out", help="compare_builds.sh's OUT: <label>-r<N>/results.json.gz, builds")
    return p.parse_args(argv)


def main(argv=None):
    out = parse_args(argv).out
    listed = os.path.join(out, "builds")
    labels = open(listed).read().split() if os.path.exists(listed) else ["before", "after"]
    figures = {label: load(out, label) for label in labels}
    base, others = labels[0], labels[1:]
    keys = sorted(set().union(*figures.values()), key=lambda k: (LOADS.get(k[0], 9), k[1], k[2]))
    rows = [list(key) + [spread(list(figures[label].get(key, {}).values())) for label in labels]
            + [ratio(figures[base].get(key, {}), figures[label].get(key, {})) for label in others]
            for key in keys]
    print("\n".join(table(["load", "op", "protocol"] + ["%s µs/req" % label for label in labels]
                          + ["%s / %s" % (label, base) for label in others],
                          "l" * (3 + len(labels) + len(others)), rows)))


if __name__ == "__main__":
    main()

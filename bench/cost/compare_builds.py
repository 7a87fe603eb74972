#!/usr/bin/env python3
"""Gateway CPU µs per request of two or more builds from compare_builds.sh's folders: per load, op
and protocol the median [min-max] of each build over its rounds (JIT excluded), and each later
build / the first per round (same round number: they ran next to each other). A ratio whose range
contains 1.00 is marked "not shown".

    compare_builds.py OUT
"""
import json
import os
import statistics
import sys

LOADS = {"fixed": 0, "high": 1, "closed": 2}


def load(out, label):
    figures = {}
    for name in sorted(os.listdir(out)):
        if not name.startswith(label + "-r"):
            continue
        path = os.path.join(out, name, "results.json")
        if not os.path.exists(path):
            continue
        rnd = int(name.split("-r")[-1])
        for cell in json.load(open(path))["cells"]:
            key = (cell["load"], cell["op"], cell["protocol"])
            figures.setdefault(key, {})[rnd] = cell["cpu_us_per_request_excl_jit"]
    return figures


def spread(values):
    if not values:
        return "–"
    v = sorted(values)
    return f"{statistics.median(v):.0f} [{v[0]:.0f}–{v[-1]:.0f}]"


def ratio(base, other):
    ratios = sorted(other[r] / base[r] for r in other if r in base and base[r] > 0)
    if not ratios:
        return "–"
    text = f"{statistics.median(ratios):.2f}× [{ratios[0]:.2f}–{ratios[-1]:.2f}]"
    return text + " not shown" if ratios[0] <= 1 <= ratios[-1] else text


def main():
    out = sys.argv[1]
    listed = os.path.join(out, "builds")
    labels = open(listed).read().split() if os.path.exists(listed) else ["before", "after"]
    figures = {label: load(out, label) for label in labels}
    base, others = labels[0], labels[1:]
    head = ["load", "op", "protocol"] + [f"{label} µs/req" for label in labels]
    head += [f"{label} / {base}" for label in others]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    keys = sorted(set().union(*figures.values()),
                  key=lambda k: (LOADS.get(k[0], 9), k[1], k[2]))
    for key in keys:
        row = [key[0], key[1], key[2]]
        row += [spread(list(figures[label].get(key, {}).values())) for label in labels]
        row += [ratio(figures[base].get(key, {}), figures[label].get(key, {})) for label in others]
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Gateway CPU µs per request of two builds from compare_builds.sh's folders: per load, op and
protocol the median [min-max] of each build over its rounds (JIT excluded), and after / before per
round pair (same round number: they ran next to each other). A ratio whose range contains 1.00 is
marked "not shown".

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


def main():
    out = sys.argv[1]
    before, after = load(out, "before"), load(out, "after")
    print("| load | op | protocol | before µs/req | after µs/req | after / before |")
    print("|---|---|---|---|---|---|")
    keys = sorted(set(before) | set(after), key=lambda k: (LOADS.get(k[0], 9), k[1], k[2]))
    for key in keys:
        b, a = before.get(key, {}), after.get(key, {})
        ratios = sorted(a[r] / b[r] for r in a if r in b and b[r] > 0)
        if ratios:
            ratio = f"{statistics.median(ratios):.2f}× [{ratios[0]:.2f}–{ratios[-1]:.2f}]"
            if ratios[0] <= 1 <= ratios[-1]:
                ratio += " not shown"
        else:
            ratio = "–"
        print(f"| {key[0]} | {key[1]} | {key[2]} | {spread(list(b.values()))} "
              f"| {spread(list(a.values()))} | {ratio} |")


if __name__ == "__main__":
    main()

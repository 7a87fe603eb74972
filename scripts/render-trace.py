#!/usr/bin/env python3
"""Draws one trace as Jaeger's query API gives it (GET /api/traces/<id>: the trace object, or the
whole answer with it under "data") as an SVG waterfall: a row per span, children below their
parent in the order they started, each bar placed on the trace's time axis and labelled with its
duration and the attributes that say what it was; a span's stage events (an event at the stage's
end with gatefork.stage.duration_us) are grey rows below it, drawn over the stage's time. The picture in docs/tracing.md is drawn from a
trace qa's TracingToJaegerTest keeps (qa/target/traces/*.json).

    scripts/render-trace.py qa/target/traces/create-rest.json docs/img/trace-create-rest.svg
"""
import html
import json
import sys

ROW = 26
LABEL_WIDTH = 250
BAR_WIDTH = 560
INFO_WIDTH = 430
TOP = 54
# what a row shows beside its bar, per kind of span
SHOWN = [
    "gatefork.api",
    "http.response.status_code",
    "rpc.grpc.status_code",
    "gatefork.shed",
    "gatefork.broker.partition_id",
    "gatefork.broker.node_id",
    "gatefork.broker.attempt",
    "gatefork.broker.outcome",
    "gatefork.broker.retry_reason",
]
SHORT = {
    "gatefork.api": "api",
    "http.response.status_code": "status",
    "rpc.grpc.status_code": "grpc status",
    "gatefork.shed": "shed",
    "gatefork.broker.partition_id": "partition",
    "gatefork.broker.node_id": "node",
    "gatefork.broker.attempt": "attempt",
    "gatefork.broker.outcome": "outcome",
    "gatefork.broker.retry_reason": "retry reason",
}
COLOURS = {"server": "#3b6ea8", "broker-request": "#c7772b", "event": "#a9a9a9"}
STAGE_COLOUR = "#6aa36f"


def load(path):
    with open(path) as f:
        doc = json.load(f)
    return doc["data"][0] if "data" in doc else doc


def tags(span):
    return {t["key"]: t["value"] for t in span.get("tags", [])}


def parent_of(span):
    for ref in span.get("references", []):
        if ref.get("refType") == "CHILD_OF":
            return ref["spanID"]
    return None


def rows(trace):
    """(depth, span) in tree order: roots first, each span's children by start time below it."""
    spans = trace["spans"]
    ids = {s["spanID"] for s in spans}
    children = {}
    roots = []
    for s in spans:
        parent = parent_of(s)
        if parent in ids:
            children.setdefault(parent, []).append(s)
        else:
            roots.append(s)
    out = []

    def walk(span, depth):
        out.append((depth, span))
        below = list(children.get(span["spanID"], [])) + stage_rows(span)
        for child in sorted(below, key=lambda c: c["startTime"]):
            walk(child, depth + 1)

    for root in sorted(roots, key=lambda r: r["startTime"]):
        walk(root, 0)
    return out


def stage_rows(span):
    """The span's stage events (gatefork.stage.duration_us at their end) as pseudo-spans."""
    rows = []
    for log in span.get("logs", []):
        fields = {f["key"]: f["value"] for f in log.get("fields", [])}
        if "gatefork.stage.duration_us" in fields:
            micros = int(fields["gatefork.stage.duration_us"])
            rows.append({"spanID": "", "operationName": fields.get("event", "?"),
                         "startTime": log["timestamp"] - micros, "duration": micros,
                         "tags": [{"key": "span.kind", "value": "event"}], "logs": []})
    return rows


def duration(micros):
    return f"{micros / 1000:.2f} ms" if micros >= 100 else f"{micros} µs"


def colour(span):
    kind = tags(span).get("span.kind")
    if kind in COLOURS:
        return COLOURS[kind]
    return COLOURS.get(span["operationName"], STAGE_COLOUR)


def render(trace):
    ordered = rows(trace)
    start = min(s["startTime"] for _, s in ordered)
    end = max(s["startTime"] + s["duration"] for _, s in ordered)
    total = max(end - start, 1)
    width = LABEL_WIDTH + BAR_WIDTH + INFO_WIDTH
    height = TOP + ROW * len(ordered) + 16
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="DejaVu Sans, Arial, sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="8" y="20" font-size="14" font-weight="bold">trace {trace["traceID"]}'
        f"  ({duration(total)}, as Jaeger stored it)</text>",
    ]
    for i in range(5):  # time axis
        x = LABEL_WIDTH + BAR_WIDTH * i / 4
        out.append(f'<line x1="{x:.1f}" y1="{TOP - 14}" x2="{x:.1f}" y2="{height - 8}" '
                   'stroke="#dddddd"/>')
        out.append(f'<text x="{x:.1f}" y="{TOP - 18}" fill="#777777" text-anchor="middle">'
                   f"{duration(total * i // 4)}</text>")
    for row, (depth, span) in enumerate(ordered):
        y = TOP + row * ROW
        name = html.escape(span["operationName"])
        event = tags(span).get("span.kind") == "event"
        style = ' font-style="italic" fill="#555555"' if event else ""
        label = f"{name} (event)" if event else name
        out.append(f'<text x="{8 + depth * 16}" y="{y + 16}"{style}>{label}</text>')
        x = LABEL_WIDTH + BAR_WIDTH * (span["startTime"] - start) / total
        w = max(BAR_WIDTH * span["duration"] / total, 1.5)
        out.append(f'<rect x="{x:.1f}" y="{y + 5}" width="{w:.1f}" height="{ROW - 10}" '
                   f'fill="{colour(span)}" rx="2"/>')
        t = tags(span)
        info = [duration(span["duration"])]
        info += [f"{SHORT[k]}={t[k]}" for k in SHOWN if k in t]
        events = sum(1 for log in span.get("logs", [])
                     if any(f["key"] == "event" and f["value"] == "job" for f in log["fields"]))
        if events:
            info.append(f"{events} job event{'s' if events > 1 else ''}")
        out.append(f'<text x="{LABEL_WIDTH + BAR_WIDTH + 10}" y="{y + 16}" fill="#333333">'
                   f"{html.escape(', '.join(info))}</text>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[2], "w") as f:
        f.write(render(load(sys.argv[1])))


if __name__ == "__main__":
    main()

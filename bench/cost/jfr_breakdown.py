#!/usr/bin/env python3
"""Where a JFR recording's CPU samples went: inclusive share per layer and per method.

    jfr_breakdown.py RECORDING.jfr [--top 40] [--thread-prefix http-nio] [--event E]

Record with CPU-time sampling (JDK 25+), which also sees time spent in native code and the JVM:
    jfr configure --input profile jdk.CPUTimeSample#enabled=true jdk.CPUTimeSample#throttle=1ms \
        --output cpu.jfc
    jcmd <pid> JFR.start settings=cpu.jfc filename=rec.jfr   ...   jcmd <pid> JFR.stop

Reads jdk.CPUTimeSample events (or jdk.ExecutionSample, --event) with `jfr print` (the JDK's own tool) and attributes each sample
to the layers its stack passes through (inclusive: a sample in Jackson called from Spring MVC
counts for both) and to the innermost layer (self). Layers are package prefixes, listed below;
`tracing` also takes every sample of the span exporter's threads.
"""
import argparse
import collections
import os
import re
import shutil
import subprocess
import sys

LAYERS = [
    # first: the gateway's own tracing code counts here, not as gatefork
    ("tracing", ("io.opentelemetry.", "io.gatefork.gateway.app.tracing.", "io.micrometer.tracing.",
                 "io.prometheus.metrics.core.exemplars.")),
    ("gatefork", ("io.gatefork.",)),
    ("spring-security", ("org.springframework.security.",)),
    ("spring-mvc", ("org.springframework.web.", "org.springframework.http.")),
    ("spring-other", ("org.springframework.",)),
    ("micrometer", ("io.micrometer.",)),
    ("jackson", ("com.fasterxml.jackson.",)),
    ("tomcat", ("org.apache.catalina.", "org.apache.coyote.", "org.apache.tomcat.")),
    ("grpc-netty", ("io.grpc.", "io.netty.")),
    ("zeebe-atomix", ("io.camunda.", "io.atomix.", "org.agrona.")),
    ("logging", ("ch.qos.logback.", "org.slf4j.")),
    ("jdk", ("java.", "jdk.", "sun.")),
]

# threads that only export spans (OpenTelemetry's batch processor, the JDK HTTP client it sends with)
EXPORT_THREADS = ("BatchSpanProcessor", "HttpClient-")


def layer_of(frame):
    for name, prefixes in LAYERS:
        if frame.startswith(prefixes):
            return name
    return "other"


def jfr_binary():
    home = os.environ.get("JAVA_HOME")
    if home and os.path.exists(os.path.join(home, "bin", "jfr")):
        return os.path.join(home, "bin", "jfr")
    return shutil.which("jfr") or "jfr"


def samples(path, event):
    out = subprocess.run(
        [jfr_binary(), "print", "--events", event, "--stack-depth", "256", path],
        check=True, capture_output=True, text=True).stdout
    thread, stack = None, []
    for line in out.splitlines():
        line = line.strip()
        if line.startswith(event):
            if stack:
                yield thread, stack
            thread, stack = None, []
        elif line.startswith(("sampledThread", "eventThread")):
            m = re.search(r'"([^"]*)"', line)
            thread = m.group(1) if m else ""
        elif "line:" in line and "(" in line:
            stack.append(line.split("(")[0])
    if stack:
        yield thread, stack


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("recording")
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--thread-prefix", default="")
    ap.add_argument("--event", default="jdk.CPUTimeSample",
                    help="jdk.CPUTimeSample (JDK 25+, CPU time, includes native code; default) "
                         "or jdk.ExecutionSample (wall-clock sampling of threads in Java code)")
    args = ap.parse_args()
    inclusive, selfish, methods, threads, self_methods = (collections.Counter() for _ in range(5))
    total = 0
    recorded = list(samples(args.recording, args.event))
    if not recorded and args.event == "jdk.CPUTimeSample":
        # a recording with the JDK's "profile" settings has wall-clock execution samples only
        args.event = "jdk.ExecutionSample"
        recorded = list(samples(args.recording, args.event))
    for thread, stack in recorded:
        if args.thread_prefix and not (thread or "").startswith(args.thread_prefix):
            continue
        total += 1
        threads[re.sub(r"[-#]?\d+$", "", thread or "?")] += 1
        selfish[layer_of(stack[0])] += 1
        self_methods[stack[0]] += 1
        layers = {layer_of(f) for f in stack}
        if (thread or "").startswith(EXPORT_THREADS):
            layers.add("tracing")  # the span exporter's threads, their JDK frames included
        for name in layers:
            inclusive[name] += 1
        for m in set(stack):
            methods[m] += 1
    if not total:
        print("no samples")
        return 1
    print(f"{total} {args.event} samples ({args.recording})")
    print("\nby thread pool:")
    for t, n in threads.most_common(12):
        print(f"  {100 * n / total:5.1f} %  {t}")
    print("\nby layer (inclusive / self):")
    for name, _ in LAYERS + [("other", ())]:
        if inclusive[name]:
            print(f"  {100 * inclusive[name] / total:5.1f} % / {100 * selfish[name] / total:5.1f} %  {name}")
    print(f"\ntop {args.top} methods, self:")
    for m, n in self_methods.most_common(args.top):
        print(f"  {100 * n / total:5.1f} %  {m}")
    print(f"\ntop {args.top} methods, inclusive:")
    for m, n in methods.most_common(args.top):
        print(f"  {100 * n / total:5.1f} %  {m}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

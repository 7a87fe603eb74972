#!/usr/bin/env python3
"""Where a JFR recording's CPU samples went: inclusive share per layer and per method.

    jfr_breakdown.py RECORDING.jfr [--top 40] [--thread-prefix http-nio] [--event E]
        [--by-caller] [--stages [--us-per-request US]] [--chain] [--between HH:MM:SS-HH:MM:SS]

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

# finer layers for --by-caller, first match wins; a sample goes to the innermost frame that is not
# the JDK's own (its collections, locks, NIO), except for the JDK frames named here, so that a
# HashMap.get in Tomcat counts as Tomcat's and a socket write as the socket's
CALLER_LAYERS = [
    ("socket write (syscall)", ("sun.nio.ch.SocketDispatcher.write", "sun.nio.ch.IOUtil.write",
                                "io.netty.channel.unix.Socket.sendAddress",
                                "io.netty.channel.unix.FileDescriptor.write")),
    ("socket read (syscall)", ("sun.nio.ch.SocketDispatcher.read", "sun.nio.ch.IOUtil.read",
                               "io.netty.channel.unix.Socket.recvAddress",
                               "io.netty.channel.unix.FileDescriptor.read")),
    ("poll and wake-up (syscall)", ("sun.nio.ch.EPoll", "sun.nio.ch.EventFD",
                                    "io.netty.channel.epoll.Native", "sun.nio.ch.IOUtil.drain",
                                    "io.netty.channel.epoll.EpollEventLoop.wakeup")),
    ("thread hand-off (park, unpark)", ("jdk.internal.misc.Unsafe.park",
                                        "jdk.internal.misc.Unsafe.unpark",
                                        "java.util.concurrent.locks.LockSupport")),
    ("gatefork: answer write", ("io.gatefork.gateway.rest.write.",)),
    ("gatefork: request threads' queue", ("io.gatefork.gateway.rest.connection.",)),
    ("gatefork: REST edge", ("io.gatefork.gateway.rest.",)),
    ("gatefork: gRPC edge", ("io.gatefork.gateway.grpc.",)),
    ("gatefork: service", ("io.gatefork.service.",)),
    ("gatefork: other", ("io.gatefork.",)),
    ("jackson", ("com.fasterxml.jackson.",)),
    ("spring-security", ("org.springframework.security.",)),
    ("spring-mvc", ("org.springframework.web.", "org.springframework.http.")),
    ("spring-other", ("org.springframework.",)),
    ("tomcat: HTTP/1.1 parse", ("org.apache.coyote.http11.Http11InputBuffer",
                                "org.apache.tomcat.util.http.parser.", "org.apache.tomcat.util.buf.")),
    ("tomcat: HTTP/1.1 head and output", ("org.apache.coyote.http11.Http11OutputBuffer",
                                          "org.apache.coyote.Response",
                                          "org.apache.tomcat.util.http.MimeHeaders")),
    ("tomcat: poller", ("org.apache.tomcat.util.net.NioEndpoint$Poller",)),
    ("tomcat: endpoint and threads", ("org.apache.tomcat.util.",)),
    ("tomcat: processor, async", ("org.apache.coyote.",)),
    ("tomcat: servlet container", ("org.apache.catalina.", "jakarta.servlet.")),
    ("micrometer", ("io.micrometer.",)),
    ("grpc-java", ("io.grpc.",)),
    ("netty", ("io.netty.",)),
    ("atomix", ("io.atomix.",)),
    ("zeebe protocol", ("io.camunda.", "org.agrona.")),
    ("opentelemetry", ("io.opentelemetry.",)),
    ("logging", ("ch.qos.logback.", "org.slf4j.")),
]
JDK = ("java.", "jdk.", "sun.", "javax.", "com.sun.")


def caller_layer(stack):
    """The --by-caller layer of a sample (stack[0] innermost)."""
    for frame in stack:
        for name, prefixes in CALLER_LAYERS:
            if frame.startswith(prefixes):
                return name
        if not frame.startswith(JDK):
            return "other"
    return "jdk (no caller outside it)"


def thread_role(thread):
    """What a gateway thread does, from its name."""
    t = thread or "?"
    for role, match in (("request thread", lambda: "http-nio" in t and "-exec-" in t),
                        ("Tomcat poller", lambda: "http-nio" in t and "Poller" in t),
                        ("gRPC event loop", lambda: t.startswith("grpc-default-worker")),
                        ("broker messaging loop",
                         lambda: t.startswith("netty-messaging-event-epoll-client")),
                        ("API executor", lambda: t.startswith("api-service-thread"))):
        if match():
            return role
    return "other threads"


def stage_of(thread, stack):
    """--stages: where a sample's CPU went in a request's life, for either API."""
    role, layer = thread_role(thread), caller_layer(stack)
    if role == "other threads":
        return "other threads (timers, heartbeats, exporters)"
    if role == "broker messaging loop" or layer in ("atomix", "zeebe protocol") or (
            layer == "netty" and role != "gRPC event loop"):
        return "broker messaging (Atomix client: encode, send, receive, decode)"
    if layer == "poll and wake-up (syscall)":
        return "poll and wake-ups (epoll, eventfd)"
    if layer in ("socket write (syscall)", "socket read (syscall)"):
        return "client socket read and write (syscalls)"
    if role == "API executor" or layer == "thread hand-off (park, unpark)":
        return "API executor hop and thread hand-offs"
    if role == "gRPC event loop" and layer in ("netty", "grpc-java"):
        return "HTTP/2 and gRPC (Netty server, grpc-java, protobuf)"
    if layer.startswith("tomcat"):
        return "HTTP/1.1 and servlet container (Tomcat)"
    if layer.startswith("spring"):
        return "Spring MVC and Security"
    if layer == "jackson":
        return "JSON (Jackson)"
    if layer.startswith("gatefork"):
        return "gatefork code"
    if layer in ("micrometer", "logging"):
        return "metrics and logging"
    return "other (%s)" % layer


# --chain: the frames by which filters, valves and servlets hand a request on
CHAIN_FRAMES = (".doFilter", ".doFilterInternal", ".invoke", ".service", ".doService",
                ".doDispatch")

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


def samples(path, event, between=None):
    """(thread, stack) of each sample; with `between` ("HH:MM:SS-HH:MM:SS", the recording's
    clock) only those whose start time falls in that span (a window of a longer recording)."""
    out = subprocess.run(
        [jfr_binary(), "print", "--events", event, "--stack-depth", "256", path],
        check=True, capture_output=True, text=True).stdout
    first, _, last = (between or "-").partition("-")
    thread, stack, inside = None, [], True
    for line in out.splitlines():
        line = line.strip()
        if line.startswith(event):
            if stack and inside:
                yield thread, stack
            thread, stack, inside = None, [], True
        elif between and line.startswith("startTime"):
            at = line.split("=", 1)[1].strip()[:8]
            inside = first <= at <= last
        elif line.startswith(("sampledThread", "eventThread")):
            m = re.search(r'"([^"]*)"', line)
            thread = m.group(1) if m else ""
        elif "line:" in line and "(" in line:
            stack.append(line.split("(")[0])
    if stack and inside:
        yield thread, stack


def parse_args(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("recording")
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--thread-prefix", default="")
    ap.add_argument("--by-caller", action="store_true",
                    help="also: each sample by finer layer, the JDK's frames charged to their caller")
    ap.add_argument("--stages", action="store_true",
                    help="also: each sample by stage of a request's life (thread role and layer)")
    ap.add_argument("--chain", action="store_true",
                    help="also: the inclusive share of each filter, valve and servlet on a request's "
                         "way (frames named doFilter, doFilterInternal, invoke, service, "
                         "doService, doDispatch), largest first: what lies between two neighbours "
                         "is the outer one's own cost")
    ap.add_argument("--us-per-request", type=float, default=0,
                    help="with --stages: the gateway's CPU per request (µs, e.g. the cost "
                         "benchmark's excl. JIT), to show each stage in µs")
    ap.add_argument("--between", default=None, metavar="HH:MM:SS-HH:MM:SS",
                    help="only the samples taken in this span of the recording's clock")
    ap.add_argument("--event", default="jdk.CPUTimeSample",
                    help="jdk.CPUTimeSample (JDK 25+, CPU time, includes native code; default) "
                         "or jdk.ExecutionSample (wall-clock sampling of threads in Java code)")
    return ap.parse_args(argv)


def main():
    args = parse_args()
    inclusive, selfish, methods, threads, self_methods, callers, stages, chain = (
        collections.Counter() for _ in range(8))
    total = 0
    recorded = list(samples(args.recording, args.event, args.between))
    if not recorded and args.event == "jdk.CPUTimeSample":
        # a recording with the JDK's "profile" settings has wall-clock execution samples only
        args.event = "jdk.ExecutionSample"
        recorded = list(samples(args.recording, args.event, args.between))
    for thread, stack in recorded:
        if args.thread_prefix and not (thread or "").startswith(args.thread_prefix):
            continue
        total += 1
        threads[re.sub(r"[-#]?\d+$", "", thread or "?")] += 1
        selfish[layer_of(stack[0])] += 1
        self_methods[stack[0]] += 1
        callers[caller_layer(stack)] += 1
        stages[stage_of(thread, stack)] += 1
        layers = {layer_of(f) for f in stack}
        if (thread or "").startswith(EXPORT_THREADS):
            layers.add("tracing")  # the span exporter's threads, their JDK frames included
        for name in layers:
            inclusive[name] += 1
        for m in set(stack):
            methods[m] += 1
            if m.endswith(CHAIN_FRAMES):
                chain[m] += 1
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
    if args.by_caller:
        print("\nby caller (self, the JDK's frames charged to their caller):")
        for name, n in callers.most_common():
            print(f"  {100 * n / total:5.1f} %  {name}")
    if args.stages:
        print("\nby stage:")
        for name, n in stages.most_common():
            us = "%6.1f µs  " % (args.us_per_request * n / total) if args.us_per_request else ""
            print(f"  {us}{100 * n / total:5.1f} %  {name}")
    if args.chain:
        print("\nthe request's way (inclusive, largest first):")
        for m, n in chain.most_common():
            if 100 * n / total >= 0.5:
                print(f"  {100 * n / total:5.1f} %  {m}")
    print(f"\ntop {args.top} methods, self:")
    for m, n in self_methods.most_common(args.top):
        print(f"  {100 * n / total:5.1f} %  {m}")
    print(f"\ntop {args.top} methods, inclusive:")
    for m, n in methods.most_common(args.top):
        print(f"  {100 * n / total:5.1f} %  {m}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

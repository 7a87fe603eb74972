package io.gatefork.bench.config;

import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Everything one benchmark run is told, from the command line. {@code --smoke} only changes
 * defaults (2 modes, seconds per cell, a tiny overload step): flags given explicitly still win.
 */
public record BenchOptions(
    List<Mode> modes,
    List<Protocol> protocols,
    double rate,
    Duration warmup,
    Duration window,
    int rounds,
    double gatewayCpus,
    double saturationGatewayCpus,
    Path out,
    boolean smoke,
    Workload workload,
    Phase sweep,
    Phase overload,
    AtCapacity overloadAtCapacity,
    List<String> phases,
    Ramp ramp,
    Phase saturation,
    Placement placement,
    ValidityRule validity,
    int restConnections,
    List<Mode> tenTaskModes,
    double tenTaskRate,
    List<Mode> defaultPoolModes,
    int partitions,
    int overloadPartitions,
    double saturationWarmupRate,
    String image,
    String baseImage,
    boolean buildImage,
    Path root,
    String gatewayRuntime,
    String brokerRuntime,
    Ports ports,
    Duration maxDuration,
    String gatewayJavaOpts,
    String commandLine) {

  /**
   * The starter and workers, modelled on the upstream benchmark starter and worker. Each entry of
   * {@code tasks} is a process of that many service tasks; every phase runs each of them.
   */
  public record Workload(
      List<Integer> tasks,
      Duration workDelay,
      int workerThreads,
      int maxJobsActive,
      Duration pollInterval,
      Duration requestTimeout,
      int maxInFlight) {
    /** The process of every phase but main: the first of {@code --tasks}. */
    public int firstTasks() {
      return tasks.get(0);
    }

    /** Jobs per second the workers can finish at most (open jobs x 1 s / delay). */
    public double workerCapacityPerSecond() {
      final long delayMs = Math.max(1, workDelay.toMillis());
      return maxJobsActive * 1000.0 / delayMs;
    }
  }

  /**
   * An extra set of cells (a sweep, the overload step, the cells at the saturation point); empty
   * modes = not run. {@code rate} {@link #AT_SATURATION}: the rate at which {@code stock} saturated
   * the gateway in this run's ramp, known only once the ramp has run.
   */
  public record Phase(
      List<Mode> modes,
      List<Protocol> protocols,
      double rate,
      int requestLimit,
      Duration warmup,
      Duration window,
      int rounds) {
    public static final double AT_SATURATION = -1;

    /**
     * The rate of the overload cells at a multiple of the gateway's capacity, found by the capacity
     * steps (or the ramp) of the same run.
     */
    public static final double AT_CAPACITY = -2;

    public boolean enabled() {
      return !modes.isEmpty() && !protocols.isEmpty();
    }

    public boolean atSaturation() {
      return rate == AT_SATURATION;
    }

    public boolean atCapacity() {
      return rate == AT_CAPACITY;
    }
  }

  /**
   * The workload at {@code multiple} x the gateway's capacity ({@code --overload-2x}): {@code
   * cells} in rounds at that rate, on the reduced quota. The capacity is {@code capacity} when
   * given, else found from ramp steps of {@code capacityMode} (the completed-instances rate at
   * which it keeps up): the {@code capacityRates} steps run for that (phase "capacity", one round,
   * {@code cells}' protocols), or, with none, the ramp's steps of that mode. {@code drain}: after
   * the window, how long at most to wait for every acknowledged instance to complete. {@code
   * gatewayCpus}: a quota per client setup, for a gRPC gateway that needs far less CPU per instance
   * than a REST one to be the bottleneck. {@code maxInFlight}: the starter's bound on outstanding
   * creates in these cells (a REST create answered 503 stays outstanding for the client's retry a
   * second later, so 2x capacity keeps hundreds outstanding where nothing is wrong).
   */
  public record AtCapacity(
      Phase cells,
      double multiple,
      Mode capacityMode,
      List<Double> capacityRates,
      Duration capacityWarmup,
      Duration capacityWindow,
      double capacity,
      Duration drain,
      Map<Protocol, Double> gatewayCpus,
      int maxInFlight) {
    public static final String PHASE = "overload-2x";
    public static final String CAPACITY_PHASE = "capacity";

    public boolean enabled() {
      return cells.enabled();
    }

    /**
     * The gateway's quota in the windows of this protocol's capacity steps and cells; {@code
     * fallback} (--saturation-gateway-cpus) where none was given for it.
     */
    public double gatewayCpus(final Protocol protocol, final double fallback) {
      return gatewayCpus.getOrDefault(protocol, fallback);
    }

    /** Capacity steps of its own run before its cells. */
    public boolean capacitySteps() {
      return enabled() && capacity <= 0 && !capacityRates.isEmpty();
    }
  }

  /** What {@code --phases} can name, in the order they run. */
  public static final List<String> PHASE_NAMES =
      List.of("main", "ramp", "saturation", "sweep", "overload", AtCapacity.PHASE);

  /** Whether the main cells run ({@code --phases} without main: only the other phases). */
  public boolean runsMain() {
    return phases.contains("main");
  }

  /** Offered rates stepped up per mode, to find where a mode stops keeping up. */
  public record Ramp(
      List<Double> rates,
      List<Mode> modes,
      List<Protocol> protocols,
      Duration warmup,
      Duration window) {
    public boolean enabled() {
      return !rates.isEmpty() && !modes.isEmpty() && !protocols.isEmpty();
    }
  }

  private static final Set<String> FLAGS =
      Set.of("smoke", "overload", "overload-2x", "no-build", "help");

  public static final String USAGE =
      """
      scripts/bench.sh [options]
        --modes a,b,...          modes (default stock,patched,executor,pathpattern,fail-fast,
                                 lean-front-end: stock, patched and each change alone); known: %s
        --protocols a,b,...      client setups (default rest,grpc,grpc-stream): rest (client's REST
                                 pool widened, workers poll), rest-default-pool (the client's own
                                 5-connection pool), grpc (workers poll), grpc-stream (workers stream)
        --rate N                 process instances created per second (default 100)
        --warmup D --window D    warm-up and measured window per cell (default 20s, 60s)
        --rounds N               rounds of every phase but the ramp; modes interleaved, the order
                                 rotating per round (default 3; --smoke 1)
        --gateway-cpus N         CPU quota of the gateway container (default 1)
        --gateway-java-opts=FLAGS  JVM flags for the gateway (its JAVA_OPTS), e.g.
                                 --gateway-java-opts=-XX:CompileThresholdScaling=0.1 to have the
                                 JIT compile ten times sooner, so a short warm-up reaches
                                 compiled code (default none)
        --saturation-gateway-cpus N   its quota in the measured window of the ramp, saturation
                                 and sweep phases, after a warm-up on --gateway-cpus (default
                                 --gateway-cpus): where the broker's core saturates before a
                                 1-CPU gateway, a smaller quota lets the gateway saturate first
        --saturation-warmup-rate N   the rate of that warm-up on the larger quota (default: each
                                 cell's own rate): a higher one gets the JIT done sooner
        --gateway-cpuset L       CPUs of the gateway (default: the last core if there are 2 or more;
                                 none = not pinned)
        --load-cpuset L          CPUs of the broker and the load generator (default: the others)
        --tasks 1,10             processes: service tasks per instance, one or more (default 1); the
                                 main cells run each, the other phases the first
        --ten-task-modes a,b     modes of the 10-task main cells (default stock,patched)
        --ten-task-rate N        their rate (default --rate / 5: a tenth of the instances, twice
                                 the jobs)
        --default-pool-modes a,b modes with a rest-default-pool main cell (default patched)
        --work-delay D --worker-threads N --max-jobs-active N   workers (default 50ms, 10, 60)
        --worker-poll-interval D   the workers' poll interval (default 100ms, the client's): a
                                 polling worker waits that long before its next activation when
                                 its jobs finished before the last one's answer was processed
        --rest-connections N     REST pool of each client for the rest setup (default max-in-flight
                                 + max-jobs-active)
        --max-load-side-busy P   the broker/load CPUs busier than P %% mark a cell invalid for latency (90)
        --max-broker-p50 D       create broker-stage p50 above D marks it invalid for latency (5ms)
        --ramp r1,r2,...         offered rates for the saturation ramp, one round each (default none)
        --ramp-modes a,b --ramp-protocols P --ramp-warmup D --ramp-window D
        --saturation-modes a,b   modes run at stock's saturation point found by the ramp, --rounds
                                 rounds (default stock,patched when --ramp is given)
        --sweep a,b,...          executor sweep modes (e.g. exec-x4,exec-x8,exec-x16,queue-16,queue-64,queue-256)
        --sweep-rate N|ramp      rate of the sweep (default ramp: stock's saturation point, else --rate)
        --sweep-protocols P --sweep-warmup D --sweep-window D
        --overload               the overload step: --overload-rate 1000 against --overload-request-limit 20
        --overload-modes a,b --overload-protocols P --overload-warmup D --overload-window D
        --overload-partitions N  broker partitions of the overload cells (default --partitions): the
                                 next-partition retry needs 2 or more to hop
        --overload-2x            the workload (starter + workers) at 2x the gateway's capacity, on
                                 the reduced quota (--saturation-gateway-cpus, warmed up like the
                                 saturation cells), --rounds rounds; per cell completed/s, p99 of
                                 create and end-to-end, answers by kind, acknowledged instances
                                 not completed (must be 0)
        --overload-2x-modes a,b --overload-2x-protocols P --overload-2x-warmup D
        --overload-2x-window D   (default adaptive,off,stock; rest,grpc; 60s; 20s)
        --overload-2x-multiple X   offered = X x capacity (default 2)
        --overload-2x-capacity N   the capacity (completed instances/s) instead of finding it
        --overload-2x-gateway-cpus N|rest=N,grpc=M   the gateway's quota in those cells and their
                                 capacity steps, per client setup (default --saturation-gateway-cpus)
        --overload-2x-max-in-flight N   creates outstanding at most in those cells (default 1024:
                                 a REST create answered 503 stays outstanding for the client's
                                 retry a second later); the REST pool is widened to match
        --overload-2x-drain D    after the window, with the gateway's quota back at
                                 --gateway-cpus, wait for every acknowledged instance to complete:
                                 at most D (default 180s), and no longer than 75 s without one
                                 completing (a job whose activation answer was lost comes back
                                 after the workers' 60 s job timeout)
        --capacity-ramp r1,r2,.. steps that find the capacity: --capacity-mode over the
                                 --overload-2x-protocols, one round, reduced quota, rate by rate;
                                 a protocol's higher steps are skipped once one fell behind
                                 (default 60,90,...,240; none: the ramp's steps of that mode)
        --capacity-mode M        whose capacity (default off: patched without the edge's limit)
        --capacity-warmup D --capacity-window D   (default --ramp-warmup, --ramp-window)
        --phases a,b,...         run only these phases (main, ramp, saturation, sweep, overload,
                                 overload-2x; default every phase the other options ask for); a
                                 listed overload or overload-2x runs without its flag
        --smoke                  a short run for CI: a few seconds per cell over every phase
        --out DIR                results folder (default results/<timestamp>)
        --image TAG              gateway image (default gatefork:bench), built when missing or stale
        --base-image IMG         base image for that build (default gatefork-base:25 if present,
                                 else eclipse-temurin:25-jre)
        --no-build               never build the image
        --gateway process        run the gateway as a local process (development only: no CPU limit)
        --broker docker|process  the embedded broker in a container (default) or as a local process
        --port-offset N          shift every port (default ports 28080 REST, 28500 gRPC, 28600 mgmt)
        --request-timeout D      client request timeout (default 10s)
        --max-in-flight N        create calls in flight at most; more are skipped and counted (256;
                                 the REST client's pool fails badly with thousands queued)
        --partitions N           broker partitions (default 3)
        --root DIR               repository root (scripts/bench.sh sets it)
        --max-duration D         stop starting new cells after this long (default: planned time x 2)
        --dry-run                print the cells and the time estimate, run nothing
      """
          .formatted(String.join(",", Modes.names()));

  public static BenchOptions parse(final String... args) {
    final Map<String, String> given = new HashMap<>();
    for (int i = 0; i < args.length; i++) {
      final String arg = args[i];
      if (!arg.startsWith("--")) {
        throw new IllegalArgumentException("unexpected argument '" + arg + "'\n" + USAGE);
      }
      String key = arg.substring(2);
      if (key.equals("job-streaming")) {
        throw new IllegalArgumentException(
            "--job-streaming is gone: workers stream in the client"
                + " setup grpc-stream (--protocols grpc,grpc-stream runs both)");
      }
      String value;
      final int eq = key.indexOf('=');
      if (eq >= 0) {
        value = key.substring(eq + 1);
        key = key.substring(0, eq);
      } else if (FLAGS.contains(key)) {
        value = "true";
      } else {
        if (i + 1 >= args.length) {
          throw new IllegalArgumentException("--" + key + " needs a value");
        }
        value = args[++i];
      }
      given.put(key, value);
    }
    if (given.containsKey("help")) {
      throw new IllegalArgumentException(USAGE);
    }
    final var o = new Reader(given);
    final boolean smoke = o.bool("smoke");
    final List<String> phases = o.list("phases", String.join(",", PHASE_NAMES));
    for (final String phase : phases) {
      if (!PHASE_NAMES.contains(phase)) {
        throw new IllegalArgumentException(
            "unknown phase '" + phase + "' in --phases; known: " + String.join(",", PHASE_NAMES));
      }
    }
    // with --phases, a listed phase is asked for; without, every phase its own options ask for
    final boolean listedPhases = given.containsKey("phases");

    final List<Mode> modes =
        Modes.parse(
            o.list(
                "modes",
                smoke
                    ? "stock,patched"
                    : "stock,patched,executor,pathpattern,fail-fast,lean-front-end"));
    final List<Protocol> protocols =
        protocols(o.list("protocols", smoke ? "rest,grpc-stream" : "rest,grpc,grpc-stream"));
    final double rate = o.positive("rate", smoke ? "50" : "100");
    final Duration warmup = o.duration("warmup", smoke ? "3s" : "20s");
    final Duration window = o.duration("window", smoke ? "5s" : "60s");
    final int rounds = (int) o.positive("rounds", smoke ? "1" : "3");

    final List<Integer> tasks = new ArrayList<>();
    for (final String t : o.list("tasks", "1")) {
      final int n = Integer.parseInt(t);
      if (n != 1 && n != 10) {
        throw new IllegalArgumentException("--tasks takes 1 and/or 10, was " + t);
      }
      tasks.add(n);
    }
    final var workload =
        new Workload(
            List.copyOf(tasks),
            o.duration("work-delay", "50ms"),
            (int) o.positive("worker-threads", "10"),
            (int) o.positive("max-jobs-active", "60"),
            o.duration("worker-poll-interval", "100ms"),
            o.duration("request-timeout", "10s"),
            (int) o.positive("max-in-flight", "256"));
    final int restConnections =
        (int)
            o.positive(
                "rest-connections",
                Integer.toString(workload.maxInFlight() + workload.maxJobsActive()));
    final List<Mode> tenTaskModes = Modes.parse(o.list("ten-task-modes", "stock,patched"));
    final double tenTaskRate = o.positive("ten-task-rate", Double.toString(rate / 5));
    final List<Mode> defaultPoolModes = Modes.parse(o.list("default-pool-modes", "patched"));

    final List<Double> rampRates = new ArrayList<>();
    for (final String r : o.list("ramp", smoke ? "40" : "")) {
      if (phases.contains("ramp")) {
        rampRates.add(Double.parseDouble(r));
      }
    }
    if (listedPhases && phases.contains("ramp") && rampRates.isEmpty()) {
      throw new IllegalArgumentException("--phases ramp needs its rates: --ramp r1,r2,...");
    }
    final var ramp =
        new Ramp(
            rampRates,
            Modes.parse(o.list("ramp-modes", smoke ? "stock" : "stock,patched")),
            protocols(o.list("ramp-protocols", "rest")),
            o.duration("ramp-warmup", smoke ? "3s" : "10s"),
            o.duration("ramp-window", smoke ? "4s" : "25s"));
    final List<String> saturationModes = o.list("saturation-modes", smoke ? "" : "stock,patched");
    if (listedPhases && phases.contains("saturation") && !ramp.enabled()) {
      throw new IllegalArgumentException(
          "--phases saturation needs the ramp: list ramp too, with --ramp r1,r2,...");
    }
    final var saturation =
        new Phase(
            ramp.enabled() && phases.contains("saturation")
                ? Modes.parse(saturationModes)
                : List.of(),
            ramp.protocols(),
            Phase.AT_SATURATION,
            0,
            o.duration("saturation-warmup", o.raw("warmup", smoke ? "3s" : "20s")),
            o.duration("saturation-window", o.raw("window", smoke ? "5s" : "60s")),
            rounds);

    final List<Mode> sweepModes = Modes.parse(o.list("sweep", smoke ? "queue-16" : ""));
    final String sweepRate = o.raw("sweep-rate", ramp.enabled() ? "ramp" : "");
    final var sweep =
        new Phase(
            phases.contains("sweep") ? sweepModes : List.of(),
            protocols(o.list("sweep-protocols", "rest")),
            sweepRate.equals("ramp")
                ? Phase.AT_SATURATION
                : sweepRate.isEmpty() ? rate : Double.parseDouble(sweepRate),
            0,
            o.duration("sweep-warmup", o.raw("warmup", smoke ? "3s" : "20s")),
            o.duration("sweep-window", o.raw("window", smoke ? "5s" : "60s")),
            rounds);
    if (listedPhases && phases.contains("sweep") && sweepModes.isEmpty()) {
      throw new IllegalArgumentException("--phases sweep needs its modes: --sweep a,b,...");
    }
    if (sweep.enabled() && sweep.atSaturation() && !ramp.enabled()) {
      throw new IllegalArgumentException("--sweep-rate ramp needs --ramp");
    }

    final List<Mode> overloadModes =
        Modes.parse(o.list("overload-modes", smoke ? "fail-fast" : "stock,fail-fast"));
    final boolean overloadOn =
        phases.contains("overload")
            && (listedPhases || o.bool("overload") || smoke && !given.containsKey("overload"));
    final var overload =
        new Phase(
            overloadOn ? overloadModes : List.of(),
            protocols(o.list("overload-protocols", smoke ? "rest" : "rest,grpc")),
            // above what the broker's core can process (~600 creates/s without workers, cost
            // benchmark): its in-flight commands then reach the limit, for REST as for gRPC
            o.positive("overload-rate", "1000"),
            (int) o.positive("overload-request-limit", "20"),
            o.duration("overload-warmup", smoke ? "2s" : "10s"),
            o.duration("overload-window", smoke ? "4s" : "25s"),
            rounds);

    // the smoke run: one adaptive REST cell at twice what stock's ramp step completed (no
    // capacity steps of its own), so that the path is exercised at the cost of one cell
    final boolean atCapacityOn =
        phases.contains(AtCapacity.PHASE)
            && (listedPhases
                || o.bool("overload-2x")
                || smoke && !given.containsKey("overload-2x"));
    final String capacityGiven = o.raw("overload-2x-capacity", "auto");
    final double capacity;
    try {
      capacity = capacityGiven.equals("auto") ? 0 : Double.parseDouble(capacityGiven);
    } catch (final NumberFormatException e) {
      throw new IllegalArgumentException(
          "--overload-2x-capacity is a rate (completed instances/s) or auto, was " + capacityGiven);
    }
    if (capacity < 0) {
      throw new IllegalArgumentException("--overload-2x-capacity must be positive");
    }
    final double multiple = o.positive("overload-2x-multiple", "2");
    final List<Double> capacityRates = new ArrayList<>();
    for (final String r : o.list("capacity-ramp", smoke ? "" : "60,90,120,150,180,210,240")) {
      capacityRates.add(Double.parseDouble(r));
    }
    final Mode capacityMode = Modes.get(o.raw("capacity-mode", smoke ? "stock" : "off"));
    final List<Mode> atCapacityModes =
        Modes.parse(o.list("overload-2x-modes", smoke ? "adaptive" : "adaptive,off,stock"));
    final var atCapacityCells =
        new Phase(
            atCapacityOn ? atCapacityModes : List.of(),
            protocols(o.list("overload-2x-protocols", smoke ? "rest" : "rest,grpc")),
            capacity > 0 ? capacity * multiple : Phase.AT_CAPACITY,
            0,
            o.duration("overload-2x-warmup", smoke ? "3s" : "60s"),
            o.duration("overload-2x-window", smoke ? "4s" : "20s"),
            rounds);
    final var overloadAtCapacity =
        new AtCapacity(
            atCapacityCells,
            multiple,
            capacityMode,
            List.copyOf(capacityRates),
            o.duration("capacity-warmup", o.raw("ramp-warmup", smoke ? "3s" : "10s")),
            o.duration("capacity-window", o.raw("ramp-window", smoke ? "4s" : "25s")),
            capacity,
            o.duration("overload-2x-drain", "180s"),
            quotas(o.raw("overload-2x-gateway-cpus", "")),
            (int) o.positive("overload-2x-max-in-flight", "1024"));
    if (overloadAtCapacity.enabled()
        && capacity <= 0
        && capacityRates.isEmpty()
        && !(ramp.enabled() && ramp.modes().contains(capacityMode))) {
      throw new IllegalArgumentException(
          "--overload-2x needs the capacity: --capacity-ramp r1,r2,..., a ramp of mode "
              + capacityMode.name()
              + " (--ramp-modes), or --overload-2x-capacity N");
    }

    final int machineCpus = Runtime.getRuntime().availableProcessors();
    final Placement automatic = Placement.defaultFor(machineCpus);
    final List<Integer> gatewayCpuset =
        o.raw("gateway-cpuset", "auto").equals("auto")
            ? automatic.gatewayCpus()
            : Placement.parseCpus(o.raw("gateway-cpuset", ""));
    final List<Integer> loadCpuset =
        o.raw("load-cpuset", "auto").equals("auto")
            ? (gatewayCpuset.equals(automatic.gatewayCpus()) ? automatic.loadCpus() : List.of())
            : Placement.parseCpus(o.raw("load-cpuset", ""));
    for (final int cpu : gatewayCpuset) {
      if (loadCpuset.contains(cpu)) {
        throw new IllegalArgumentException(
            "CPU "
                + cpu
                + " is in both --gateway-cpuset and"
                + " --load-cpuset: the gateway's core must be its own");
      }
    }
    final var placement = new Placement(gatewayCpuset, loadCpuset);
    final var validity =
        new ValidityRule(
            o.positive("max-load-side-busy", "90"),
            o.duration("max-broker-p50", "5ms").toNanos() / 1e6);

    final double cpus = o.positive("gateway-cpus", "1");
    // the smoke run goes through the quota change and the warm-up rate once
    final double saturationCpus =
        o.positive("saturation-gateway-cpus", smoke ? "0.5" : Double.toString(cpus));
    final Path root = Path.of(o.raw("root", ".")).toAbsolutePath().normalize();
    final String outDefault =
        "results/"
            + LocalDateTime.now()
                .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT))
            + (smoke ? "-smoke" : "");
    final Path out = root.resolve(o.raw("out", outDefault)).normalize();
    final String gatewayRuntime = o.choice("gateway", "docker", "docker", "process");
    final String brokerRuntime = o.choice("broker", "docker", "docker", "process");
    final Ports ports = Ports.withOffset((int) o.number("port-offset", "0"));
    final Duration maxDuration =
        given.containsKey("max-duration") ? o.duration("max-duration", "0s") : null;

    final int partitions = (int) o.positive("partitions", "3");
    final int overloadPartitions =
        (int) o.positive("overload-partitions", Integer.toString(partitions));
    // 0: each cell warms up at its own rate
    final double saturationWarmupRate = o.number("saturation-warmup-rate", smoke ? "60" : "0");
    final String image = o.raw("image", "gatefork:bench");
    final String gatewayJavaOpts = o.raw("gateway-java-opts", "");
    final String baseImage = o.raw("base-image", "");
    final boolean build = !o.bool("no-build");
    o.rejectUnknown();
    return new BenchOptions(
        modes,
        protocols,
        rate,
        warmup,
        window,
        rounds,
        cpus,
        saturationCpus,
        out,
        smoke,
        workload,
        sweep,
        overload,
        overloadAtCapacity,
        List.copyOf(phases),
        ramp,
        saturation,
        placement,
        validity,
        restConnections,
        tenTaskModes,
        tenTaskRate,
        defaultPoolModes,
        partitions,
        overloadPartitions,
        saturationWarmupRate,
        image,
        baseImage,
        build,
        root,
        gatewayRuntime,
        brokerRuntime,
        ports,
        maxDuration,
        gatewayJavaOpts,
        "scripts/bench.sh " + String.join(" ", args));
  }

  /** "0.1" (every client setup) or "rest=0.15,grpc=0.06"; empty: none given. */
  static Map<Protocol, Double> quotas(final String text) {
    final Map<Protocol, Double> quotas = new java.util.EnumMap<>(Protocol.class);
    if (text.isBlank()) {
      return Map.of();
    }
    for (final String part : text.split(",")) {
      final int eq = part.indexOf('=');
      final String value = eq < 0 ? part : part.substring(eq + 1);
      final double cpus;
      try {
        cpus = Double.parseDouble(value.trim());
      } catch (final NumberFormatException e) {
        throw new IllegalArgumentException(
            "--overload-2x-gateway-cpus takes N or rest=N,grpc=M, was '" + text + "'");
      }
      if (!(cpus > 0)) {
        throw new IllegalArgumentException("--overload-2x-gateway-cpus must be positive");
      }
      if (eq < 0) {
        for (final Protocol p : Protocol.values()) {
          quotas.put(p, cpus);
        }
      } else {
        quotas.put(Protocol.parse(part.substring(0, eq)), cpus);
      }
    }
    return Map.copyOf(quotas);
  }

  private static List<Protocol> protocols(final List<String> names) {
    return names.stream().map(Protocol::parse).toList();
  }

  public static Duration parseDuration(final String text) {
    final String t = text.trim().toLowerCase(Locale.ROOT);
    try {
      if (t.endsWith("ms")) {
        return Duration.ofNanos(
            Math.round(Double.parseDouble(t.substring(0, t.length() - 2)) * 1_000_000));
      }
      if (t.endsWith("s")) {
        return Duration.ofMillis(
            Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 1000));
      }
      if (t.endsWith("m")) {
        return Duration.ofSeconds(
            Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 60));
      }
      return Duration.ofMillis(Math.round(Double.parseDouble(t) * 1000));
    } catch (final NumberFormatException e) {
      throw new IllegalArgumentException("not a duration: '" + text + "' (e.g. 500ms, 20s, 2m)");
    }
  }

  /** Reads options and remembers which were used, so that a typo is an error, not a default. */
  private static final class Reader {
    private final Map<String, String> given;
    private final Set<String> used = new HashSet<>();

    Reader(final Map<String, String> given) {
      this.given = given;
    }

    String raw(final String key, final String fallback) {
      used.add(key);
      final String value = given.get(key);
      return value != null ? value : fallback;
    }

    List<String> list(final String key, final String fallback) {
      final String value = raw(key, fallback);
      if (value.isBlank() || value.equals("none")) {
        return List.of();
      }
      return Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    boolean bool(final String key) {
      return Boolean.parseBoolean(raw(key, "false"));
    }

    double number(final String key, final String fallback) {
      final String value = raw(key, fallback);
      try {
        return Double.parseDouble(value);
      } catch (final NumberFormatException e) {
        throw new IllegalArgumentException("--" + key + " is not a number: '" + value + "'");
      }
    }

    double positive(final String key, final String fallback) {
      final double value = number(key, fallback);
      if (!(value > 0)) {
        throw new IllegalArgumentException("--" + key + " must be positive, was " + value);
      }
      return value;
    }

    Duration duration(final String key, final String fallback) {
      return parseDuration(raw(key, fallback));
    }

    String choice(final String key, final String fallback, final String... allowed) {
      final String value = raw(key, fallback);
      if (!Arrays.asList(allowed).contains(value)) {
        throw new IllegalArgumentException(
            "--" + key + " must be one of " + Arrays.toString(allowed));
      }
      return value;
    }

    void rejectUnknown() {
      for (final String key : given.keySet()) {
        if (!used.contains(key)) {
          throw new IllegalArgumentException("unknown option --" + key + "\n" + USAGE);
        }
      }
    }
  }
}

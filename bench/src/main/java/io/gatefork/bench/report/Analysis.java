package io.gatefork.bench.report;

import io.gatefork.bench.config.Modes;
import io.gatefork.bench.config.ValidityRule;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * What the cells mean together: aggregates per phase, the comparisons that matter (each mode
 * against stock, REST against gRPC, the client's default REST pool against a widened one, the sweep
 * against patched), the saturation point the ramp found, and the headline figures the docs read
 * against the issues' targets (no verdicts here: a report states figures). Every comparison carries
 * its spread over rounds; latency is only compared between cells valid for latency. Nothing here
 * asserts anything.
 */
public final class Analysis {
  /** A ramp step counts as sustained when this share of the offered rate completes. */
  static final double SUSTAINED_SHARE = 0.95;

  static final double SUSTAINED_MAX_ERROR_PCT = 1.0;

  /** The gateway counts as saturated at this share of its CPU quota. */
  static final double GATEWAY_SATURATED_SHARE = 0.9;

  /**
   * {@code subject} against {@code baseline} (a mode, or a protocol) in one phase; ratios are
   * subject / baseline. Latency ratios are {@link Ratio#NONE} unless both sides were valid.
   */
  public record Comparison(
      String phase,
      String subject,
      String baseline,
      String mode,
      String protocol,
      int tasks,
      double rate,
      Ratio cpuPerInstance,
      Ratio completed,
      Ratio createP50,
      Ratio createP99,
      boolean latencyComparable) {}

  public record RampStep(
      String mode,
      String protocol,
      int tasks,
      double offered,
      double created,
      double completed,
      double errorPct,
      double createP99,
      double throttledPct,
      double gatewayCores,
      double gatewayCpus,
      double loadSideBusyPct,
      double cpuPerInstanceUs,
      boolean sustained,
      boolean gatewaySaturated,
      boolean brokerSideValid) {}

  /**
   * The completed-instances rate at which {@code mode}'s gateway keeps up on its quota ({@link
   * #capacity}); {@code found} false: a lower bound or a fallback, {@code how} says which.
   */
  public record Capacity(
      String mode,
      String protocol,
      int tasks,
      double rate,
      boolean found,
      boolean brokerFirst,
      String how) {
    /** Higher steps would tell nothing more: the gateway fell behind, or the broker side did. */
    public boolean settled() {
      return found || brokerFirst;
    }
  }

  /** The phases of the overload cells at a multiple of capacity and of the steps that find it. */
  public static final String AT_CAPACITY_PHASE = "overload-2x";

  public static final String CAPACITY_PHASE = "capacity";

  /**
   * One mode and protocol of the overload cells at a multiple of capacity, over its rounds: the
   * figures per round as median [min–max], the counts of instances summed over the rounds.
   *
   * @param lost acknowledged instances not completed by the end of their cell's drain, all rounds
   */
  public record AtCapacityRow(
      String mode,
      String protocol,
      int tasks,
      double offered,
      double capacity,
      double multiple,
      int rounds,
      Spread completed,
      Spread createP99,
      Spread e2eP99,
      Spread okPct,
      Spread exhaustedPct,
      Spread timeoutPct,
      Spread otherPct,
      Spread notSentPerSecond,
      Spread exhaustedP99,
      Spread gatewayShedPerSecond,
      Spread limitAtEnd,
      long completeErrors,
      long completionsFoundGone,
      long acknowledged,
      long acknowledgedCompleted,
      long lost,
      long completedUnacknowledged,
      Spread drainSeconds,
      Spread gatewayCores,
      double gatewayCpus,
      Spread loadSideBusy,
      String bottleneck) {}

  /** The overload cells at a multiple of capacity, one row per mode, protocol and process. */
  public List<AtCapacityRow> atCapacity() {
    final List<AtCapacityRow> rows = new ArrayList<>();
    for (final Aggregate a : phase(AT_CAPACITY_PHASE)) {
      final List<CellResult> rounds =
          roundsOf.get(a).stream().filter(c -> c.overload() != null).toList();
      if (rounds.isEmpty()) {
        continue;
      }
      final CellResult first = rounds.get(0);
      final double quota = first.gatewayCpus();
      final Spread cores = spreadOf(rounds, c -> c.gatewayCpu().coresUsed());
      final Spread loadSide =
          spreadOf(rounds, c -> c.loadSideBusyPct() >= 0 ? c.loadSideBusyPct() : -1);
      rows.add(
          new AtCapacityRow(
              a.mode(),
              a.protocol(),
              a.tasks(),
              a.offeredRate(),
              first.overload().capacity(),
              first.overload().multiple(),
              rounds.size(),
              spreadOf(rounds, c -> c.throughput().completedPerSecond()),
              spreadOf(rounds, c -> emptyAsNone(c.latency(CellResult.CREATE)).p99Ms()),
              spreadOf(rounds, c -> emptyAsNone(c.latency(CellResult.END_TO_END)).p99Ms()),
              spreadOf(rounds, c -> c.overload().pct(c.overload().ok())),
              spreadOf(rounds, c -> c.overload().pct(c.overload().exhausted())),
              spreadOf(rounds, c -> c.overload().pct(c.overload().timeouts())),
              spreadOf(rounds, c -> c.overload().pct(c.overload().other())),
              spreadOf(rounds, c -> c.overload().notSent() / c.windowSeconds()),
              spreadOf(rounds, c -> c.overload().exhaustedP99Ms()),
              spreadOf(rounds, c -> c.overload().gatewayShed() / c.windowSeconds()),
              spreadOf(rounds, c -> c.overload().limitAtEnd()),
              sum(rounds, c -> c.overload().completeErrors()),
              sum(rounds, c -> c.overload().completionsFoundGone()),
              sum(rounds, c -> c.overload().acknowledged()),
              sum(rounds, c -> c.overload().acknowledgedCompleted()),
              sum(rounds, c -> c.overload().lost()),
              sum(rounds, c -> c.overload().completedUnacknowledged()),
              spreadOf(rounds, c -> c.overload().drainSeconds()),
              cores,
              quota,
              loadSide,
              bottleneck(cores, quota, loadSide)));
    }
    rows.sort(
        Comparator.comparing(AtCapacityRow::protocol)
            .thenComparingInt(AtCapacityRow::tasks)
            .thenComparing(r -> atCapacityModeOrder(r.mode())));
    return rows;
  }

  /** adaptive, off, stock first (the phase's modes), others after, by name. */
  private static String atCapacityModeOrder(final String mode) {
    final int i = List.of("adaptive", "off", "stock").indexOf(mode);
    return (i < 0 ? "9" : Integer.toString(i)) + mode;
  }

  /**
   * Which side limited a cell: the gateway when it used its quota ({@link #GATEWAY_SATURATED_SHARE}
   * of it in every round) and the broker/load CPUs stayed under the validity rule's limit.
   */
  private String bottleneck(final Spread cores, final double quota, final Spread loadSide) {
    if (loadSide.measured() && loadSide.max() > rule.maxLoadSideBusyPct()) {
      return f("broker/load CPUs (up to %.0f %%)", loadSide.max());
    }
    if (cores.measured() && cores.min() >= GATEWAY_SATURATED_SHARE * quota) {
      return "gateway (quota full)";
    }
    return cores.measured()
        ? f("gateway quota not full (%.2f of %.2f)", cores.min(), quota)
        : "unknown";
  }

  private static io.gatefork.bench.stats.LatencySummary emptyAsNone(
      final io.gatefork.bench.stats.LatencySummary s) {
    return s.count() == 0 ? new io.gatefork.bench.stats.LatencySummary(0, -1, -1, -1, -1, -1) : s;
  }

  private static Spread spreadOf(
      final List<CellResult> cells, final ToDoubleFunction<CellResult> f) {
    final List<Double> values = new ArrayList<>();
    for (final CellResult cell : cells) {
      values.add(f.applyAsDouble(cell));
    }
    return Spread.of(values);
  }

  private static long sum(
      final List<CellResult> cells, final java.util.function.ToLongFunction<CellResult> f) {
    return cells.stream().mapToLong(f).sum();
  }

  /**
   * Where stock stopped keeping up on its CPU quota while the broker side was not saturated. {@code
   * found} false: {@code rate} is a fallback (the highest valid step), {@code how} says why.
   */
  public record SaturationPoint(
      String protocol, int tasks, double rate, boolean found, String how) {}

  /**
   * REST workers served from job streams ({@code subject}) against a baseline in the main phase,
   * same process and rate: end-to-end latency (create sent to last job's completion acknowledged)
   * and gateway CPU per instance. Latency ratios are {@link Ratio#NONE} unless both were valid.
   */
  public record ActivationComparison(
      int tasks,
      double rate,
      String subject,
      String baseline,
      Ratio e2eP50,
      Ratio e2eP99,
      Ratio cpuPerInstance,
      boolean latencyComparable) {}

  /** The mode whose REST long polls are served from job streams, and the client setups it meets. */
  static final String REST_STREAM = "rest-stream";

  private static final List<String[]> ACTIVATION_BASELINES =
      List.of(new String[] {"patched", "rest"}, new String[] {"patched", "grpc-stream"});

  /** A headline figure of the run: what it is, and the measured value (or why not measured). */
  public record Figure(String name, String measured) {}

  private final List<CellResult> cells;
  private final Map<String, List<Aggregate>> byPhase = new LinkedHashMap<>();
  // by identity: two aggregates of equal figures are still different cells
  private final Map<Aggregate, List<CellResult>> roundsOf = new java.util.IdentityHashMap<>();
  private final int partitions;
  private final ValidityRule rule;

  public Analysis(final List<CellResult> cells, final int partitions) {
    this(cells, partitions, ValidityRule.DEFAULT);
  }

  public Analysis(final List<CellResult> cells, final int partitions, final ValidityRule rule) {
    this.cells = cells;
    this.partitions = partitions;
    this.rule = rule;
    final Map<String, List<CellResult>> groups = new LinkedHashMap<>();
    for (final CellResult cell : cells) {
      if (cell.ok()) {
        groups
            .computeIfAbsent(
                cell.phase()
                    + "|"
                    + cell.mode()
                    + "|"
                    + cell.protocol()
                    + "|"
                    + cell.tasks()
                    + "|"
                    + cell.offeredRate(),
                k -> new ArrayList<>())
            .add(cell);
      }
    }
    groups
        .values()
        .forEach(
            group -> {
              final Aggregate a = Aggregate.of(group, rule);
              roundsOf.put(a, group);
              byPhase.computeIfAbsent(a.phase(), k -> new ArrayList<>()).add(a);
            });
  }

  public ValidityRule rule() {
    return rule;
  }

  public List<CellResult> cells() {
    return cells;
  }

  public List<Aggregate> phase(final String phase) {
    return byPhase.getOrDefault(phase, List.of());
  }

  public List<CellResult> failures() {
    return cells.stream().filter(c -> !c.ok()).toList();
  }

  /** The first aggregate of mode and protocol in the phase (the smallest process first). */
  public Optional<Aggregate> find(final String phase, final String mode, final String protocol) {
    return phase(phase).stream()
        .filter(a -> a.mode().equals(mode) && a.protocol().equals(protocol))
        .min(Comparator.comparingInt(Aggregate::tasks));
  }

  public Optional<Aggregate> find(
      final String phase,
      final String mode,
      final String protocol,
      final int tasks,
      final double rate) {
    return phase(phase).stream()
        .filter(
            a ->
                a.mode().equals(mode)
                    && a.protocol().equals(protocol)
                    && a.tasks() == tasks
                    && a.offeredRate() == rate)
        .findFirst();
  }

  /** Each mode against stock, same protocol, process and rate: main and saturation phases. */
  public List<Comparison> versusStock() {
    final List<Comparison> rows = new ArrayList<>();
    for (final String phase : List.of("main", "saturation")) {
      for (final Aggregate a : phase(phase)) {
        if (!a.mode().equals("stock")) {
          find(phase, "stock", a.protocol(), a.tasks(), a.offeredRate())
              .ifPresent(s -> rows.add(compare(a, s, a.mode(), "stock")));
        }
      }
    }
    return rows;
  }

  /** REST (widened pool) against gRPC polling and gRPC streaming, per mode. */
  public List<Comparison> restVersusGrpc() {
    final List<Comparison> rows = new ArrayList<>();
    for (final String phase : List.of("main", "saturation")) {
      for (final Aggregate rest : phase(phase)) {
        if (!rest.protocol().equals("rest")) {
          continue;
        }
        for (final String grpc : List.of("grpc", "grpc-stream")) {
          find(phase, rest.mode(), grpc, rest.tasks(), rest.offeredRate())
              .ifPresent(g -> rows.add(compare(rest, g, "rest", grpc)));
        }
      }
    }
    return rows;
  }

  /** The client's default REST pool against the widened one, per mode. */
  public List<Comparison> defaultPoolVersusWidened() {
    final List<Comparison> rows = new ArrayList<>();
    for (final Aggregate a : phase("main")) {
      if (a.protocol().equals("rest-default-pool")) {
        find("main", a.mode(), "rest", a.tasks(), a.offeredRate())
            .ifPresent(w -> rows.add(compare(a, w, "rest-default-pool", "rest")));
      }
    }
    return rows;
  }

  /** The main cells of REST stream mode and of its baselines, by process. */
  public List<Aggregate> activationCells() {
    final List<Aggregate> rows = new ArrayList<>();
    for (final Aggregate stream : phase("main")) {
      if (stream.mode().equals(REST_STREAM) && stream.protocol().equals("rest")) {
        for (final String[] b : ACTIVATION_BASELINES) {
          find("main", b[0], b[1], stream.tasks(), stream.offeredRate()).ifPresent(rows::add);
        }
        rows.add(stream);
      }
    }
    return rows;
  }

  /** REST stream mode against polling REST workers and streaming gRPC workers, per process. */
  public List<ActivationComparison> restStreamVersusOthers() {
    final List<ActivationComparison> rows = new ArrayList<>();
    for (final Aggregate stream : phase("main")) {
      if (!stream.mode().equals(REST_STREAM) || !stream.protocol().equals("rest")) {
        continue;
      }
      for (final String[] b : ACTIVATION_BASELINES) {
        find("main", b[0], b[1], stream.tasks(), stream.offeredRate())
            .ifPresent(
                base -> {
                  final boolean latency = stream.validForLatency() && base.validForLatency();
                  rows.add(
                      new ActivationComparison(
                          stream.tasks(),
                          stream.offeredRate(),
                          "rest stream",
                          base.protocol().equals("rest") ? "rest poll" : base.protocol(),
                          latency
                              ? ratio(stream, base, c -> c.latency(CellResult.END_TO_END).p50Ms())
                              : Ratio.NONE,
                          latency
                              ? ratio(stream, base, c -> c.latency(CellResult.END_TO_END).p99Ms())
                              : Ratio.NONE,
                          ratio(stream, base, c -> Aggregate.cost(c).cpuPerInstanceUs()),
                          latency));
                });
      }
    }
    return rows;
  }

  /** Every sweep mode against patched's own configuration in the sweep (exec-x8 and queue-64). */
  public List<Comparison> sweepVersusPatched() {
    final List<Comparison> rows = new ArrayList<>();
    for (final Aggregate a : phase("sweep")) {
      find("saturation", "patched", a.protocol(), a.tasks(), a.offeredRate())
          .or(() -> find("main", "patched", a.protocol(), a.tasks(), a.offeredRate()))
          .ifPresent(p -> rows.add(compare(a, p, a.mode(), "patched")));
    }
    return rows;
  }

  private Comparison compare(
      final Aggregate subject,
      final Aggregate baseline,
      final String subjectName,
      final String baselineName) {
    final boolean latency = subject.validForLatency() && baseline.validForLatency();
    return new Comparison(
        subject.phase(),
        subjectName,
        baselineName,
        subject.mode(),
        subject.protocol(),
        subject.tasks(),
        subject.offeredRate(),
        ratio(subject, baseline, c -> Aggregate.cost(c).cpuPerInstanceUs()),
        ratio(subject, baseline, c -> c.throughput().completedPerSecond()),
        latency ? ratio(subject, baseline, c -> c.latency(CellResult.CREATE).p50Ms()) : Ratio.NONE,
        latency ? ratio(subject, baseline, c -> c.latency(CellResult.CREATE).p99Ms()) : Ratio.NONE,
        latency);
  }

  private Ratio ratio(
      final Aggregate subject,
      final Aggregate baseline,
      final ToDoubleFunction<CellResult> figure) {
    return Ratio.paired(byRound(subject, figure), byRound(baseline, figure));
  }

  private Map<Integer, Double> byRound(final Aggregate a, final ToDoubleFunction<CellResult> f) {
    final Map<Integer, Double> values = new LinkedHashMap<>();
    for (final CellResult cell : roundsOf.getOrDefault(a, List.of())) {
      values.put(cell.round(), f.applyAsDouble(cell));
    }
    return values;
  }

  /**
   * Whether the API executor filled in a cell: a caller-runs event (pool and queue full), or the
   * sampled queue at its capacity. The 2026-11-22 sweep never did, so its sizes compared nothing.
   */
  public record ExecutorFill(
      String phase,
      String mode,
      String protocol,
      double rate,
      double callerRuns,
      double queueMax,
      int queueCapacity,
      boolean filled) {}

  /** Executor queue capacity of a cell: its mode's setting, else gatefork's default (64). */
  static final int DEFAULT_QUEUE_CAPACITY = 64;

  /** The saturation and sweep cells, where the executor is meant to fill. */
  public List<ExecutorFill> executorFill() {
    final List<ExecutorFill> rows = new ArrayList<>();
    for (final String phase : List.of("saturation", "sweep")) {
      for (final Aggregate a : phase(phase)) {
        final var env = roundsOf.get(a).get(0).env();
        final int capacity =
            env != null && env.containsKey(Modes.QUEUE)
                ? Integer.parseInt(env.get(Modes.QUEUE))
                : DEFAULT_QUEUE_CAPACITY;
        rows.add(
            new ExecutorFill(
                phase,
                a.mode(),
                a.protocol(),
                a.offeredRate(),
                a.callerRuns(),
                a.queueMax(),
                capacity,
                a.callerRuns() > 0 || a.queueMax() >= capacity));
      }
    }
    return rows;
  }

  public List<RampStep> ramp() {
    return steps("ramp");
  }

  /** The steps that found the capacity of the overload cells at a multiple of it. */
  public List<RampStep> capacitySteps() {
    return steps(CAPACITY_PHASE);
  }

  private List<RampStep> steps(final String phaseName) {
    final List<RampStep> steps = new ArrayList<>();
    for (final Aggregate a : phase(phaseName)) {
      final double quota = roundsOf.get(a).get(0).gatewayCpus();
      steps.add(
          new RampStep(
              a.mode(),
              a.protocol(),
              a.tasks(),
              a.offeredRate(),
              a.createdPerSecond(),
              a.completedPerSecond(),
              a.createErrorPct(),
              a.createP99(),
              a.throttledPct(),
              a.gatewayCores(),
              quota,
              a.loadSideBusy().median(),
              a.cpuPerInstanceUs().median(),
              a.completedPerSecond() >= SUSTAINED_SHARE * a.offeredRate()
                  && a.createErrorPct() < SUSTAINED_MAX_ERROR_PCT,
              a.gatewayCores() >= GATEWAY_SATURATED_SHARE * quota,
              // the broker/load cores only: the broker stage is timed inside the gateway, so a
              // gateway starved by its quota stretches it however idle the broker is
              a.loadSideBusy().measured() && a.loadSideBusy().max() <= rule.maxLoadSideBusyPct()));
    }
    steps.sort(
        Comparator.comparing(RampStep::mode)
            .thenComparing(RampStep::protocol)
            .thenComparingInt(RampStep::tasks)
            .thenComparingDouble(RampStep::offered));
    return steps;
  }

  /**
   * The lowest rate at which stock did not keep up (completed less than 95 % of what was offered),
   * with the broker side valid at that step: there a cheaper gateway can carry more, so the
   * saturation cells compare throughput as well as cost. If the broker side saturated first, there
   * is no such point at these rates: the highest valid step stands in, and {@code how} says so.
   */
  public Optional<SaturationPoint> saturationPoint(final String protocol, final int tasks) {
    final List<RampStep> stock =
        ramp().stream()
            .filter(
                s ->
                    s.mode().equals("stock") && s.protocol().equals(protocol) && s.tasks() == tasks)
            .toList();
    if (stock.isEmpty()) {
      return Optional.empty();
    }
    for (final RampStep s : stock) {
      if (!s.sustained()) {
        if (s.brokerSideValid()) {
          return Optional.of(
              new SaturationPoint(
                  protocol,
                  tasks,
                  s.offered(),
                  true,
                  f(
                      "stock at %.0f/s: %.2f of %.2f gateway cores, %.0f of %.0f/s completed, broker/load"
                          + " CPUs %.0f %%",
                      s.offered(),
                      s.gatewayCores(),
                      s.gatewayCpus(),
                      s.completed(),
                      s.offered(),
                      s.loadSideBusyPct())));
        }
        break;
      }
    }
    final Optional<RampStep> highestValid =
        stock.stream()
            .filter(RampStep::brokerSideValid)
            .max(Comparator.comparingDouble(RampStep::offered));
    final RampStep top = stock.get(stock.size() - 1);
    final String why =
        stock.stream().anyMatch(s -> !s.brokerSideValid())
            ? "the broker side saturated before stock's gateway did: lower the rates or lighten the"
                + " broker (--partitions 1)"
            : f("stock kept up at every rate up to %.0f/s: raise the rates", top.offered());
    return Optional.of(
        highestValid
            .map(
                s ->
                    new SaturationPoint(
                        protocol,
                        tasks,
                        s.offered(),
                        false,
                        why
                            + f(
                                "; using %.0f/s, the highest step with the broker side valid",
                                s.offered())))
            .orElse(
                new SaturationPoint(
                    protocol,
                    tasks,
                    top.offered(),
                    false,
                    why + f("; no valid step, using the highest rate %.0f/s", top.offered()))));
  }

  /**
   * The completed-instances rate at which {@code mode}'s gateway keeps up, from its steps (capacity
   * steps and ramp steps alike; {@code protocol} null: the first protocol stepped). Steps whose
   * broker side saturated do not count. Found: a step did not keep up, and the capacity is the most
   * any step up to it completed (the gateway's plateau, usually that step's own). Not found: every
   * valid step kept up (the capacity is at least its figure), or the broker side saturated first.
   */
  public Optional<Capacity> capacity(final String mode, final String protocol, final int tasks) {
    final List<RampStep> all = new ArrayList<>(ramp());
    all.addAll(capacitySteps());
    final String stepped =
        protocol != null
            ? protocol
            : all.stream()
                .filter(s -> s.mode().equals(mode) && s.tasks() == tasks)
                .map(RampStep::protocol)
                .findFirst()
                .orElse(null);
    final List<RampStep> steps =
        all.stream()
            .filter(
                s -> s.mode().equals(mode) && s.protocol().equals(stepped) && s.tasks() == tasks)
            .sorted(Comparator.comparingDouble(RampStep::offered))
            .toList();
    if (steps.isEmpty()) {
      return Optional.empty();
    }
    double best = -1;
    RampStep bestStep = null;
    for (final RampStep s : steps) {
      if (!s.brokerSideValid()) {
        final String why =
            f(
                "the broker side saturated at %.0f/s (broker/load CPUs %.0f %%) before %s's"
                    + " gateway did: lower the quota or the rates",
                s.offered(), s.loadSideBusyPct(), mode);
        return Optional.of(
            bestStep == null
                ? new Capacity(
                    mode, stepped, tasks, s.completed(), false, true, why + "; no valid step")
                : new Capacity(
                    mode,
                    stepped,
                    tasks,
                    best,
                    false,
                    true,
                    why + f("; using %.1f/s, completed at %.0f/s", best, bestStep.offered())));
      }
      if (s.completed() > best) {
        best = s.completed();
        bestStep = s;
      }
      if (!s.sustained()) {
        return Optional.of(
            new Capacity(
                mode,
                stepped,
                tasks,
                best,
                true,
                false,
                f(
                    "%s fell behind at %.0f/s (%.1f/s completed, %.2f of %.2f gateway cores,"
                        + " broker/load CPUs %.0f %%); the most completed up to there: %.1f/s"
                        + " at %.0f/s",
                    mode,
                    s.offered(),
                    s.completed(),
                    s.gatewayCores(),
                    s.gatewayCpus(),
                    s.loadSideBusyPct(),
                    best,
                    bestStep.offered())));
      }
    }
    return Optional.of(
        new Capacity(
            mode,
            stepped,
            tasks,
            best,
            false,
            false,
            f(
                "%s kept up at every step up to %.0f/s: the capacity is at least %.1f/s (raise"
                    + " the rates)",
                mode, bestStep.offered(), best)));
  }

  /** The capacities the overload cells at a multiple of capacity ran against, per protocol. */
  public List<Capacity> capacities() {
    final List<Capacity> found = new ArrayList<>();
    final java.util.Set<String> seen = new java.util.LinkedHashSet<>();
    for (final Aggregate a : phase(AT_CAPACITY_PHASE)) {
      if (!seen.add(a.protocol() + "|" + a.tasks())) {
        continue;
      }
      final var figures = roundsOf.get(a).get(0).overload();
      final String mode = figures != null ? figures.capacityMode() : null;
      if (mode != null) {
        capacity(mode, a.protocol(), a.tasks())
            .or(() -> capacity(mode, null, a.tasks()))
            .ifPresent(found::add);
      }
    }
    return found;
  }

  /** Every protocol and process the ramp covered. */
  public List<SaturationPoint> saturationPoints() {
    final List<SaturationPoint> points = new ArrayList<>();
    ramp().stream()
        .filter(s -> s.mode().equals("stock"))
        .map(s -> s.protocol() + "|" + s.tasks())
        .distinct()
        .forEach(
            key -> {
              final String[] parts = key.split("\\|");
              saturationPoint(parts[0], Integer.parseInt(parts[1])).ifPresent(points::add);
            });
    return points;
  }

  /**
   * The run's headline figures, one line each: what the docs read the issues' targets against
   * (docs/performance.md). No goal and no verdict here: a report states figures.
   */
  public List<Figure> headlines() {
    final List<Figure> figures = new ArrayList<>();
    figures.add(restP99Headline());
    figures.addAll(gatewayAddedHeadlines());
    figures.add(saturationHeadline());
    figures.addAll(amplificationHeadlines());
    figures.addAll(restStreamHeadlines());
    figures.addAll(atCapacityHeadlines());
    return figures;
  }

  /** Under the workload at a multiple of capacity: acknowledged instances that completed. */
  private List<Figure> atCapacityHeadlines() {
    final List<Figure> figures = new ArrayList<>();
    for (final AtCapacityRow r : atCapacity()) {
      figures.add(
          new Figure(
              f(
                  "acknowledged instances completed at %.1fx capacity (%s, %s)",
                  r.multiple(), r.mode(), r.protocol()),
              r.acknowledged() == 0
                  ? notMeasured("no create was acknowledged")
                  : f(
                      "%d of %d, %d rounds (drain %s s)",
                      r.acknowledgedCompleted(),
                      r.acknowledged(),
                      r.rounds(),
                      Table.spread(r.drainSeconds(), 1))));
    }
    return figures;
  }

  /** Per process, when the run has REST stream cells. */
  private List<Figure> restStreamHeadlines() {
    final List<Figure> figures = new ArrayList<>();
    for (final ActivationComparison c : restStreamVersusOthers()) {
      if (c.baseline().equals("grpc-stream")) {
        figures.add(
            new Figure(
                f("REST stream e2e p99 / gRPC streaming (%d-task)", c.tasks()),
                c.latencyComparable()
                    ? Table.ratio(c.e2eP99())
                    : notMeasured("a cell was invalid for latency")));
      }
    }
    for (final Aggregate a : activationCells()) {
      if (!a.mode().equals(REST_STREAM)) {
        continue;
      }
      final Spread perJob = a.activateRequestsPerJob();
      final String poll =
          find("main", "patched", "rest", a.tasks(), a.offeredRate())
              .map(p -> " (poll: " + Table.spread(p.activateRequestsPerJob(), 2) + ")")
              .orElse("");
      figures.add(
          new Figure(
              f("activation requests per job, REST stream (%d-task)", a.tasks()),
              perJob.measured()
                  ? Table.spread(perJob, 2) + poll
                  : notMeasured("no jobs in the window")));
    }
    return figures;
  }

  private Figure restP99Headline() {
    final String name = "REST p99 / gRPC p99 (patched, create)";
    final var rest = find("main", "patched", "rest");
    final var grpc =
        find("main", "patched", "grpc").or(() -> find("main", "patched", "grpc-stream"));
    if (rest.isEmpty() || grpc.isEmpty()) {
      return new Figure(name, notMeasured("needs mode patched over rest and grpc"));
    }
    if (!rest.get().validForLatency() || !grpc.get().validForLatency()) {
      return new Figure(
          name,
          notMeasured(
              "a cell was invalid for latency ("
                  + String.join(
                      "; ", union(rest.get().invalidReasons(), grpc.get().invalidReasons()))
                  + ")"));
    }
    final Ratio r = compare(rest.get(), grpc.get(), "rest", grpc.get().protocol()).createP99();
    return new Figure(
        name,
        f(
            "REST %.2f ms / gRPC %.2f ms = %s",
            rest.get().createP99(), grpc.get().createP99(), Table.ratio(r)));
  }

  private static List<String> union(final List<String> a, final List<String> b) {
    final List<String> all = new ArrayList<>(a);
    b.stream().filter(x -> !all.contains(x)).forEach(all::add);
    return all;
  }

  /** Total minus the broker stage, at the median. */
  private List<Figure> gatewayAddedHeadlines() {
    final List<Figure> figures = new ArrayList<>();
    for (final String protocol : List.of("rest", "grpc")) {
      final var patched = find("main", "patched", protocol);
      if (patched.isEmpty()) {
        continue;
      }
      final Aggregate a = patched.get();
      final String measured =
          Double.isNaN(a.gatewayAddedP50Ms())
              ? notMeasured("no stage timer data")
              : f(
                      "p50 total %.2f - broker %.2f = %.2f ms (means: %.2f ms)",
                      a.totalP50Ms(),
                      a.brokerP50Ms(),
                      a.gatewayAddedP50Ms(),
                      a.gatewayAddedMeanMs())
                  + (a.validForLatency()
                      ? ""
                      : "; invalid for latency (" + String.join("; ", a.invalidReasons()) + ")");
      figures.add(
          new Figure("gateway-added latency p50 (patched, " + protocol + ", create)", measured));
    }
    return figures;
  }

  private Figure saturationHeadline() {
    final String name = "completed where stock saturates, patched / stock";
    for (final Comparison c : versusStock()) {
      if (c.phase().equals("saturation") && c.mode().equals("patched")) {
        return new Figure(
            name,
            f(
                "%s at %.0f/s offered (%s, %d-task)",
                Table.ratio(c.completed()), c.rate(), c.protocol(), c.tasks()));
      }
    }
    return new Figure(
        name,
        notMeasured(
            "needs the ramp and the saturation cells (--ramp r1,r2,..."
                + " with --saturation-modes stock,patched)"));
  }

  /** Broker requests per create the gateway received, under the broker's backpressure. */
  private List<Figure> amplificationHeadlines() {
    final List<Figure> figures = new ArrayList<>();
    final List<Aggregate> overload = phase("overload");
    if (overload.isEmpty()) {
      figures.add(
          new Figure(
              "broker requests per client request under backpressure",
              notMeasured("needs the overload step (--overload)")));
      return figures;
    }
    for (final Aggregate a : overload) {
      if (!a.mode().equals("fail-fast") && !a.mode().equals("patched")) {
        continue;
      }
      final String stock =
          find("overload", "stock", a.protocol())
              .map(
                  s -> {
                    final int n = s.partitions() > 0 ? s.partitions() : partitions;
                    return f(
                        " (stock: %s, up to %d with %d partition%s)",
                        Table.spread(s.amplificationRounds(), 2),
                        n,
                        n,
                        n == 1 ? ": nothing to hop to" : "s");
                  })
              .orElse("");
      final String measured =
          f(
                  "%s at %s%% errors",
                  Table.spread(a.amplificationRounds(), 2),
                  Table.spread(a.createErrorPctRounds(), 1))
              + stock
              + (a.createErrorPct() <= 0 ? "; the broker's limit was not reached" : "");
      figures.add(
          new Figure(
              "broker requests per create under backpressure ("
                  + a.mode()
                  + ", "
                  + a.protocol()
                  + ")",
              measured));
    }
    return figures;
  }

  private static String notMeasured(final String why) {
    return "not measured: " + why;
  }

  static String f(final String format, final Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}

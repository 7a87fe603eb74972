package io.gatefork.bench.run;

import io.gatefork.bench.config.BenchOptions;
import io.gatefork.bench.config.BenchOptions.AtCapacity;
import io.gatefork.bench.config.BenchOptions.Phase;
import io.gatefork.bench.config.Mode;
import io.gatefork.bench.config.Protocol;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The cells of a run, in order: main, ramp, capacity, the cells at stock's saturation point, the
 * executor sweep, overload, overload at a multiple of capacity. Every phase but the ramp and the
 * capacity steps runs in rounds, and within a round every mode once, the mode order (and the
 * protocol order) rotated by one per round, so no mode always runs first or last on a machine that
 * warms up or gets busier. Ramp and capacity steps (one round: they only find the point) interleave
 * the modes per rate. Saturation, sweep and overload-2x cells come after the steps because their
 * rate is the steps' answer.
 */
public final class RunPlan {
  /** Start-up, deployment and tear-down of one cell, for the time estimate. */
  static final Duration CELL_OVERHEAD = Duration.ofSeconds(30);

  /** Phases whose gateway gets {@code --saturation-gateway-cpus}. */
  private static final java.util.Set<String> SATURATION_PHASES =
      java.util.Set.of("ramp", "saturation", "sweep", AtCapacity.CAPACITY_PHASE, AtCapacity.PHASE);

  private RunPlan() {}

  public static List<CellPlan> of(final BenchOptions o) {
    final List<Draft> drafts = new ArrayList<>();
    if (o.runsMain()) {
      mainRounds(drafts, o);
    }
    final List<Integer> first = List.of(o.workload().firstTasks());
    final var ramp = o.ramp();
    if (ramp.enabled()) {
      for (final double rate : ramp.rates()) {
        for (final Mode mode : ramp.modes()) {
          for (final Protocol protocol : ramp.protocols()) {
            if (!mode.appliesTo(protocol)) {
              continue;
            }
            drafts.add(
                new Draft(
                    "ramp",
                    mode,
                    protocol,
                    first.get(0),
                    1,
                    rate,
                    0,
                    ramp.warmup(),
                    ramp.window()));
          }
        }
      }
    }
    final AtCapacity atCapacity = o.overloadAtCapacity();
    if (atCapacity.capacitySteps()) {
      for (final double rate : atCapacity.capacityRates()) {
        for (final Protocol protocol : atCapacity.cells().protocols()) {
          if (!atCapacity.capacityMode().appliesTo(protocol)) {
            continue;
          }
          drafts.add(
              new Draft(
                  AtCapacity.CAPACITY_PHASE,
                  atCapacity.capacityMode(),
                  protocol,
                  first.get(0),
                  1,
                  rate,
                  0,
                  atCapacity.capacityWarmup(),
                  atCapacity.capacityWindow()));
        }
      }
    }
    if (o.saturation().enabled()) {
      rounds(drafts, "saturation", o.saturation(), first);
    }
    if (o.sweep().enabled()) {
      rounds(drafts, "sweep", o.sweep(), first);
    }
    if (o.overload().enabled()) {
      rounds(drafts, "overload", o.overload(), first);
    }
    if (atCapacity.enabled()) {
      rounds(drafts, AtCapacity.PHASE, atCapacity.cells(), first);
    }
    final List<CellPlan> cells = new ArrayList<>(drafts.size());
    for (int i = 0; i < drafts.size(); i++) {
      final Draft d = drafts.get(i);
      final boolean saturation = SATURATION_PHASES.contains(d.phase);
      cells.add(
          new CellPlan(
              i + 1,
              drafts.size(),
              d.phase,
              d.mode,
              d.protocol,
              d.tasks,
              d.round,
              d.rate,
              d.requestLimit,
              d.warmup,
              d.window,
              !saturation
                  ? o.gatewayCpus()
                  : d.phase.equals(AtCapacity.PHASE) || d.phase.equals(AtCapacity.CAPACITY_PHASE)
                      ? o.overloadAtCapacity().gatewayCpus(d.protocol, o.saturationGatewayCpus())
                      : o.saturationGatewayCpus(),
              d.phase.equals("overload") ? o.overloadPartitions() : o.partitions(),
              saturation ? o.saturationWarmupRate() : 0));
    }
    return cells;
  }

  /**
   * The main cells: every mode and client setup with the first process; the 10-task process only
   * for {@code --ten-task-modes} (at its own rate), and the client's default REST pool only for
   * {@code --default-pool-modes}, so that these comparisons cost a few cells, not a matrix.
   */
  private static void mainRounds(final List<Draft> drafts, final BenchOptions o) {
    for (int round = 1; round <= o.rounds(); round++) {
      final List<Mode> modes = rotate(o.modes(), round - 1);
      final List<Protocol> protocols = rotate(o.protocols(), round - 1);
      for (final int t : o.workload().tasks()) {
        final double rate = t == 10 && o.workload().tasks().size() > 1 ? o.tenTaskRate() : o.rate();
        for (final Mode mode : modes) {
          if (t == 10 && o.workload().tasks().size() > 1 && !o.tenTaskModes().contains(mode)) {
            continue;
          }
          for (final Protocol protocol : protocols) {
            if (!mode.appliesTo(protocol)) {
              continue;
            }
            if (protocol == Protocol.REST_DEFAULT_POOL
                && (!o.defaultPoolModes().contains(mode) || t != o.workload().firstTasks())) {
              continue;
            }
            drafts.add(
                new Draft("main", mode, protocol, t, round, rate, 0, o.warmup(), o.window()));
          }
        }
      }
    }
  }

  private static void rounds(
      final List<Draft> drafts, final String name, final Phase phase, final List<Integer> tasks) {
    if (!phase.enabled()) {
      return;
    }
    for (int round = 1; round <= phase.rounds(); round++) {
      final List<Mode> modes = rotate(phase.modes(), round - 1);
      final List<Protocol> protocols = rotate(phase.protocols(), round - 1);
      for (final int t : tasks) {
        for (final Mode mode : modes) {
          for (final Protocol protocol : protocols) {
            if (!mode.appliesTo(protocol)) {
              continue;
            }
            drafts.add(
                new Draft(
                    name,
                    mode,
                    protocol,
                    t,
                    round,
                    phase.rate(),
                    phase.requestLimit(),
                    phase.warmup(),
                    phase.window()));
          }
        }
      }
    }
  }

  /** How long the plan should take, start-up included. */
  public static Duration estimate(final List<CellPlan> cells) {
    Duration total = Duration.ZERO;
    for (final CellPlan cell : cells) {
      total = total.plus(cell.warmup()).plus(cell.window()).plus(CELL_OVERHEAD);
      if (cell.phase().equals(AtCapacity.PHASE)) {
        total = total.plus(AT_CAPACITY_DRAIN);
      }
    }
    return total;
  }

  /**
   * What an overload-2x cell's drain adds, typically: its in-flight creates answered and the last
   * instances completed (the drain's bound is far longer, for jobs that must time out first).
   */
  static final Duration AT_CAPACITY_DRAIN = Duration.ofSeconds(10);

  static <T> List<T> rotate(final List<T> items, final int by) {
    final List<T> rotated = new ArrayList<>(items.size());
    for (int i = 0; i < items.size(); i++) {
      rotated.add(items.get((i + by) % items.size()));
    }
    return rotated;
  }

  private record Draft(
      String phase,
      Mode mode,
      Protocol protocol,
      int tasks,
      int round,
      double rate,
      int requestLimit,
      Duration warmup,
      Duration window) {}
}

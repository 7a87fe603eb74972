package io.gatefork.bench.run;

import io.gatefork.bench.config.BenchOptions;
import io.gatefork.bench.config.Mode;
import io.gatefork.bench.config.Protocol;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The cells of a run, in order. Main cells are interleaved: every round runs every mode, the
 * mode order (and the protocol order) rotated by one per round, so no mode always runs first or
 * last on a machine that warms up or gets busier. Ramp steps interleave the modes per rate.
 */
public final class RunPlan {
  /** Start-up, deployment and tear-down of one cell, for the time estimate. */
  static final Duration CELL_OVERHEAD = Duration.ofSeconds(30);

  private RunPlan() {}

  public static List<CellPlan> of(final BenchOptions o) {
    final List<Draft> drafts = new ArrayList<>();
    for (int round = 1; round <= o.rounds(); round++) {
      final List<Mode> modes = rotate(o.modes(), round - 1);
      final List<Protocol> protocols = rotate(o.protocols(), round - 1);
      for (final Mode mode : modes) {
        for (final Protocol protocol : protocols) {
          drafts.add(new Draft("main", mode, protocol, round, o.rate(), 0, o.warmup(),
              o.window()));
        }
      }
    }
    final var sweep = o.sweep();
    if (sweep.enabled()) {
      for (final Mode mode : sweep.modes()) {
        for (final Protocol protocol : sweep.protocols()) {
          drafts.add(new Draft("sweep", mode, protocol, 1, sweep.rate(), 0, sweep.warmup(),
              sweep.window()));
        }
      }
    }
    final var overload = o.overload();
    if (overload.enabled()) {
      for (final Mode mode : overload.modes()) {
        for (final Protocol protocol : overload.protocols()) {
          drafts.add(new Draft("overload", mode, protocol, 1, overload.rate(),
              overload.requestLimit(), overload.warmup(), overload.window()));
        }
      }
    }
    final var ramp = o.ramp();
    if (ramp.enabled()) {
      for (final double rate : ramp.rates()) {
        for (final Mode mode : ramp.modes()) {
          for (final Protocol protocol : ramp.protocols()) {
            drafts.add(new Draft("ramp", mode, protocol, 1, rate, 0, ramp.warmup(),
                ramp.window()));
          }
        }
      }
    }
    final List<CellPlan> cells = new ArrayList<>(drafts.size());
    for (int i = 0; i < drafts.size(); i++) {
      final Draft d = drafts.get(i);
      cells.add(new CellPlan(i + 1, drafts.size(), d.phase, d.mode, d.protocol, d.round, d.rate,
          d.requestLimit, d.warmup, d.window));
    }
    return cells;
  }

  /** How long the plan should take, start-up included. */
  public static Duration estimate(final List<CellPlan> cells) {
    Duration total = Duration.ZERO;
    for (final CellPlan cell : cells) {
      total = total.plus(cell.warmup()).plus(cell.window()).plus(CELL_OVERHEAD);
    }
    return total;
  }

  static <T> List<T> rotate(final List<T> items, final int by) {
    final List<T> rotated = new ArrayList<>(items.size());
    for (int i = 0; i < items.size(); i++) {
      rotated.add(items.get((i + by) % items.size()));
    }
    return rotated;
  }

  private record Draft(String phase, Mode mode, Protocol protocol, int round, double rate,
      int requestLimit, Duration warmup, Duration window) {}
}

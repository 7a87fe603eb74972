package io.gatefork.bench.run;

import io.gatefork.bench.config.BenchOptions;
import io.gatefork.bench.config.BenchOptions.Phase;
import io.gatefork.bench.config.Mode;
import io.gatefork.bench.config.Protocol;
import java.time.Duration;

/**
 * One cell of the run: a mode, a client setup, a process ({@code tasks} service tasks) and a load,
 * on a fresh broker and gateway. A rate of {@link Phase#AT_SATURATION} is resolved from the ramp's
 * results before the cell runs ({@link #at}). {@code gatewayCpus} is the gateway's CPU quota in
 * this cell's window, {@code partitions} its broker's partitions; {@code warmupRate} the rate of
 * its warm-up when that runs on a larger quota than the window (0: the cell's own rate).
 */
public record CellPlan(
    int index,
    int total,
    String phase,
    Mode mode,
    Protocol protocol,
    int tasks,
    int round,
    double rate,
    int requestLimit,
    Duration warmup,
    Duration window,
    double gatewayCpus,
    int partitions,
    double warmupRate) {

  public boolean rateFromRamp() {
    return rate == Phase.AT_SATURATION;
  }

  /** The rate is a multiple of the capacity the capacity steps (or the ramp) find. */
  public boolean rateFromCapacity() {
    return rate == Phase.AT_CAPACITY;
  }

  /** This cell at a rate found while the run went on. */
  public CellPlan at(final double resolvedRate) {
    return new CellPlan(
        index,
        total,
        phase,
        mode,
        protocol,
        tasks,
        round,
        resolvedRate,
        requestLimit,
        warmup,
        window,
        gatewayCpus,
        partitions,
        warmupRate);
  }

  public String label() {
    return "%02d-%s-%s-%s-t%d-r%d%s"
        .formatted(
            index,
            phase,
            mode.name(),
            protocol.tag(),
            tasks,
            round,
            phase.equals("ramp") || phase.equals(BenchOptions.AtCapacity.CAPACITY_PHASE)
                ? "-" + Math.round(rate)
                : "");
  }

  public String title() {
    return "[%d/%d %s %s/%s %d-task r%d %s%s]"
        .formatted(
            index,
            total,
            phase,
            mode.name(),
            protocol.tag(),
            tasks,
            round,
            rateFromRamp()
                ? "at saturation"
                : rateFromCapacity() ? "at a multiple of capacity" : "%.0f/s".formatted(rate),
            requestLimit > 0 ? " limit " + requestLimit : "");
  }
}

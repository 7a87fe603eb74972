package io.gatefork.bench.run;

import io.gatefork.bench.config.Mode;
import io.gatefork.bench.config.Protocol;
import java.time.Duration;

/** One cell of the run: a mode, a protocol and a load, on a fresh broker and gateway. */
public record CellPlan(int index, int total, String phase, Mode mode, Protocol protocol, int round,
    double rate, int requestLimit, Duration warmup, Duration window) {

  public String label() {
    return "%02d-%s-%s-%s-r%d%s".formatted(index, phase, mode.name(), protocol.tag(), round,
        phase.equals("ramp") ? "-" + Math.round(rate) : "");
  }

  public String title() {
    return "[%d/%d %s %s/%s r%d %.0f/s%s]".formatted(index, total, phase, mode.name(),
        protocol.tag(), round, rate, requestLimit > 0 ? " limit " + requestLimit : "");
  }
}

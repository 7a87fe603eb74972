package io.gatefork.bench.report;

import io.gatefork.bench.config.ValidityRule;
import java.nio.file.Path;

/**
 * Writes a run's report, README section and charts again from its {@code results.json}, with the
 * analysis of this build (e.g. after a fix in how a figure is derived); the cells themselves are
 * not touched. {@code java ... io.gatefork.bench.report.Rerender results/<run>}
 */
public final class Rerender {
  private Rerender() {}

  public static void main(final String[] args) throws Exception {
    final Path dir = Path.of(args[0]);
    final RunResult run = ResultsWriter.read(dir.resolve(ResultsWriter.JSON));
    // each cell records its partitions; this is the run's default, for cells that lack it
    final int partitions =
        run.options().get("partitions") instanceof Number n ? n.intValue() : partitionsOf(run);
    final ValidityRule rule =
        run.options().get("validity") instanceof java.util.Map<?, ?> v
            ? new ValidityRule(
                ((Number) v.get("maxLoadSideBusyPct")).doubleValue(),
                ((Number) v.get("maxBrokerStageP50Ms")).doubleValue())
            : ValidityRule.DEFAULT;
    final var analysis = new Analysis(run.cells(), partitions, rule);
    ResultsWriter.write(run, analysis, dir, dir.toString());
  }

  /** Runs recorded before the options held the partitions: read back from the command line. */
  private static int partitionsOf(final RunResult run) {
    final var matcher =
        java.util.regex.Pattern.compile("--partitions[ =](\\d+)").matcher(run.command());
    return matcher.find() ? Integer.parseInt(matcher.group(1)) : 3;
  }
}

package io.gatefork.bench;

import io.gatefork.bench.config.BenchOptions;
import io.gatefork.bench.run.BenchRun;
import io.gatefork.bench.run.Progress;
import io.gatefork.bench.run.RunPlan;

/**
 * {@code scripts/bench.sh}: A/B modes of the gatefork gateway image in a CPU-limited container,
 * REST against gRPC, with the official client. See {@link BenchOptions#USAGE}.
 */
public final class BenchmarkMain {
  private BenchmarkMain() {}

  public static void main(final String[] args) {
    System.setProperty("java.awt.headless", "true");
    if (java.util.Arrays.asList(args).contains("--help")) {
      System.out.println(BenchOptions.USAGE);
      System.exit(0);
      return;
    }
    // --dry-run: the plan and its time estimate, nothing started (to check a long command)
    final boolean dryRun = java.util.Arrays.asList(args).contains("--dry-run");
    final String[] rest =
        java.util.Arrays.stream(args).filter(a -> !a.equals("--dry-run")).toArray(String[]::new);
    final BenchOptions options;
    try {
      options = BenchOptions.parse(rest);
    } catch (final IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    if (dryRun) {
      final var plan = RunPlan.of(options);
      plan.forEach(cell -> System.out.println(cell.title()));
      System.out.printf(
          java.util.Locale.ROOT,
          "%d cells, about %.0f min%n",
          plan.size(),
          RunPlan.estimate(plan).toSeconds() / 60.0);
      System.exit(0);
      return;
    }
    try {
      new BenchRun(options, new Progress(System.out)).run();
      System.exit(0);
    } catch (final UnsupportedOperationException e) {
      System.err.println("unsupported: " + e.getMessage());
      System.exit(2);
    } catch (final Exception e) {
      System.err.println("benchmark failed: " + e.getMessage());
      e.printStackTrace(System.err);
      System.exit(1);
    }
  }
}

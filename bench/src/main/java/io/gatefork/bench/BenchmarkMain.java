package io.gatefork.bench;

import io.gatefork.bench.config.BenchOptions;
import io.gatefork.bench.run.BenchRun;
import io.gatefork.bench.run.Progress;

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
    final BenchOptions options;
    try {
      options = BenchOptions.parse(args);
    } catch (final IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
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

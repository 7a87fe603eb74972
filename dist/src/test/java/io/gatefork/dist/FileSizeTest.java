package io.gatefork.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A house you can change (issue #50): no main source file of a module over 450 lines and no bench
 * file over 500, so that a file stays something one reads whole. A file that grows past it is split
 * by concern, not wrapped tighter.
 */
class FileSizeTest {
  static final int MAX_MAIN_LINES = 450;
  static final int MAX_BENCH_LINES = 500;
  private static final Path ROOT = Path.of(System.getProperty("basedir", ".")).resolve("..");

  @Test
  void noModulesMainSourceFileIsLongerThanTheBound() throws IOException {
    final Map<Path, Integer> files = new TreeMap<>();
    try (Stream<Path> modules = Files.list(ROOT)) {
      for (final Path module : modules.toList()) {
        files.putAll(lines(module.resolve("src/main/java"), List.of(".java")));
      }
    }

    assertThat(files).as("main source files read").hasSizeGreaterThan(100);
    assertThat(longer(files, MAX_MAIN_LINES)).as("main files over " + MAX_MAIN_LINES).isEmpty();
  }

  @Test
  void noBenchFileIsLongerThanTheBound() {
    final Map<Path, Integer> files = lines(ROOT.resolve("bench"), List.of(".py", ".sh", ".java"));

    assertThat(files).as("bench files read").hasSizeGreaterThan(10);
    assertThat(longer(files, MAX_BENCH_LINES)).as("bench files over " + MAX_BENCH_LINES).isEmpty();
  }

  private static Map<Path, Integer> longer(final Map<Path, Integer> files, final int bound) {
    final Map<Path, Integer> over = new TreeMap<>(files);
    over.values().removeIf(lines -> lines <= bound);
    return over;
  }

  /** Lines of each source file below {@code dir}, results and build output left out. */
  private static Map<Path, Integer> lines(final Path dir, final List<String> endings) {
    final Map<Path, Integer> lines = new TreeMap<>();
    if (!Files.isDirectory(dir)) {
      return lines;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.filter(Files::isRegularFile)
          .filter(f -> endings.stream().anyMatch(f.toString()::endsWith))
          .filter(f -> !f.toString().contains("/results/") && !f.toString().contains("/target/"))
          .filter(f -> !f.toString().contains("/.venv/") && !f.toString().contains("__pycache__"))
          .forEach(f -> lines.put(ROOT.relativize(f).normalize(), count(f)));
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
    return lines;
  }

  private static int count(final Path file) {
    try (Stream<String> all = Files.lines(file)) {
      return (int) all.count();
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

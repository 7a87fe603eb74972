package io.gatefork.bench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writes the results folder: results.json, report.md, readme-section.md and the charts. */
public final class ResultsWriter {
  public static final String JSON = "results.json";
  public static final String REPORT = "report.md";
  public static final String README_SECTION = "readme-section.md";

  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ResultsWriter() {}

  public static List<Path> write(
      final RunResult run, final Analysis analysis, final Path dir, final String displayDir)
      throws IOException {
    Files.createDirectories(dir);
    final Map<String, Object> json = new LinkedHashMap<>();
    json.put("run", run);
    json.put("headlines", analysis.headlines());
    json.put("validity", analysis.rule());
    json.put("versusStock", analysis.versusStock());
    json.put("restVersusGrpc", analysis.restVersusGrpc());
    json.put("defaultPoolVersusWidened", analysis.defaultPoolVersusWidened());
    json.put("sweepVersusPatched", analysis.sweepVersusPatched());
    json.put("saturationPoints", analysis.saturationPoints());
    json.put("executorFill", analysis.executorFill());
    json.put("capacities", analysis.capacities());
    json.put("overloadAtCapacity", analysis.atCapacity());
    final Map<String, Object> aggregates = new LinkedHashMap<>();
    for (final String phase : MarkdownReport.PHASES) {
      aggregates.put(phase, analysis.phase(phase));
    }
    json.put("aggregates", aggregates);
    MAPPER.writeValue(dir.resolve(JSON).toFile(), json);
    Files.writeString(dir.resolve(REPORT), MarkdownReport.render(run, analysis));
    Files.writeString(dir.resolve(README_SECTION), ReadmeSection.render(run, analysis, displayDir));
    final List<Path> written =
        new java.util.ArrayList<>(
            List.of(dir.resolve(JSON), dir.resolve(REPORT), dir.resolve(README_SECTION)));
    written.addAll(Charts.write(analysis, dir));
    return written;
  }

  public static RunResult read(final Path json) throws IOException {
    return MAPPER.treeToValue(MAPPER.readTree(json.toFile()).get("run"), RunResult.class);
  }
}

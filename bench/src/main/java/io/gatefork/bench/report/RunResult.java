package io.gatefork.bench.report;

import java.util.List;
import java.util.Map;

/** The whole run as written to {@code results.json}. */
public record RunResult(
    String startedAt,
    String finishedAt,
    String command,
    Map<String, Object> options,
    Map<String, String> machine,
    List<String> notes,
    List<CellResult> cells) {}

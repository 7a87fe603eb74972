package io.gatefork.bench.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The modes the harness knows, read from {@code bench/modes.json}: the one table of them, which the
 * cost harness ({@code bench/cost/cost_bench.py}) reads too. {@code stock} switches every change
 * back to upstream behaviour, {@code patched} is the defaults; a mode with {@code "base": "stock"}
 * is stock plus that one change, so its effect is measured alone.
 */
public final class Modes {
  /** The executor queue capacity a sweep mode sets (the report reads it back from the env). */
  public static final String QUEUE = "CAMUNDA_API_REST_EXECUTOR_QUEUECAPACITY";

  /** Where the build puts {@code bench/modes.json} on the classpath (see the module's pom). */
  private static final String TABLE = "modes.json";

  private static final Map<String, Mode> ALL = read();

  private Modes() {}

  public static Mode get(final String name) {
    final Mode mode = ALL.get(name.trim());
    if (mode == null) {
      throw new IllegalArgumentException("unknown mode '" + name + "'; known: " + names());
    }
    return mode;
  }

  public static List<Mode> parse(final List<String> names) {
    final List<Mode> modes = new ArrayList<>();
    for (final String name : names) {
      modes.add(get(name));
    }
    return modes;
  }

  public static List<String> names() {
    return List.copyOf(ALL.keySet());
  }

  private static Map<String, Mode> read() {
    final JsonNode table;
    try (InputStream in = Modes.class.getResourceAsStream(TABLE)) {
      if (in == null) {
        throw new IllegalStateException(TABLE + " is not on the classpath next to Modes");
      }
      table = new ObjectMapper().readTree(in).required("modes");
    } catch (final IOException e) {
      throw new UncheckedIOException("cannot read the mode table " + TABLE, e);
    }
    final Map<String, Mode> modes = new LinkedHashMap<>();
    table
        .properties()
        .forEach(
            entry -> {
              final JsonNode mode = entry.getValue();
              modes.put(
                  entry.getKey(),
                  new Mode(
                      entry.getKey(),
                      mode.required("description").asText(),
                      Collections.unmodifiableMap(new LinkedHashMap<>(env(table, entry.getKey()))),
                      mode.path("restOnly").asBoolean(false)));
            });
    return Collections.unmodifiableMap(modes);
  }

  /** The mode's environment: its base mode's, if it names one, with its own on top; sorted. */
  private static Map<String, String> env(final JsonNode table, final String name) {
    final JsonNode mode = table.required(name);
    final Map<String, String> env =
        mode.has("base") ? env(table, mode.get("base").asText()) : new TreeMap<>();
    mode.required("env").properties().forEach(e -> env.put(e.getKey(), e.getValue().asText()));
    return env;
  }
}

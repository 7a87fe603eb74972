package io.gatefork.bench.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The modes the harness knows: the one table of them. {@code stock} switches every change back to
 * upstream behaviour (no concurrency limit at the edge, Tomcat closing the connection after an
 * error answer), {@code patched} is the defaults; each single change is stock plus that change, so
 * its effect is measured alone. The sweeps vary the dedicated executor of {@code patched}; {@code
 * adaptive} and {@code off} are patched with the edge's concurrency limit on and off, for the
 * overload cells at a multiple of the gateway's capacity.
 */
public final class Modes {
  static final String STRATEGY = "GATEFORK_API_EXECUTORSTRATEGY";
  static final String MATCHING = "SPRING_MVC_PATHMATCH_MATCHINGSTRATEGY";
  static final String RETRY = "GATEFORK_RETRY_RESOURCEEXHAUSTED";
  static final String MAX_MULTIPLIER = "CAMUNDA_API_REST_EXECUTOR_MAXPOOLSIZEMULTIPLIER";
  public static final String QUEUE = "CAMUNDA_API_REST_EXECUTOR_QUEUECAPACITY";
  static final String KEEP_ALIVE = "SERVER_TOMCAT_MAXKEEPALIVEREQUESTS";
  static final String FRONT_END = "GATEFORK_REST_FRONTEND";
  static final String REST_ACTIVATION = "GATEFORK_JOBS_RESTACTIVATION";
  static final String OVERLOAD_LIMIT = "GATEFORK_OVERLOAD_LIMIT";
  static final String KEEP_ALIVE_ON_ERROR = "GATEFORK_REST_KEEPALIVEONERROR";

  private static final Map<String, String> STOCK =
      Map.of(
          STRATEGY,
          "common-pool",
          MATCHING,
          "ant_path_matcher",
          RETRY,
          "next-partition",
          FRONT_END,
          "stock",
          OVERLOAD_LIMIT,
          "off",
          KEEP_ALIVE_ON_ERROR,
          "false");

  private static final Map<String, Mode> ALL = new LinkedHashMap<>();

  static {
    add(
        "stock",
        "upstream emulation: common pool, AntPathMatcher, next-partition retry, no limit at the"
            + " edge, connection closed after an error answer",
        STOCK);
    add("patched", "gatefork defaults", Map.of());
    // the default, set explicitly so the mode means the same whatever the default becomes
    add(
        "adaptive",
        "patched, adaptive concurrency limit at the edge (gatefork.overload.limit=adaptive)",
        Map.of(OVERLOAD_LIMIT, "adaptive"));
    add(
        "off",
        "patched without the concurrency limit at the edge (gatefork.overload.limit=off)",
        Map.of(OVERLOAD_LIMIT, "off"));
    add("executor", "stock + dedicated API executor", with(STOCK, STRATEGY, "dedicated"));
    add(
        "pathpattern",
        "stock + PathPattern matching",
        with(STOCK, MATCHING, "path_pattern_parser"));
    add("fail-fast", "stock + fail-fast on RESOURCE_EXHAUSTED", with(STOCK, RETRY, "fail-fast"));
    add("lean-front-end", "stock + the lean REST front end", with(STOCK, FRONT_END, "lean"));
    add(
        "direct",
        "patched with responses handled on the transport thread",
        Map.of(STRATEGY, "direct"));
    for (final int multiplier : new int[] {2, 4, 8, 16}) {
      add(
          "exec-x" + multiplier,
          "patched, executor max = cores x " + multiplier,
          Map.of(MAX_MULTIPLIER, Integer.toString(multiplier)));
    }
    for (final int queue : new int[] {16, 64, 256}) {
      add(
          "queue-" + queue,
          "patched, executor queue " + queue,
          Map.of(QUEUE, Integer.toString(queue)));
    }
    // Tomcat closes a kept-alive connection after 100 requests by default; gatefork sets -1
    add(
        "keepalive-100",
        "patched, Tomcat max-keep-alive-requests 100 (Tomcat's default)",
        Map.of(KEEP_ALIVE, "100"));
    // REST activations only: gRPC's ActivateJobs long-polls whatever the switch says
    ALL.put(
        "rest-stream",
        new Mode(
            "rest-stream",
            "patched, REST long polls served from job streams (gatefork.jobs.rest-activation)",
            Map.of(REST_ACTIVATION, "stream"),
            true));
  }

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

  private static void add(
      final String name, final String description, final Map<String, String> env) {
    ALL.put(
        name,
        new Mode(
            name,
            description,
            Collections.unmodifiableMap(new LinkedHashMap<>(new java.util.TreeMap<>(env))),
            false));
  }

  private static Map<String, String> with(
      final Map<String, String> base, final String key, final String value) {
    final Map<String, String> env = new LinkedHashMap<>(base);
    env.put(key, value);
    return env;
  }
}

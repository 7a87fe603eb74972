package io.gatefork.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.camunda.client.CamundaClient;
import io.gatefork.bench.load.AnswerKind;
import io.gatefork.bench.load.BenchProcess;
import io.gatefork.bench.load.LoadRecorder;
import io.gatefork.bench.load.Starter;
import io.gatefork.bench.load.Workers;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The official-client workload against a running gateway with the process already deployed: a
 * {@link Starter} creating instances at a fixed rate and {@link Workers} completing their jobs, for
 * a warm-up and then a measured window. Prints {@value #WINDOW_START} and {@value #WINDOW_END} on
 * stdout at the window's bounds, so that the driver (bench/cost/workload_bench.py) reads the
 * gateway's CPU at those instants, then one JSON document of what the client saw. Progress goes to
 * stderr.
 */
@Command(
    name = "load-generator",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = "Creates instances at a fixed rate and completes their jobs, then prints JSON.")
public final class LoadGenerator implements Callable<Integer> {
  static final String WINDOW_START = "window-start";
  static final String WINDOW_END = "window-end";
  private static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);

  @Option(
      names = "--protocol",
      required = true,
      converter = Protocol.Converter.class,
      description = "rest, rest-default-pool, grpc or grpc-stream")
  Protocol protocol;

  @Option(names = "--rest", defaultValue = "http://127.0.0.1:8080", description = "REST address")
  URI rest;

  @Option(names = "--grpc", defaultValue = "http://127.0.0.1:26500", description = "gRPC address")
  URI grpc;

  @Option(names = "--process-id", defaultValue = "order")
  String processId;

  @Option(names = "--job-type", defaultValue = "ship")
  String jobType;

  @Option(
      names = "--last-task",
      defaultValue = "ship",
      description = "the element whose job's completion completes an instance")
  String lastTask;

  @Option(names = "--rate", defaultValue = "100", description = "instances created per second")
  double rate;

  @Option(names = "--warmup", defaultValue = "20", description = "warm-up, s")
  double warmup;

  @Option(names = "--window", defaultValue = "60", description = "measured window, s")
  double window;

  @Option(names = "--work-delay-ms", defaultValue = "50", description = "a job's work")
  long workDelayMs;

  @Option(names = "--worker-threads", defaultValue = "10")
  int workerThreads;

  @Option(names = "--max-jobs-active", defaultValue = "60")
  int maxJobsActive;

  @Option(names = "--poll-interval-ms", defaultValue = "100", description = "the client's")
  long pollIntervalMs;

  @Option(names = "--request-timeout-ms", defaultValue = "10000")
  long requestTimeoutMs;

  @Option(
      names = "--drain-max-s",
      description =
          "after the window, how long at most to wait for started instances to finish (default"
              + " the request timeout plus 2 s, at most 15 s)")
  Long drainMaxSeconds;

  @Option(
      names = "--max-in-flight",
      defaultValue = "256",
      description = "creates outstanding at most; more are skipped and counted")
  int maxInFlight;

  @Option(
      names = "--rest-connections",
      description = "REST pool of the rest setup (default max-in-flight + max-jobs-active)")
  Integer restConnections;

  public static void main(final String[] args) {
    System.exit(new CommandLine(new LoadGenerator()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    if (rate <= 0 || window <= 0 || warmup < 0 || maxInFlight <= 0 || maxJobsActive <= 0) {
      throw new CommandLine.ParameterException(
          new CommandLine(this), "rate, window and limits must be positive, warm-up not negative");
    }
    final var process = new BenchProcess(processId, jobType, lastTask);
    final var recorder = new LoadRecorder();
    final Duration timeout = Duration.ofMillis(requestTimeoutMs);
    final Duration warm = seconds(warmup);
    final Duration measured = seconds(window);
    // separate clients, as upstream's starter and worker are separate applications (and the REST
    // client's connection pool is per client)
    try (CamundaClient starterClient = client();
        CamundaClient workerClient = client();
        Workers workers =
            Workers.open(
                workerClient,
                process,
                recorder,
                Duration.ofMillis(workDelayMs),
                maxJobsActive,
                Duration.ofMillis(pollIntervalMs),
                timeout,
                protocol.jobStreaming,
                false)) {
      final var starter =
          new Starter(
              starterClient,
              process,
              rate,
              recorder,
              timeout,
              maxInFlight,
              warm.plus(measured).plusSeconds(5));
      final Thread thread = new Thread(starter, "gatefork-bench-starter");
      thread.start();
      try {
        final var progress = new Progress(recorder);
        progress.runFor("warm-up", System.nanoTime(), warm);
        signal(WINDOW_START);
        final long start = System.nanoTime();
        recorder.openWindow(start, start + measured.toNanos());
        final int inFlightMax = progress.runFor("window", start, measured);
        final double seconds = (System.nanoTime() - start) / 1e9;
        signal(WINDOW_END);
        starter.stop();
        thread.join(5_000);
        drain(
            recorder,
            drainMaxSeconds != null
                ? Duration.ofSeconds(drainMaxSeconds)
                : min(timeout.plusSeconds(2), Duration.ofSeconds(15)));
        recorder.closeWindow();
        System.out.println(
            new ObjectMapper().writeValueAsString(result(recorder, seconds, inFlightMax)));
      } finally {
        starter.stop();
        thread.interrupt();
      }
    }
    return 0;
  }

  private Map<String, Object> result(
      final LoadRecorder recorder, final double seconds, final int inFlightMax) {
    final Map<String, Long> createErrors = recorder.createErrors();
    final Map<String, Long> creates = new LinkedHashMap<>();
    for (final AnswerKind kind : AnswerKind.values()) {
      creates.put(kind.name().toLowerCase(Locale.ROOT), 0L);
    }
    creates.put("ok", recorder.createOkInWindow.sum());
    createErrors.forEach(
        (name, n) ->
            creates.merge(AnswerKind.ofError(name).name().toLowerCase(Locale.ROOT), n, Long::sum));
    final var completions = recorder.complete.summary();
    final Map<String, Object> latency = new LinkedHashMap<>();
    latency.put("create", recorder.create.summary());
    latency.put("complete", completions);
    latency.put("end_to_end", recorder.endToEnd.summary());
    final Map<String, Object> out = new LinkedHashMap<>();
    out.put("protocol", protocol.tag);
    out.put("rate", rate);
    out.put("window_s", seconds);
    out.put("creates_sent", recorder.createsSent.sum());
    out.put("creates", creates);
    out.put("create_errors", createErrors);
    out.put("complete_errors", recorder.completeErrors());
    out.put("not_sent", recorder.skipped.sum());
    out.put("created", recorder.createdInWindow.sum());
    out.put("completed", recorder.completedInWindow.sum());
    out.put("jobs_completed", completions.count());
    out.put("in_flight_max", inFlightMax);
    out.put("latency_ms", latency);
    out.put("acknowledged_not_completed", recorder.notCompleted());
    return out;
  }

  CamundaClient client() {
    final var builder =
        CamundaClient.newClientBuilder()
            .applyEnvironmentVariableOverrides(false)
            .restAddress(rest)
            .grpcAddress(grpc)
            .preferRestOverGrpc(protocol.rest)
            .defaultRequestTimeout(Duration.ofMillis(requestTimeoutMs))
            .numJobWorkerExecutionThreads(workerThreads)
            .defaultJobWorkerMaxJobsActive(maxJobsActive)
            .useDefaultRetryPolicy(false);
    if (protocol.widenedRestPool) {
      builder.maxHttpConnections(
          restConnections != null ? restConnections : maxInFlight + maxJobsActive);
    }
    return builder.build();
  }

  private static void signal(final String line) {
    System.out.println(line);
    System.out.flush();
  }

  private static Duration min(final Duration a, final Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }

  private static Duration seconds(final double s) {
    return Duration.ofMillis(Math.round(s * 1000));
  }

  /** After the window: let in-flight creates answer and started instances finish, bounded. */
  private static void drain(final LoadRecorder recorder, final Duration atMost)
      throws InterruptedException {
    final long deadline = System.nanoTime() + atMost.toNanos();
    while (System.nanoTime() < deadline
        && (recorder.inFlight.get() > 0
            || recorder.completedTotal.sum() < recorder.createdTotal.sum())) {
      TimeUnit.MILLISECONDS.sleep(100);
    }
  }

  /** Waits out a stage, sampling the creates in flight and printing progress every 5 s. */
  private static final class Progress {
    private final LoadRecorder recorder;
    private long lastPrint = System.nanoTime();
    private long lastSent;
    private long lastCreated;
    private long lastCompleted;
    private long lastErrors;

    Progress(final LoadRecorder recorder) {
      this.recorder = recorder;
    }

    /** Returns the most creates in flight seen, sampled every 100 ms. */
    int runFor(final String stage, final long start, final Duration length)
        throws InterruptedException {
      final long end = start + length.toNanos();
      int inFlightMax = 0;
      for (long now = System.nanoTime(); now < end; now = System.nanoTime()) {
        inFlightMax = Math.max(inFlightMax, recorder.inFlight.get());
        if (now - lastPrint >= PROGRESS_EVERY.toNanos()) {
          print(stage, (now - start) / 1_000_000_000L, length.toSeconds(), now);
        }
        TimeUnit.NANOSECONDS.sleep(Math.min(end - now, TimeUnit.MILLISECONDS.toNanos(100)));
      }
      return inFlightMax;
    }

    private void print(final String stage, final long elapsed, final long of, final long now) {
      final double seconds = (now - lastPrint) / 1e9;
      final long sent = recorder.sentTotal.sum();
      final long created = recorder.createdTotal.sum();
      final long completed = recorder.completedTotal.sum();
      final long errors = recorder.errorsTotal.sum();
      System.err.printf(
          "%s %ds/%ds sent %.0f/s created %.0f/s completed %.0f/s errors %d in-flight %d%n",
          stage,
          elapsed,
          of,
          (sent - lastSent) / seconds,
          (created - lastCreated) / seconds,
          (completed - lastCompleted) / seconds,
          errors - lastErrors,
          recorder.inFlight.get());
      lastPrint = now;
      lastSent = sent;
      lastCreated = created;
      lastCompleted = completed;
      lastErrors = errors;
    }
  }
}

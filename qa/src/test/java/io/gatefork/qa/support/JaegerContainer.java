package io.gatefork.qa.support;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.awaitility.core.ConditionTimeoutException;
import org.awaitility.core.TerminalFailureException;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;
import org.testcontainers.images.builder.ImageFromDockerfile;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.utility.DockerImageName;

/**
 * A real Jaeger backend for the tracing checks: the Jaeger v2 all-in-one ({@code jaeger}, an
 * OpenTelemetry Collector build) in a container on the host network, in-memory storage, every
 * listener on a free loopback port: OTLP over gRPC and over HTTP in, the query API out. Nothing
 * else listens (no sampling, health or metrics port: {@code telemetry.metrics.level: none}). Ready
 * once the query API answers {@code GET /api/services} with 200.
 *
 * <p>No registry: the image is the QA base image ({@link QaSettings#baseImage()}) with the {@code
 * jaeger} binary found on the PATH copied in (.ci/run builds it from its Go module, a static
 * binary), built once per test run. A test class using it carries {@link Required}: without a
 * {@code jaeger} on the PATH it is skipped, or fails with {@code -Dqa.docker.required=true} (CI).
 */
public final class JaegerContainer extends GenericContainer<JaegerContainer> {
  public static final String TAG = "gatefork-jaeger:qa";
  private static final String BINARY = "jaeger";
  private static final String CONFIG = "/etc/jaeger/qa.yaml";
  private static final Duration STARTUP = Duration.ofSeconds(60);
  private static final Logger LOG = LoggerFactory.getLogger(JaegerContainer.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private static final Object IMAGE_LOCK = new Object();
  private static DockerImageName image;

  private final int otlpGrpcPort = Ports.freeLoopbackPort();
  private final int otlpHttpPort = Ports.freeLoopbackPort();
  private final int queryPort = Ports.freeLoopbackPort();
  private final int queryGrpcPort = Ports.freeLoopbackPort();
  private final ContainerLogs logs;

  public JaegerContainer(final String name) {
    super(image());
    logs = new ContainerLogs(name);
    withNetworkMode("host");
    withLogConsumer(logs);
    withCopyToContainer(Transferable.of(config()), CONFIG);
    withCommand("--config", "file:" + CONFIG);
    waitingFor(new QueryApiWaitStrategy(queryAddress()).withStartupTimeout(STARTUP));
  }

  /**
   * The whole collector configuration: OTLP in, the memory store, the query extension; every
   * listener on loopback. Without {@code --config} the binary would run its all-in-one defaults on
   * a dozen fixed ports (4317, 4318, 16686, 16685, 5778, 13133, 8888, ...).
   */
  private String config() {
    return """
        service:
          extensions: [jaeger_storage, jaeger_query]
          pipelines:
            traces:
              receivers: [otlp]
              exporters: [jaeger_storage_exporter]
          telemetry:
            metrics:
              level: none
            logs:
              level: info
        extensions:
          jaeger_storage:
            backends:
              memstore:
                memory:
                  max_traces: 100000
          jaeger_query:
            storage:
              traces: memstore
            enable_tracing: false
            http:
              endpoint: 127.0.0.1:%d
            grpc:
              endpoint: 127.0.0.1:%d
        receivers:
          otlp:
            protocols:
              grpc:
                endpoint: 127.0.0.1:%d
              http:
                endpoint: 127.0.0.1:%d
        exporters:
          jaeger_storage_exporter:
            trace_storage: memstore
        """
        .formatted(queryPort, queryGrpcPort, otlpGrpcPort, otlpHttpPort);
  }

  /** Where an OTLP/gRPC exporter sends spans, e.g. {@code OTEL_EXPORTER_OTLP_ENDPOINT}. */
  public URI otlpGrpcEndpoint() {
    return URI.create("http://127.0.0.1:" + otlpGrpcPort);
  }

  /** The base of OTLP/HTTP: spans go to {@code /v1/traces} under it. */
  public URI otlpHttpEndpoint() {
    return URI.create("http://127.0.0.1:" + otlpHttpPort);
  }

  /** The query API and UI ({@code /api/...}). */
  public URI queryAddress() {
    return URI.create("http://127.0.0.1:" + queryPort);
  }

  /**
   * {@code GET /api/traces?service=...}: the stored traces of {@code service} (its {@code
   * service.name}), newest first, at most 100, as the query API gives them ({@code data}: an array
   * of traces, each with {@code traceID}, {@code spans} and {@code processes}); an empty array for
   * an unknown service.
   */
  public JsonNode traces(final String service) {
    return data(
        "/api/traces?limit=100&lookback=1h&service="
            + URLEncoder.encode(service, StandardCharsets.UTF_8));
  }

  /**
   * As {@link #traces(String)}, only traces with a span carrying every one of {@code tags} (the
   * query API's {@code tags} filter, values as strings: {@code {"gatefork.shed": "true"}}).
   */
  public JsonNode traces(final String service, final Map<String, String> tags) {
    final String json;
    try {
      json = JSON.writeValueAsString(tags);
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
    return data(
        "/api/traces?limit=100&lookback=1h&service="
            + URLEncoder.encode(service, StandardCharsets.UTF_8)
            + "&tags="
            + URLEncoder.encode(json, StandardCharsets.UTF_8));
  }

  /** {@code GET /api/traces/<id>}: the spans of one trace (hex id); null when none is stored. */
  public JsonNode trace(final String traceId) {
    final var response = query("/api/traces/" + traceId);
    if (response.statusCode() == 404) {
      return null;
    }
    return parsed(response).path("data").path(0);
  }

  /** Waits (up to {@code timeout}) until {@link #traces} of {@code service} meet {@code until}. */
  public JsonNode awaitTraces(
      final String service, final Predicate<JsonNode> until, final Duration timeout) {
    final var last = new AtomicReference<JsonNode>();
    try {
      await("traces of " + service + " in Jaeger")
          .atMost(timeout)
          .pollInterval(Duration.ofMillis(250))
          .until(
              () -> {
                last.set(traces(service));
                return until.test(last.get());
              });
    } catch (final ConditionTimeoutException timedOut) {
      throw new AssertionError(
          "traces of " + service + " not as awaited within " + timeout + ": " + last.get(),
          timedOut);
    }
    return last.get();
  }

  /** Waits (up to {@code timeout}) until {@code service} has at least {@code count} traces. */
  public JsonNode awaitTraces(final String service, final int count, final Duration timeout) {
    return awaitTraces(service, traces -> traces.size() >= count, timeout);
  }

  private JsonNode data(final String pathAndQuery) {
    final var response = query(pathAndQuery);
    if (response.statusCode() != 200) {
      throw new AssertionError(
          "Jaeger " + pathAndQuery + ": " + response.statusCode() + " " + response.body());
    }
    return parsed(response).path("data");
  }

  private static JsonNode parsed(final HttpResponse<String> response) {
    try {
      return JSON.readTree(response.body());
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private HttpResponse<String> query(final String pathAndQuery) {
    final var request =
        HttpRequest.newBuilder(queryAddress().resolve(pathAndQuery))
            .timeout(Duration.ofSeconds(10))
            .build();
    try {
      return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  public String output() {
    return logs.text();
  }

  /** The {@code jaeger} binary on the PATH, if any. */
  public static Optional<Path> binary() {
    final String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (final String dir : path.split(File.pathSeparator)) {
      if (dir.isBlank()) {
        continue;
      }
      final Path candidate = Path.of(dir, BINARY);
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return Optional.of(candidate.toAbsolutePath());
      }
    }
    return Optional.empty();
  }

  /**
   * The base image plus {@code /usr/local/bin/jaeger} (its entry point), built once per test run;
   * deleteOnExit false: the next run reuses its layers.
   */
  private static DockerImageName image() {
    synchronized (IMAGE_LOCK) {
      if (image == null) {
        final Path jaeger =
            binary()
                .orElseThrow(
                    () -> new IllegalStateException("no " + BINARY + " on the PATH: see Required"));
        final long start = System.nanoTime();
        LOG.info("building {} from {} with {}", TAG, QaSettings.baseImage(), jaeger);
        new ImageFromDockerfile(TAG, false)
            .withFileFromPath(BINARY, jaeger)
            .withDockerfileFromBuilder(
                dockerfile ->
                    dockerfile
                        .from(QaSettings.baseImage())
                        .copy(BINARY, "/usr/local/bin/" + BINARY)
                        // an array: exec form, so the container's command are its arguments
                        .entryPoint(new String[] {"/usr/local/bin/" + BINARY})
                        .build())
            .get();
        LOG.info("built {} in {} ms", TAG, (System.nanoTime() - start) / 1_000_000);
        image = DockerImageName.parse(TAG);
      }
      return image;
    }
  }

  /**
   * Runs a test class only where a {@code jaeger} binary is on the PATH (.ci/run puts the one it
   * builds there). Without one it is skipped with one line, or fails with {@code
   * -Dqa.docker.required=true} (CI), as {@link RequiresDocker} does for the engine. Goes with
   * {@link ContainerTest}.
   */
  public static final class Required implements ExecutionCondition {
    private static final AtomicBoolean SKIP_REPORTED = new AtomicBoolean();

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(final ExtensionContext context) {
      final var jaeger = binary();
      if (jaeger.isPresent()) {
        return ConditionEvaluationResult.enabled(BINARY + " at " + jaeger.get());
      }
      final String reason = "no " + BINARY + " on the PATH";
      if (QaSettings.dockerRequired()) {
        throw new IllegalStateException(
            "qa.docker.required=true but "
                + reason
                + ": the tracing checks cannot run (.ci/run builds it)");
      }
      if (SKIP_REPORTED.compareAndSet(false, true)) {
        System.out.println(
            "[qa] SKIPPING the tracing checks: "
                + reason
                + ". Build Jaeger's all-in-one (see .ci/run) and put it on the PATH to run them;"
                + " -Dqa.docker.required=true fails the build instead.");
      }
      return ConditionEvaluationResult.disabled(reason);
    }
  }

  /**
   * Waits until the query API answers {@code GET /api/services} with 200 (the collector has started
   * every component). Stops at once when the container exits.
   */
  private static final class QueryApiWaitStrategy extends AbstractWaitStrategy {
    private final URI services;

    QueryApiWaitStrategy(final URI queryAddress) {
      this.services = queryAddress.resolve("/api/services");
    }

    @Override
    protected void waitUntilReady() {
      final var request = HttpRequest.newBuilder(services).timeout(Duration.ofSeconds(2)).build();
      final var last = new AtomicReference<>("no answer");
      try {
        await(services + " answers 200")
            .atMost(startupTimeout)
            .pollDelay(Duration.ZERO)
            .pollInterval(Duration.ofMillis(250))
            .failFast(() -> !waitStrategyTarget.isRunning())
            .until(
                () -> {
                  try {
                    final var response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
                    last.set(response.statusCode() + " " + response.body());
                    return response.statusCode() == 200;
                  } catch (final InterruptedException e) {
                    throw e;
                  } catch (final Exception e) {
                    last.set(e.getClass().getSimpleName());
                    return false;
                  }
                });
      } catch (final TerminalFailureException exited) {
        throw new ContainerLaunchException(
            "container exited before " + services + " answered 200: see target/container-logs");
      } catch (final ConditionTimeoutException timeout) {
        throw new ContainerLaunchException(
            services + " did not answer 200 within " + startupTimeout + " (last: " + last + ")");
      }
    }
  }
}

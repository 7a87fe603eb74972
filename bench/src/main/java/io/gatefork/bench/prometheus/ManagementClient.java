package io.gatefork.bench.prometheus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/** The gateway's management port: readiness, the Prometheus scrape, single meters. */
public final class ManagementClient {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpClient http =
      HttpClient.newBuilder()
          .connectTimeout(Duration.ofSeconds(2))
          .version(HttpClient.Version.HTTP_1_1)
          .build();
  private final String base;

  public ManagementClient(final int port) {
    this.base = "http://127.0.0.1:" + port;
  }

  public boolean ready() {
    return get("/actuator/health/readiness").map(r -> r.statusCode() == 200).orElse(false);
  }

  public MetricsSnapshot scrape() {
    final var response =
        get("/actuator/prometheus")
            .filter(r -> r.statusCode() == 200)
            .orElseThrow(
                () -> new IllegalStateException("no answer from " + base + "/actuator/prometheus"));
    return MetricsSnapshot.parse(response.body());
  }

  /** A gauge's current value from {@code /actuator/metrics/<name>}, if the meter exists. */
  public Optional<Double> meter(final String name) {
    return get("/actuator/metrics/" + name)
        .filter(r -> r.statusCode() == 200)
        .flatMap(
            r -> {
              try {
                for (final JsonNode m : JSON.readTree(r.body()).path("measurements")) {
                  if (m.path("statistic").asText().equals("VALUE")) {
                    return Optional.of(m.path("value").asDouble());
                  }
                }
                return Optional.empty();
              } catch (final IOException e) {
                return Optional.empty();
              }
            });
  }

  private Optional<HttpResponse<String>> get(final String path) {
    try {
      return Optional.of(
          http.send(
              HttpRequest.newBuilder(URI.create(base + path))
                  .timeout(Duration.ofSeconds(5))
                  .GET()
                  .build(),
              HttpResponse.BodyHandlers.ofString()));
    } catch (final IOException e) {
      return Optional.empty();
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }
}

package io.gatefork.qa.support;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.regex.Pattern;

/**
 * Plain HTTP/1.1 calls to the REST API v2, for what the official client hides: the status code, the
 * ProblemDetail title, how long the answer took.
 */
public final class RestCalls {
  private static final Pattern TITLE = Pattern.compile("\"title\"\\s*:\\s*\"([^\"]*)\"");
  private static final Pattern KEY = Pattern.compile("\"processInstanceKey\"\\s*:\\s*\"?(\\d+)");

  /** One answer; {@code status} 0 when no HTTP answer came (connection refused or reset). */
  public record Answer(int status, String title, String body, long startedNanos, long millis) {
    public boolean ok() {
      return status == 200;
    }

    /** The {@code processInstanceKey} of a create-instance answer. */
    public long processInstanceKey() {
      final var matcher = KEY.matcher(body);
      if (!matcher.find()) {
        throw new AssertionError("no processInstanceKey in " + body);
      }
      return Long.parseLong(matcher.group(1));
    }
  }

  private final URI base;
  private final HttpClient http;

  public RestCalls(final URI base) {
    this.base = base;
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
  }

  public HttpRequest createInstanceRequest(final String processDefinitionId) {
    return post(
        "/v2/process-instances", "{\"processDefinitionId\":\"" + processDefinitionId + "\"}");
  }

  public HttpRequest post(final String path, final String json) {
    return HttpRequest.newBuilder(base.resolve(path))
        .header("Content-Type", "application/json")
        .timeout(Duration.ofSeconds(60))
        .POST(HttpRequest.BodyPublishers.ofString(json))
        .build();
  }

  public HttpClient http() {
    return http;
  }

  /** Sends and waits; a transport failure is an answer with status 0, not an exception. */
  public Answer send(final HttpRequest request) {
    final long start = System.nanoTime();
    try {
      final var response = http.send(request, HttpResponse.BodyHandlers.ofString());
      return answer(response.statusCode(), response.body(), start);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (final Exception e) {
      return answer(0, e.getClass().getSimpleName(), start);
    }
  }

  public static Answer answer(final int status, final String body, final long startedNanos) {
    final var matcher = TITLE.matcher(body == null ? "" : body);
    return new Answer(
        status,
        matcher.find() ? matcher.group(1) : null,
        body,
        startedNanos,
        (System.nanoTime() - startedNanos) / 1_000_000);
  }
}

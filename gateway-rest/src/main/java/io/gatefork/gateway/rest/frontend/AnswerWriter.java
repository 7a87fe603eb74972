package io.gatefork.gateway.rest.frontend;

import com.fasterxml.jackson.databind.ObjectWriter;
import io.gatefork.gateway.rest.connection.KeptStatus;
import io.gatefork.gateway.rest.stage.RequestStages;
import io.gatefork.gateway.rest.write.AnswerOutput;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.springframework.core.io.Resource;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;

/**
 * Writes a controller's {@link ResponseEntity} to the servlet response the way Spring MVC's {@code
 * HttpEntityMethodProcessor} does for gatefork's answers, without a dispatch: status, the entity's
 * headers, and the body — JSON through the same {@code ObjectMapper} as MVC's Jackson converter (so
 * ProblemDetail and records look the same), a String or byte[] as is, a {@link Resource} streamed.
 * A ProblemDetail without {@code instance} gets the request path, as MVC gives it. The body is
 * serialised before anything is written, so the response carries its Content-Length; an error
 * status is set through {@link KeptStatus}, so that the answer keeps the connection. The body goes
 * out through {@link AnswerOutput}: no thread waits on the client's socket.
 */
final class AnswerWriter {
  private static final String JSON = MediaType.APPLICATION_JSON_VALUE;
  private static final String PROBLEM_JSON = MediaType.APPLICATION_PROBLEM_JSON_VALUE;

  private final ObjectWriter json;
  private final Duration writeTimeout;

  AnswerWriter(final ObjectWriter json, final Duration writeTimeout) {
    this.json = json;
    this.writeTimeout = writeTimeout;
  }

  /** Answers a request in its first pass, on its request thread. */
  void write(
      final ResponseEntity<?> entity,
      final HttpServletRequest request,
      final HttpServletResponse response)
      throws IOException {
    final Object body = head(entity, request, response);
    if (body instanceof final Resource resource) {
      final var stream = AnswerOutput.Body.of(resource.getInputStream());
      AnswerOutput.sendLater(
          AnswerOutput.startAsync(request, response), () -> stream, writeTimeout);
    } else if (body != null) {
      AnswerOutput.send(
          request, response, (byte[]) body, KeptStatus.isMarked(response), writeTimeout);
    }
  }

  /**
   * Answers a request in async processing, from any thread; completes its async context. The answer
   * is serialised where it is written, on a request thread ({@link AnswerOutput#sendLater}).
   */
  void write(final ResponseEntity<?> entity, final AsyncContext async) {
    final var request = (HttpServletRequest) async.getRequest();
    final var response = (HttpServletResponse) async.getResponse();
    RequestStages.answerReady(request, entity.getStatusCode().value());
    AnswerOutput.sendLater(
        async,
        () -> {
          final Object body = head(entity, request, response);
          if (body instanceof final Resource resource) {
            return AnswerOutput.Body.of(resource.getInputStream());
          }
          return body == null
              ? null
              : AnswerOutput.Body.of((byte[]) body, KeptStatus.isMarked(response));
        },
        writeTimeout);
  }

  /**
   * Sets the answer's status, headers, content type and length.
   *
   * @return the body to write: the serialised bytes, a {@link Resource} to stream, or null
   */
  private Object head(
      final ResponseEntity<?> entity,
      final HttpServletRequest request,
      final HttpServletResponse response)
      throws IOException {
    final int status = entity.getStatusCode().value();
    final HttpHeaders headers = entity.getHeaders();
    String contentType = null;
    if (!headers.isEmpty()) {
      for (final Map.Entry<String, List<String>> header : headers.entrySet()) {
        if (HttpHeaders.CONTENT_TYPE.equalsIgnoreCase(header.getKey())) {
          contentType = header.getValue().isEmpty() ? null : header.getValue().get(0);
          continue;
        }
        for (final String value : header.getValue()) {
          response.addHeader(header.getKey(), value);
        }
      }
    }
    final Object body = entity.getBody();
    if (body == null) {
      response.setStatus(status);
      return null;
    }
    if (body instanceof final Resource resource) {
      response.setStatus(status);
      response.setContentType(
          contentType != null ? contentType : MediaType.APPLICATION_OCTET_STREAM_VALUE);
      return resource;
    }
    final byte[] bytes;
    if (body instanceof final byte[] raw) {
      bytes = raw;
    } else if (body instanceof final String text) {
      bytes = text.getBytes(StandardCharsets.UTF_8);
    } else {
      if (body instanceof final ProblemDetail problem) {
        if (problem.getInstance() == null) {
          problem.setInstance(URI.create(request.getRequestURI()));
        }
        if (contentType == null) {
          contentType = PROBLEM_JSON;
        }
      }
      bytes = json.writeValueAsBytes(body);
    }
    KeptStatus.set(request, response, status);
    response.setContentType(contentType != null ? contentType : JSON);
    response.setContentLength(bytes.length);
    return bytes;
  }
}

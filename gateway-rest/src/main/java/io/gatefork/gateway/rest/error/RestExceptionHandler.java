package io.gatefork.gateway.rest.error;

import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CompletionException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.web.ServerProperties;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.lang.Nullable;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.context.request.async.AsyncRequestTimeoutException;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Every error the REST API answers, as {@code application/problem+json} with the status name as
 * {@code title}. Service failures normally come back through the controllers' futures (see {@code
 * AsyncResponses}); this advice covers what is thrown instead: request validation in the
 * controllers, unreadable bodies, oversized uploads and Spring MVC's own errors (405, 415, ...).
 * Global on purpose, so that errors raised before a handler is chosen get the same shape.
 */
@RestControllerAdvice
public class RestExceptionHandler extends ResponseEntityExceptionHandler {
  private final long maxSwallowBytes;

  public RestExceptionHandler(final ObjectProvider<ServerProperties> server) {
    final ServerProperties properties = server.getIfAvailable(ServerProperties::new);
    maxSwallowBytes = properties.getTomcat().getMaxSwallowSize().toBytes();
  }

  @ExceptionHandler(ServiceException.class)
  public ResponseEntity<Object> handleServiceException(final ServiceException exception) {
    return ProblemResponses.of(exception);
  }

  @ExceptionHandler(CompletionException.class)
  public ResponseEntity<Object> handleCompletionException(final CompletionException exception) {
    return ProblemResponses.of(exception);
  }

  /**
   * A multipart body that cannot be parsed (no boundary, truncated parts). Spring parses it before
   * choosing a handler, for any path, so this is the client's error wherever it is sent.
   */
  @ExceptionHandler(MultipartException.class)
  public ResponseEntity<Object> handleUnreadableMultipart(final MultipartException exception) {
    final Throwable cause = exception.getMostSpecificCause();
    return ProblemResponses.of(
        ServiceStatus.INVALID_ARGUMENT,
        "request body: not a readable multipart/form-data body"
            + (cause != exception && cause.getMessage() != null ? ": " + cause.getMessage() : ""));
  }

  /** Anything else is a defect: 500 INTERNAL, logged once with its trace. */
  @ExceptionHandler(Exception.class)
  public ResponseEntity<Object> handleUnexpected(final Exception exception) {
    return ProblemResponses.of(exception);
  }

  @Override
  protected ResponseEntity<Object> handleHttpMessageNotReadable(
      final HttpMessageNotReadableException exception,
      final HttpHeaders headers,
      final HttpStatusCode status,
      final WebRequest request) {
    final BodyRefusal refused = BodyRefusal.in(exception);
    if (refused != null) {
      return handleExceptionInternal(
          exception, refused.problem(), headers, HttpStatusCode.valueOf(refused.status()), request);
    }
    final ProblemDetail body =
        ProblemDetail.forStatusAndDetail(
            HttpStatus.BAD_REQUEST, JsonReadErrors.describe(exception));
    return handleExceptionInternal(exception, body, headers, HttpStatus.BAD_REQUEST, request);
  }

  @Override
  protected ResponseEntity<Object> handleMaxUploadSizeExceededException(
      final MaxUploadSizeExceededException exception,
      final HttpHeaders headers,
      final HttpStatusCode status,
      final WebRequest request) {
    final long limit = exception.getMaxUploadSize();
    // the field the upload was for: documents upload "file"/"files", deployments "resources"
    final String field =
        request.getDescription(false).contains("/v2/documents") ? "file" : "resources";
    final String detail =
        field
            + ": the upload exceeds the maximum size"
            + (limit >= 0 ? " of " + limit + " bytes" : "")
            + " (spring.servlet.multipart.max-file-size / max-request-size)";
    final ProblemDetail body = ProblemDetail.forStatusAndDetail(status, detail);
    if (request instanceof final ServletWebRequest servlet) {
      dropRestOfBody(servlet.getRequest());
    }
    return handleExceptionInternal(exception, body, headers, status, request);
  }

  /**
   * Reads and drops what is left of a refused upload, at most {@code
   * server.tomcat.max-swallow-size}, before the 413 is written. Tomcat closes the connection after
   * a 413; with the body still arriving, the close resets it and the client, still writing, sees
   * "Broken pipe" instead of the answer. A longer remainder is left to that close, as before.
   */
  private void dropRestOfBody(final HttpServletRequest request) {
    final byte[] buffer = new byte[8192];
    long dropped = 0;
    try {
      final InputStream body = request.getInputStream();
      int read;
      while (dropped <= maxSwallowBytes && (read = body.read(buffer)) >= 0) {
        dropped += read;
      }
    } catch (final IOException | IllegalStateException unreadable) {
      // the client went away or the body was read as characters: nothing left to drop
    }
  }

  /**
   * The servlet container gave up waiting for a service future: a gateway-side timeout, so 504
   * DEADLINE_EXCEEDED like a timed-out broker request rather than Spring's default 503.
   */
  @Override
  protected ResponseEntity<Object> handleAsyncRequestTimeoutException(
      final AsyncRequestTimeoutException exception,
      final HttpHeaders headers,
      final HttpStatusCode status,
      final WebRequest request) {
    final ProblemDetail body =
        ProblemDetail.forStatusAndDetail(
            HttpStatus.GATEWAY_TIMEOUT,
            "Expected to handle the request, but it timed out in the gateway");
    return handleExceptionInternal(exception, body, headers, HttpStatus.GATEWAY_TIMEOUT, request);
  }

  /** All of Spring MVC's answers pass here: put our title and media type on them. */
  @Override
  protected ResponseEntity<Object> createResponseEntity(
      @Nullable final Object body,
      final HttpHeaders headers,
      final HttpStatusCode statusCode,
      final WebRequest request) {
    if (body instanceof final ProblemDetail problem) {
      problem.setTitle(ServiceStatusMapping.titleFor(problem.getStatus()));
      final var problemHeaders = new HttpHeaders();
      problemHeaders.addAll(headers);
      problemHeaders.setContentType(MediaType.APPLICATION_PROBLEM_JSON);
      return new ResponseEntity<>(problem, problemHeaders, statusCode);
    }
    return super.createResponseEntity(body, headers, statusCode, request);
  }
}

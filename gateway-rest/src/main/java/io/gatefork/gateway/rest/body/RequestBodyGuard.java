package io.gatefork.gateway.rest.body;

import io.gatefork.gateway.rest.error.BodyRefusal;
import io.gatefork.gateway.rest.error.FirstPassProblem;
import io.gatefork.gateway.rest.error.ServiceStatusMapping;
import io.gatefork.gateway.rest.write.AnswerOutput;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Bounds what a request body may cost before anything reads it: its size, the time it may take to
 * arrive in total, and how many requests at once may hold a request thread while waiting for their
 * body. A request whose body is refused gets a ProblemDetail naming the limit and its key — 413 for
 * a body larger than {@code gatefork.rest.max-body-size} (by its {@code Content-Length} before a
 * byte is read, or when the bytes read pass it), 408 for one not complete within {@code
 * gatefork.rest.body-read-timeout}, 503 when every place for waiting bodies ({@code
 * gatefork.rest.max-waiting-bodies}, and half as many grace places for requests younger than a
 * second) is taken, or the requests of the client's address hold their share ({@code
 * gatefork.rest.max-waiting-bodies-per-address}) — and its connection is closed without reading the
 * rest ({@link AnswerOutput#abandonBody}): waiting for a slow client's remainder would hold the
 * thread again.
 *
 * <p>Requests without a body pass untouched. Multipart uploads are parsed by the container from its
 * own stream (Spring's limits, {@code spring.servlet.multipart.*}, bound their size), so such a
 * request holds a place for as long as it is handled.
 */
public final class RequestBodyGuard implements Filter {
  private final long maxBodyBytes;
  private final long timeoutNanos;
  private final WaitingPlaces waiting;
  private final int places;
  private final Duration writeTimeout;

  public RequestBodyGuard(
      final long maxBodyBytes,
      final Duration timeout,
      final int waitingPlaces,
      final int waitingPlacesPerAddress,
      final Duration writeTimeout) {
    this.maxBodyBytes = maxBodyBytes;
    timeoutNanos = timeout.toNanos();
    places = waitingPlaces;
    waiting = new WaitingPlaces(waitingPlaces, waitingPlacesPerAddress);
    this.writeTimeout = writeTimeout;
  }

  @Override
  public void doFilter(
      final ServletRequest servletRequest,
      final ServletResponse servletResponse,
      final FilterChain chain)
      throws IOException, ServletException {
    final var request = (HttpServletRequest) servletRequest;
    final long length = request.getContentLengthLong();
    if (length == 0 || (length < 0 && request.getHeader("Transfer-Encoding") == null)) {
      chain.doFilter(request, servletResponse);
      return;
    }
    final var response = (HttpServletResponse) servletResponse;
    final String contentType = request.getContentType();
    if (contentType != null && contentType.regionMatches(true, 0, "multipart/", 0, 10)) {
      final String address = request.getRemoteAddr();
      final WaitingPlaces.Place place = waiting.take(address, false);
      if (place == null) {
        refuse(request, response, noPlaceToWait(address));
        return;
      }
      try {
        chain.doFilter(request, response);
      } finally {
        waiting.release(place);
      }
      return;
    }
    if (length > maxBodyBytes) {
      refuse(request, response, tooLarge());
      return;
    }
    chain.doFilter(new Guarded(request, this, System.nanoTime() + timeoutNanos), response);
  }

  /** The places for reads that wait for their client. */
  WaitingPlaces waiting() {
    return waiting;
  }

  long timeoutNanos() {
    return timeoutNanos;
  }

  long maxBodyBytes() {
    return maxBodyBytes;
  }

  BodyRefusal tooLarge() {
    return new BodyRefusal(
        413,
        "request body: larger than the gateway accepts, "
            + maxBodyBytes
            + " bytes (gatefork.rest.max-body-size)");
  }

  BodyRefusal tooSlow() {
    return new BodyRefusal(
        408,
        "request body: not complete within "
            + Duration.ofNanos(timeoutNanos).toMillis()
            + " ms (gatefork.rest.body-read-timeout)");
  }

  BodyRefusal noPlaceToWait(final String address) {
    if (waiting.holdsItsShare(address)) {
      return new BodyRefusal(
          503,
          "request body: "
              + waiting.perAddress()
              + " requests from this address are already waiting for their bodies, the most one"
              + " address may have wait (gatefork.rest.max-waiting-bodies-per-address); send the"
              + " body with the request");
    }
    return new BodyRefusal(
        503,
        "request body: "
            + places
            + " requests are already waiting for their bodies, the most the gateway lets wait"
            + " (gatefork.rest.max-waiting-bodies); send the body with the request");
  }

  private void refuse(
      final HttpServletRequest request,
      final HttpServletResponse response,
      final BodyRefusal refusal)
      throws IOException {
    AnswerOutput.abandonBody(request);
    FirstPassProblem.send(
        request,
        response,
        refusal.status(),
        ServiceStatusMapping.titleFor(refusal.status()),
        refusal.getMessage(),
        null,
        writeTimeout);
  }

  /** The request, with its body behind the guard. */
  private static final class Guarded extends HttpServletRequestWrapper {
    private final RequestBodyGuard guard;
    private final long deadlineNanos;
    private GuardedBody body;

    Guarded(final HttpServletRequest request, final RequestBodyGuard guard, final long deadline) {
      super(request);
      this.guard = guard;
      deadlineNanos = deadline;
    }

    @Override
    public ServletInputStream getInputStream() throws IOException {
      if (body == null) {
        body = new GuardedBody(super.getInputStream(), guard, deadlineNanos, this);
      }
      return body;
    }

    @Override
    public BufferedReader getReader() throws IOException {
      final String encoding = getCharacterEncoding();
      return new BufferedReader(
          new InputStreamReader(
              getInputStream(),
              encoding != null ? Charset.forName(encoding) : StandardCharsets.UTF_8));
    }
  }
}

package io.gatefork.gateway.rest.frontend;

import io.gatefork.gateway.rest.error.ProblemResponses;
import io.gatefork.gateway.rest.response.ClientTimedResult;
import io.gatefork.gateway.rest.write.AnswerOutput;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.job.WatchesCaller;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;
import org.springframework.core.MethodParameter;
import org.springframework.http.ResponseEntity;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodReturnValueHandler;
import org.springframework.web.method.support.ModelAndViewContainer;

/**
 * Answers a controller's future in the same servlet pass. Spring MVC's own handling of a future
 * starts async processing and, once the future completes, dispatches the request a second time
 * through every filter and the DispatcherServlet only to write the value. Here the thread that
 * completes the future (the API executor) writes the answer and completes the async context; an
 * answer already there when the controller returns is written at once, without going async.
 *
 * <p>Handles {@link CompletionStage} and {@link ClientTimedResult} return values; installed ahead
 * of MVC's handlers by {@link LeanFrontEndConfiguration}.
 */
final class OnePassReturnValueHandler implements HandlerMethodReturnValueHandler {
  static final String TIMED_OUT = "Expected to handle the request, but it timed out in the gateway";

  private final AnswerWriter writer;
  private final HandlerMethodReturnValueHandler mvcAsync;

  /**
   * @param mvcAsync MVC's own handler of futures, for multipart requests: their parts live until
   *     the request is done, which for MVC is after the second dispatch, and the document and
   *     deployment services read them later (rare, large requests: the dispatch does not matter)
   */
  OnePassReturnValueHandler(
      final AnswerWriter writer, final HandlerMethodReturnValueHandler mvcAsync) {
    this.writer = writer;
    this.mvcAsync = mvcAsync;
  }

  @Override
  public boolean supportsReturnType(final MethodParameter returnType) {
    final Class<?> type = returnType.getParameterType();
    return CompletionStage.class.isAssignableFrom(type)
        || org.springframework.web.context.request.async.DeferredResult.class.isAssignableFrom(
            type);
  }

  @Override
  public void handleReturnValue(
      final Object returnValue,
      final MethodParameter returnType,
      final ModelAndViewContainer mavContainer,
      final NativeWebRequest webRequest)
      throws Exception {
    final HttpServletRequest request = webRequest.getNativeRequest(HttpServletRequest.class);
    final String contentType = request.getContentType();
    if (contentType != null && contentType.regionMatches(true, 0, "multipart/", 0, 10)) {
      mvcAsync.handleReturnValue(returnValue, returnType, mavContainer, webRequest);
      return;
    }
    final CompletableFuture<?> answer;
    final Long timeoutMillis;
    if (returnValue instanceof final CompletionStage<?> stage) {
      answer = stage.toCompletableFuture();
      timeoutMillis = null;
    } else if (returnValue instanceof final ClientTimedResult timed) {
      answer = timed.answer();
      timeoutMillis = timed.timeoutMillis();
    } else {
      throw new IllegalStateException(
          "A future-returning handler returned " + returnValue + "; use AsyncResponses");
    }
    mavContainer.setRequestHandled(true);
    final HttpServletResponse response = webRequest.getNativeResponse(HttpServletResponse.class);
    if (answer.isDone()) {
      writer.write(entity(answer.getNow(null), answer), request, response);
      return;
    }
    // the objects MVC handles, so the answer goes through the same wrappers a dispatch would use
    final AsyncContext async = AnswerOutput.startAsync(request, response);
    if (timeoutMillis != null) {
      async.setTimeout(timeoutMillis);
    }
    final PendingAnswer pending = new PendingAnswer(writer, async, request);
    async.addListener(pending);
    if (returnValue instanceof final ClientTimedResult waiting
        && waiting.source() instanceof final WatchesCaller watching) {
      watchCaller(request, pending, waiting.source(), watching);
    }
    answer.whenComplete((value, failure) -> pending.answer(entity(value, failure)));
  }

  /**
   * A waiting job activation learns whether its client is still connected, where the connection can
   * be probed, and stops waiting when the container reports the request broken in any case.
   */
  private static void watchCaller(
      final HttpServletRequest request,
      final PendingAnswer pending,
      final Future<?> source,
      final WatchesCaller watching) {
    final CallerProbe probe = CallerProbe.arm(request);
    pending.watch(probe, source);
    if (probe != null) {
      watching.watchCaller(probe);
    }
  }

  private static ResponseEntity<?> entity(final Object value, final Object failureOrFuture) {
    if (failureOrFuture instanceof final Throwable failure) {
      return ProblemResponses.of(failure);
    }
    if (failureOrFuture instanceof final CompletableFuture<?> future
        && future.isCompletedExceptionally()) {
      return ProblemResponses.of(future.exceptionNow());
    }
    if (value instanceof final ResponseEntity<?> entity) {
      return entity;
    }
    return ResponseEntity.ok(value);
  }

  static ResponseEntity<?> timedOut() {
    return ProblemResponses.of(ServiceStatus.DEADLINE_EXCEEDED, TIMED_OUT);
  }
}

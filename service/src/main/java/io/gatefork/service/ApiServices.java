package io.gatefork.service;

import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.service.error.BrokerErrorMapper;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.stage.RequestSpan;
import io.gatefork.service.stage.RequestTiming;
import io.gatefork.service.validation.FieldRules;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Base of the domain services: sends a broker request and handles the answer with exactly one hop
 * onto the API executor ({@link io.gatefork.service.executor.ApiExecutor}): the transport thread
 * only hands the response over; error mapping and result mapping (msgpack to JSON and the like) run
 * on the executor. Upstream hops twice ({@code handleAsync} then {@code thenApplyAsync}).
 */
public abstract class ApiServices {
  protected final BrokerClient brokerClient;
  private final Executor executor;

  /**
   * @param executor where responses are handled: normally the {@code ApiExecutor} itself
   */
  protected ApiServices(final BrokerClient brokerClient, final Executor executor) {
    this.brokerClient = Objects.requireNonNull(brokerClient, "brokerClient");
    this.executor = Objects.requireNonNull(executor, "executor");
  }

  /** Sends with the client's default request timeout. */
  protected final <T extends UnifiedRecordValue, R> CompletableFuture<R> send(
      final RequestContext context,
      final BrokerRequest<T> request,
      final Function<? super BrokerResult.Accepted<T>, ? extends R> onAccepted) {
    onBehalfOf(context, request);
    return dispatch(context, () -> brokerClient.send(request), onAccepted);
  }

  /** Sends with its own timeout; null means the client's default. */
  protected final <T extends UnifiedRecordValue, R> CompletableFuture<R> send(
      final RequestContext context,
      final BrokerRequest<T> request,
      final Duration timeout,
      final Function<? super BrokerResult.Accepted<T>, ? extends R> onAccepted) {
    onBehalfOf(context, request);
    return dispatch(context, () -> brokerClient.send(request, timeout), onAccepted);
  }

  /**
   * Sends a round-robin command with the partition retry (process-instance creation); null timeout
   * means the client's default.
   */
  protected final <T extends UnifiedRecordValue, R> CompletableFuture<R> sendWithPartitionRetry(
      final RequestContext context,
      final BrokerRequest<T> request,
      final Duration timeout,
      final Function<? super BrokerResult.Accepted<T>, ? extends R> onAccepted) {
    onBehalfOf(context, request);
    return dispatch(
        context, () -> brokerClient.sendWithPartitionRetry(request, timeout), onAccepted);
  }

  private <T extends UnifiedRecordValue, R> CompletableFuture<R> dispatch(
      final RequestContext context,
      final Supplier<CompletableFuture<BrokerResult<T>>> send,
      final Function<? super BrokerResult.Accepted<T>, ? extends R> onAccepted) {
    context.timing().dispatched();
    CompletableFuture<BrokerResult<T>> response;
    try {
      response = send.get();
    } catch (final RuntimeException e) {
      response = CompletableFuture.failedFuture(e); // e.g. a record that cannot be encoded
    }
    return handle(context, response, onAccepted);
  }

  /**
   * Handles a broker answer with the one hop onto the executor: marks when the answer arrived and
   * when handling starts, maps errors to {@link ServiceException}s and runs {@code onAccepted} for
   * an accepted command, marking when the result is ready. Services that send several requests for
   * one API call (job activation) mark {@code dispatched} themselves and use this directly.
   */
  protected final <T extends UnifiedRecordValue, R> CompletableFuture<R> handle(
      final RequestContext context,
      final CompletableFuture<BrokerResult<T>> response,
      final Function<? super BrokerResult.Accepted<T>, ? extends R> onAccepted) {
    final var handler = new ResponseHandler<T, R>(context.timing(), onAccepted, executor);
    return response.handleAsync(handler, handler);
  }

  /**
   * Every broker command carries the caller's identity as the stock gateway sends it: the caller's
   * {@code AuthInfo}, encoded once per caller, not per request. A traced request's span hears each
   * message sent for it.
   */
  protected static <T extends UnifiedRecordValue> BrokerRequest<T> onBehalfOf(
      final RequestContext context, final BrokerRequest<T> request) {
    return request
        .authorization(context.caller().authorization())
        .attemptListener(context.timing().span());
  }

  /** Null or non-positive means "use the client's default". */
  protected static Duration timeoutOrDefault(final Duration timeout) {
    return timeout == null || timeout.isZero() || timeout.isNegative() ? null : timeout;
  }

  /**
   * Sets the client's operation reference (echoed on the resulting records) when one was given.
   *
   * @throws io.gatefork.service.error.ServiceException INVALID_ARGUMENT when it is not positive
   */
  protected static <T extends UnifiedRecordValue> BrokerRequest<T> withOperationReference(
      final BrokerRequest<T> request, final Long operationReference) {
    if (operationReference != null) {
      request.operationReference(
          FieldRules.operationReference("operationReference", operationReference));
    }
    return request;
  }

  /** Bad input answered without a broker round trip. */
  protected static <R> CompletableFuture<R> rejectInput(final ServiceException failure) {
    return CompletableFuture.failedFuture(failure);
  }

  /**
   * The one hop: as the {@link Executor} given to {@code handleAsync} it is called on the thread
   * that completed the broker future (marking when the response arrived) and forwards the task to
   * the API executor; as the handler it runs there. One object per request for both.
   */
  private static final class ResponseHandler<T extends UnifiedRecordValue, R>
      implements BiFunction<BrokerResult<T>, Throwable, R>, Executor {
    private final RequestTiming timing;
    private final Function<? super BrokerResult.Accepted<T>, ? extends R> onAccepted;
    private final Executor executor;

    ResponseHandler(
        final RequestTiming timing,
        final Function<? super BrokerResult.Accepted<T>, ? extends R> onAccepted,
        final Executor executor) {
      this.timing = timing;
      this.onAccepted = onAccepted;
      this.executor = executor;
    }

    @Override
    public void execute(final Runnable task) {
      timing.responseReceived();
      final RequestSpan span = timing.span();
      if (span == null) {
        executor.execute(task);
      } else {
        // the answer's handling, and what the front end chained to it, logs under the trace
        executor.execute(
            () -> {
              try (RequestSpan.Scope ignored = span.open()) {
                task.run();
              }
            });
      }
    }

    @Override
    public R apply(final BrokerResult<T> result, final Throwable failure) {
      timing.handlingStarted();
      final ServiceException error;
      if (failure != null) {
        error = BrokerErrorMapper.fromThrowable(failure);
      } else if (result instanceof BrokerResult.Accepted<T> accepted) {
        final R mapped = map(accepted);
        timing.resultReady();
        return mapped;
      } else {
        error = BrokerErrorMapper.fromResult(result);
      }
      timing.resultReady();
      throw error;
    }

    private R map(final BrokerResult.Accepted<T> accepted) {
      try {
        return onAccepted.apply(accepted);
      } catch (final ServiceException e) {
        timing.resultReady();
        throw e;
      } catch (final RuntimeException e) {
        final ServiceException error = BrokerErrorMapper.fromThrowable(e);
        timing.resultReady();
        throw error;
      }
    }
  }
}

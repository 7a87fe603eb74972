package io.gatefork.gateway.grpc.metrics;

import io.gatefork.service.stage.RequestSpan;
import io.gatefork.service.stage.RequestTiming;
import io.grpc.ForwardingServerCall.SimpleForwardingServerCall;
import io.grpc.ForwardingServerCallListener.SimpleForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * With tracing on, keeps a traced call's span (started by {@link StageTimingTracerFactory}) current
 * around each of the call's callbacks, so that what the endpoint logs names the trace, and names
 * the span in the call's response headers ({@code traceresponse}), as the REST side does. Installed
 * only when tracing is on.
 */
public final class TracingScopeInterceptor implements ServerInterceptor {
  static final Metadata.Key<String> TRACE_RESPONSE =
      Metadata.Key.of("traceresponse", Metadata.ASCII_STRING_MARSHALLER);

  // the propagators ask for the same few names (traceparent, tracestate, baggage, b3, ...)
  private static final ConcurrentMap<String, Metadata.Key<String>> KEYS = new ConcurrentHashMap<>();

  /** Reads one header of a call's metadata, for the tracer's W3C context. */
  static String header(final Metadata headers, final String name) {
    return headers.get(
        KEYS.computeIfAbsent(name, n -> Metadata.Key.of(n, Metadata.ASCII_STRING_MARSHALLER)));
  }

  @Override
  public <Q, R> ServerCall.Listener<Q> interceptCall(
      final ServerCall<Q, R> call, final Metadata headers, final ServerCallHandler<Q, R> next) {
    final RequestTiming timing = StageTimingContext.TIMING.get();
    final RequestSpan span = timing == null ? null : timing.span();
    if (span == null) {
      return next.startCall(call, headers);
    }
    final ServerCall<Q, R> naming =
        new SimpleForwardingServerCall<>(call) {
          @Override
          public void sendHeaders(final Metadata responseHeaders) {
            responseHeaders.put(TRACE_RESPONSE, span.traceparent());
            super.sendHeaders(responseHeaders);
          }
        };
    final ServerCall.Listener<Q> listener;
    try (RequestSpan.Scope ignored = span.open()) {
      listener = next.startCall(naming, headers);
    }
    return new SimpleForwardingServerCallListener<>(listener) {
      @Override
      public void onMessage(final Q message) {
        try (RequestSpan.Scope ignored = span.open()) {
          super.onMessage(message);
        }
      }

      @Override
      public void onHalfClose() {
        try (RequestSpan.Scope ignored = span.open()) {
          super.onHalfClose();
        }
      }

      @Override
      public void onCancel() {
        try (RequestSpan.Scope ignored = span.open()) {
          super.onCancel();
        }
      }

      // not onReady and onComplete: flow control and the end of an answered call run nothing of
      // the request's that logs, and each scope costs a context switch and the MDC's writes
    };
  }
}

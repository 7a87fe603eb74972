package io.gatefork.gateway.grpc.metrics;

import io.grpc.ForwardingServerCall.SimpleForwardingServerCall;
import io.grpc.ForwardingServerCallListener.SimpleForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * gRPC server metrics under the names the stock gateway exports (it uses the java-grpc-prometheus
 * {@code MonitoringServerInterceptor}), so existing Zeebe dashboards keep working. Micrometer's
 * Prometheus naming turns the meters below into exactly those series:
 *
 * <ul>
 *   <li>{@value #STARTED} → {@code grpc_server_started_total}: calls started
 *   <li>{@value #MSG_RECEIVED} → {@code grpc_server_msg_received_total}: request messages
 *   <li>{@value #MSG_SENT} → {@code grpc_server_msg_sent_total}: response messages
 *   <li>{@value #HANDLED} → {@code grpc_server_handled_total}: calls the server closed, by code
 *   <li>{@value #HANDLED_LATENCY} → {@code grpc_server_handled_latency_seconds}: start to close,
 *       with the same histogram buckets as the stock exporter
 * </ul>
 *
 * Tags: {@code grpc_type}, {@code grpc_service}, {@code grpc_method}, plus {@code grpc_code} on the
 * handled meters. Meters are resolved once per method (and code), never per call.
 */
public final class GrpcServerMetricsInterceptor implements ServerInterceptor {
  public static final String STARTED = "grpc.server.started";
  public static final String MSG_RECEIVED = "grpc.server.msg.received";
  public static final String MSG_SENT = "grpc.server.msg.sent";
  public static final String HANDLED = "grpc.server.handled";
  public static final String HANDLED_LATENCY = "grpc.server.handled.latency";

  // the stock exporter's default latency buckets, in seconds
  private static final Duration[] LATENCY_BUCKETS = {
    Duration.ofMillis(1), Duration.ofMillis(5), Duration.ofMillis(10), Duration.ofMillis(50),
    Duration.ofMillis(75), Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500),
    Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofSeconds(10)
  };
  private static final Status.Code[] CODES = Status.Code.values();

  private final MeterRegistry registry;
  private final ConcurrentMap<String, MethodMeters> byMethod = new ConcurrentHashMap<>();

  public GrpcServerMetricsInterceptor(final MeterRegistry registry) {
    this.registry = registry;
  }

  @Override
  public <ReqT, RespT> ServerCall.Listener<ReqT> interceptCall(
      final ServerCall<ReqT, RespT> call,
      final Metadata headers,
      final ServerCallHandler<ReqT, RespT> next) {
    final MethodMeters meters = meters(call.getMethodDescriptor());
    meters.started.increment();
    final var monitoredCall = new MonitoredCall<>(call, meters, System.nanoTime());
    return new MonitoredListener<>(next.startCall(monitoredCall, headers), meters);
  }

  private MethodMeters meters(final MethodDescriptor<?, ?> method) {
    final MethodMeters cached = byMethod.get(method.getFullMethodName());
    return cached != null
        ? cached
        : byMethod.computeIfAbsent(method.getFullMethodName(), k -> new MethodMeters(method));
  }

  private final class MethodMeters {
    private final Tags tags;
    private final Counter started;
    private final Counter received;
    private final Counter sent;
    private final AtomicReferenceArray<HandledMeters> handled =
        new AtomicReferenceArray<>(CODES.length);

    private MethodMeters(final MethodDescriptor<?, ?> method) {
      tags =
          Tags.of(
              "grpc_type", method.getType().name(),
              "grpc_service", String.valueOf(method.getServiceName()),
              "grpc_method", String.valueOf(method.getBareMethodName()));
      started = counter(STARTED, "Calls started on the server", tags);
      received = counter(MSG_RECEIVED, "Messages received from clients", tags);
      sent = counter(MSG_SENT, "Messages sent to clients", tags);
    }

    private HandledMeters handled(final Status.Code code) {
      final HandledMeters cached = handled.get(code.ordinal());
      if (cached != null) {
        return cached;
      }
      final Tags codeTags = tags.and("grpc_code", code.name());
      // a racing thread may build the same pair: the registry hands both the same meters
      final var created =
          new HandledMeters(
              counter(HANDLED, "Calls completed on the server", codeTags),
              Timer.builder(HANDLED_LATENCY)
                  .description("Latency of calls from start to close on the server")
                  .tags(codeTags)
                  .serviceLevelObjectives(LATENCY_BUCKETS)
                  .register(registry));
      handled.set(code.ordinal(), created);
      return created;
    }

    private Counter counter(final String name, final String description, final Tags tags) {
      return Counter.builder(name).description(description).tags(tags).register(registry);
    }
  }

  private record HandledMeters(Counter count, Timer latency) {}

  private static final class MonitoredCall<ReqT, RespT>
      extends SimpleForwardingServerCall<ReqT, RespT> {
    private final MethodMeters meters;
    private final long startNanos;

    private MonitoredCall(
        final ServerCall<ReqT, RespT> call, final MethodMeters meters, final long startNanos) {
      super(call);
      this.meters = meters;
      this.startNanos = startNanos;
    }

    @Override
    public void sendMessage(final RespT message) {
      super.sendMessage(message);
      meters.sent.increment();
    }

    @Override
    public void close(final Status status, final Metadata trailers) {
      final HandledMeters handled = meters.handled(status.getCode());
      handled.count.increment();
      handled.latency.record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
      super.close(status, trailers);
    }
  }

  private static final class MonitoredListener<ReqT>
      extends SimpleForwardingServerCallListener<ReqT> {
    private final MethodMeters meters;

    private MonitoredListener(final ServerCall.Listener<ReqT> delegate, final MethodMeters meters) {
      super(delegate);
      this.meters = meters;
    }

    @Override
    public void onMessage(final ReqT message) {
      meters.received.increment();
      super.onMessage(message);
    }
  }
}

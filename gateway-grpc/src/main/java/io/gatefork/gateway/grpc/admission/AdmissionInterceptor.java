package io.gatefork.gateway.grpc.admission;

import io.gatefork.gateway.grpc.operation.GatewayOperations;
import io.gatefork.service.auth.Caller;
import io.gatefork.service.auth.CallerAuthenticator;
import io.gatefork.service.operation.Api;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.overload.Admission;
import io.gatefork.service.overload.Admission.Permit;
import io.grpc.ForwardingServerCall.SimpleForwardingServerCall;
import io.grpc.ForwardingServerCallListener.SimpleForwardingServerCallListener;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Admission of gRPC calls: when a call starts (its headers decoded, its message not yet parsed) it
 * asks {@link Admission} for a permit under its operation (and its caller, the client's address,
 * when the limit is shared among callers). Without one it is closed at once with {@code
 * RESOURCE_EXHAUSTED}, the stock backpressure status the clients retry on.
 *
 * <p>The permit is given back when the call closes, so the limit learns from the call's whole time:
 * OK and the broker's answers are samples, {@code DEADLINE_EXCEEDED} says overload, anything else
 * (the brokers' own {@code RESOURCE_EXHAUSTED}, bad input, a refused caller, no broker, a cancelled
 * call) teaches nothing.
 */
public final class AdmissionInterceptor implements ServerInterceptor {
  static final Status SHED =
      Status.RESOURCE_EXHAUSTED.withDescription(
          "The gateway is at its limit of requests in flight and did not handle this one;"
              + " retry later");

  private static final Metadata.Key<String> AUTHORIZATION =
      Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

  private static final ServerCall.Listener<Object> NOTHING = new ServerCall.Listener<>() {};

  private final Admission admission;
  private final CallerAuthenticator authenticator;
  private final boolean verifiedCallers;

  public AdmissionInterceptor(final Admission admission, final CallerAuthenticator authenticator) {
    this.admission = admission;
    this.authenticator = authenticator;
    verifiedCallers = admission.namesVerifiedCallers() && authenticator.protectsApi();
  }

  @Override
  @SuppressWarnings("unchecked")
  public <ReqT, RespT> ServerCall.Listener<ReqT> interceptCall(
      final ServerCall<ReqT, RespT> call,
      final Metadata headers,
      final ServerCallHandler<ReqT, RespT> next) {
    final Operation operation =
        GatewayOperations.of(call.getMethodDescriptor().getFullMethodName());
    if (operation == null) {
      return next.startCall(call, headers);
    }
    final Permit permit =
        admission.admit(
            Api.GRPC, operation, admission.sharesByCaller() ? caller(call, headers) : null, 0);
    if (permit == null) {
      call.close(SHED, new Metadata());
      return (ServerCall.Listener<ReqT>) NOTHING;
    }
    if (permit == Permit.NONE) {
      return next.startCall(call, headers);
    }
    final var releasing = new ReleasingCall<>(call, permit);
    return new SimpleForwardingServerCallListener<>(next.startCall(releasing, headers)) {
      @Override
      public void onCancel() {
        releasing.release(Status.CANCELLED);
        super.onCancel();
      }
    };
  }

  /**
   * The verified client where its credential was verified before (a cache lookup; the
   * authentication interceptor, which runs later, checks it as ever), else the client's address.
   */
  private String caller(final ServerCall<?, ?> call, final Metadata headers) {
    if (verifiedCallers) {
      final Caller known = authenticator.verified(headers.get(AUTHORIZATION));
      if (known != null) {
        return known.key();
      }
    }
    return address(call);
  }

  /** The client's IP address; null when the transport does not say (in-process). */
  private static String address(final ServerCall<?, ?> call) {
    return call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR)
            instanceof final InetSocketAddress address
        ? address.getHostString()
        : null;
  }

  /** Gives the permit back once: when the call closes, or is cancelled. */
  private static final class ReleasingCall<ReqT, RespT>
      extends SimpleForwardingServerCall<ReqT, RespT> {
    private final Permit permit;
    private final AtomicBoolean released = new AtomicBoolean();

    private ReleasingCall(final ServerCall<ReqT, RespT> call, final Permit permit) {
      super(call);
      this.permit = permit;
    }

    @Override
    public void close(final Status status, final Metadata trailers) {
      try {
        super.close(status, trailers);
      } finally {
        release(status);
      }
    }

    private void release(final Status status) {
      if (!released.compareAndSet(false, true)) {
        return;
      }
      switch (status.getCode()) {
        case OK, NOT_FOUND, ALREADY_EXISTS, FAILED_PRECONDITION, ABORTED, OUT_OF_RANGE ->
            permit.answered();
        case DEADLINE_EXCEEDED -> permit.overloaded();
        default -> permit.ignored();
      }
    }
  }
}

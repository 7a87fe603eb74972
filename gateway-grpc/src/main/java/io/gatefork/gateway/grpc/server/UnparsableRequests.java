package io.gatefork.gateway.grpc.server;

import io.grpc.ForwardingServerCallListener.SimpleForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.InputStream;

/**
 * Request bytes that are no valid protobuf message are the client's error. grpc-java ends such a
 * call with {@code UNKNOWN} ("Application error processing RPC"): the parser's exception escapes
 * into the server. Here each method's request marshaller catches it, keeps its reason for the
 * thread and hands on no message; the listener below sees that right away (grpc-java parses and
 * delivers a message in one step, on one thread) and ends the call with {@code INVALID_ARGUMENT}
 * and the reason, before the endpoint is involved. Nothing is parsed twice.
 */
public final class UnparsableRequests {
  /** The parse failure of the message being delivered on this thread, if any. */
  private static final ThreadLocal<String> FAILURE = new ThreadLocal<>();

  private UnparsableRequests() {}

  public static ServerServiceDefinition asInvalidArgument(final ServerServiceDefinition service) {
    final var builder = ServerServiceDefinition.builder(service.getServiceDescriptor().getName());
    for (final ServerMethodDefinition<?, ?> method : service.getMethods()) {
      builder.addMethod(withTolerantParser(method));
    }
    return ServerInterceptors.intercept(builder.build(), new RefuseUnparsable());
  }

  private static <Q, R> ServerMethodDefinition<Q, R> withTolerantParser(
      final ServerMethodDefinition<Q, R> method) {
    final MethodDescriptor<Q, R> descriptor = method.getMethodDescriptor();
    return ServerMethodDefinition.create(
        descriptor.toBuilder()
            .setRequestMarshaller(new TolerantMarshaller<>(descriptor.getRequestMarshaller()))
            .build(),
        method.getServerCallHandler());
  }

  private record TolerantMarshaller<T>(MethodDescriptor.Marshaller<T> delegate)
      implements MethodDescriptor.Marshaller<T> {

    @Override
    public InputStream stream(final T value) {
      return delegate.stream(value);
    }

    @Override
    public T parse(final InputStream stream) {
      try {
        return delegate.parse(stream);
      } catch (final StatusRuntimeException | IllegalArgumentException e) {
        final Throwable cause = e.getCause() != null ? e.getCause() : e;
        FAILURE.set(
            "Expected a valid protobuf request message, but it cannot be parsed: "
                + cause.getMessage());
        return null;
      }
    }
  }

  private static final class RefuseUnparsable implements ServerInterceptor {
    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
        final ServerCall<Q, R> call, final Metadata headers, final ServerCallHandler<Q, R> next) {
      return new SimpleForwardingServerCallListener<>(next.startCall(call, headers)) {
        private boolean refused;

        @Override
        public void onMessage(final Q message) {
          if (refused) {
            return;
          }
          final String failure = FAILURE.get();
          if (message == null && failure != null) {
            FAILURE.remove();
            refused = true;
            call.close(Status.INVALID_ARGUMENT.withDescription(failure), new Metadata());
            return;
          }
          super.onMessage(message);
        }

        @Override
        public void onHalfClose() {
          if (!refused) {
            super.onHalfClose();
          }
        }

        @Override
        public void onReady() {
          if (!refused) {
            super.onReady();
          }
        }
      };
    }
  }
}

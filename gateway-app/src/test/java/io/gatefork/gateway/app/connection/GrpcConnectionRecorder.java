package io.gatefork.gateway.app.connection;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall.SimpleForwardingClientCall;
import io.grpc.ForwardingClientCallListener.SimpleForwardingClientCallListener;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import java.net.SocketAddress;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Records the connection each gRPC call of a client was answered on: its local address, which is
 * the remote address the gateway saw, so the distinct addresses are the connections the gateway
 * served the client over.
 */
final class GrpcConnectionRecorder implements ClientInterceptor {
  private final Set<SocketAddress> connections = ConcurrentHashMap.newKeySet();

  Set<SocketAddress> connections() {
    return Set.copyOf(connections);
  }

  @Override
  public <Q, A> ClientCall<Q, A> interceptCall(
      final MethodDescriptor<Q, A> method, final CallOptions options, final Channel next) {
    return new SimpleForwardingClientCall<>(next.newCall(method, options)) {
      @Override
      public void start(final Listener<A> listener, final Metadata headers) {
        super.start(
            new SimpleForwardingClientCallListener<>(listener) {
              @Override
              public void onClose(final Status status, final Metadata trailers) {
                // here, not in onHeaders: an answer without a message may come as trailers only
                final SocketAddress local = getAttributes().get(Grpc.TRANSPORT_ATTR_LOCAL_ADDR);
                if (local != null) {
                  connections.add(local);
                }
                super.onClose(status, trailers);
              }
            },
            headers);
      }
    };
  }
}

package io.gatefork.gateway.grpc.endpoint;

import static io.grpc.stub.ServerCalls.asyncBidiStreamingCall;
import static io.grpc.stub.ServerCalls.asyncServerStreamingCall;
import static io.grpc.stub.ServerCalls.asyncUnaryCall;
import static io.grpc.stub.ServerCalls.asyncUnimplementedStreamingCall;
import static io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall;

import com.google.protobuf.Message;
import io.gatefork.service.RequestContext;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCallHandler;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.ServiceDescriptor;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A gRPC service bound as a table: one row per RPC, naming its generated descriptor (which types
 * the row at compile time) and what serves it, with the openings of {@link RpcShapes}. An RPC bound
 * twice is refused; one left out answers UNIMPLEMENTED, as gRPC's generated base class answers.
 */
final class RpcTable {
  private final ServiceDescriptor service;
  private final Map<String, ServerMethodDefinition<?, ?>> rows = new LinkedHashMap<>();

  RpcTable(final ServiceDescriptor service) {
    this.service = service;
  }

  /** A unary RPC checked by {@code validate}, then by the field rules of the service. */
  <Q extends Message, S, R> void unary(
      final MethodDescriptor<Q, R> rpc,
      final Function<Q, Status> validate,
      final BiFunction<RequestContext, Q, CompletableFuture<S>> call,
      final Function<? super S, ? extends R> toResponse) {
    bind(
        rpc,
        asyncUnaryCall(
            (request, observer) -> RpcShapes.unary(request, observer, validate, call, toResponse)));
  }

  /** A unary RPC whose request the field rules of the service check alone. */
  <Q extends Message, S, R> void unary(
      final MethodDescriptor<Q, R> rpc,
      final BiFunction<RequestContext, Q, CompletableFuture<S>> call,
      final Function<? super S, ? extends R> toResponse) {
    unary(rpc, RpcTable::checkedByTheServiceAlone, call, toResponse);
  }

  /** An RPC that writes its own answers: one, or a stream of them. */
  <Q, R> void answeredBy(
      final MethodDescriptor<Q, R> rpc, final BiConsumer<Q, StreamObserver<R>> handler) {
    bind(rpc, oneRequest(rpc, handler));
  }

  boolean serves(final MethodDescriptor<?, ?> rpc) {
    return rows.containsKey(rpc.getFullMethodName());
  }

  /** The service: every row, and UNIMPLEMENTED for each RPC of the descriptor without one. */
  ServerServiceDefinition build() {
    final var definition = ServerServiceDefinition.builder(service);
    rows.values().forEach(definition::addMethod);
    for (final MethodDescriptor<?, ?> rpc : service.getMethods()) {
      if (!serves(rpc)) {
        definition.addMethod(unimplemented(rpc));
      }
    }
    return definition.build();
  }

  private <Q, R> void bind(final MethodDescriptor<Q, R> rpc, final ServerCallHandler<Q, R> serve) {
    if (rows.putIfAbsent(rpc.getFullMethodName(), ServerMethodDefinition.create(rpc, serve))
        != null) {
      throw new IllegalStateException(rpc.getFullMethodName() + " is bound twice");
    }
  }

  private static Status checkedByTheServiceAlone(final Message request) {
    return null;
  }

  private static <Q, R> ServerMethodDefinition<Q, R> unimplemented(
      final MethodDescriptor<Q, R> rpc) {
    return ServerMethodDefinition.create(
        rpc,
        rpc.getType().clientSendsOneMessage()
            ? oneRequest(rpc, (request, observer) -> asyncUnimplementedUnaryCall(rpc, observer))
            : asyncBidiStreamingCall(observer -> asyncUnimplementedStreamingCall(rpc, observer)));
  }

  private static <Q, R> ServerCallHandler<Q, R> oneRequest(
      final MethodDescriptor<Q, R> rpc, final BiConsumer<Q, StreamObserver<R>> handler) {
    return rpc.getType() == MethodDescriptor.MethodType.SERVER_STREAMING
        ? asyncServerStreamingCall(handler::accept)
        : asyncUnaryCall(handler::accept);
  }
}

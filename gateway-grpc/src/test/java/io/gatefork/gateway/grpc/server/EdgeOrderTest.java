package io.gatefork.gateway.grpc.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.service.operation.EdgeConcern;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerServiceDefinition;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EdgeOrderTest {
  private static final MethodDescriptor.Marshaller<byte[]> BYTES =
      new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(final byte[] value) {
          return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(final InputStream stream) {
          return new byte[0];
        }
      };

  private static final MethodDescriptor<byte[], byte[]> METHOD =
      MethodDescriptor.<byte[], byte[]>newBuilder()
          .setType(MethodDescriptor.MethodType.UNARY)
          .setFullMethodName("test.Service/Call")
          .setRequestMarshaller(BYTES)
          .setResponseMarshaller(BYTES)
          .build();

  @Test
  void interceptorsRunInTheEdgeConcernsOrderWhateverOrderTheyAreGivenIn() {
    final List<String> ran = new ArrayList<>();
    final Map<EdgeConcern, ServerInterceptor> given = new LinkedHashMap<>();
    for (final EdgeConcern concern :
        List.of(EdgeConcern.AUTHENTICATION, EdgeConcern.TIMING, EdgeConcern.ADMISSION)) {
      given.put(concern, recording(concern.name(), ran));
    }
    final ServerServiceDefinition service =
        ServerServiceDefinition.builder("test.Service")
            .addMethod(
                METHOD,
                (call, headers) -> {
                  ran.add("endpoint");
                  return new ServerCall.Listener<>() {};
                })
            .build();

    final ServerCallHandler<?, ?> handler =
        GrpcGatewayServer.inEdgeOrder(service, given)
            .getMethod(METHOD.getFullMethodName())
            .getServerCallHandler();
    handler.startCall(null, new Metadata());

    assertThat(ran).containsExactly("TIMING", "ADMISSION", "AUTHENTICATION", "endpoint");
  }

  private static ServerInterceptor recording(final String name, final List<String> ran) {
    return new ServerInterceptor() {
      @Override
      public <Q, R> ServerCall.Listener<Q> interceptCall(
          final ServerCall<Q, R> call, final Metadata headers, final ServerCallHandler<Q, R> next) {
        ran.add(name);
        return next.startCall(call, headers);
      }
    };
  }
}

package io.gatefork.gateway.grpc.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.gatefork.gateway.grpc.support.TestGateway;
import io.grpc.CallOptions;
import io.grpc.MethodDescriptor;
import io.grpc.MethodDescriptor.PrototypeMarshaller;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCalls;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every RPC of the 8.8 gateway.proto is served: a drop-in gateway must accept whatever a client may
 * send the stock one. A protocol upgrade that adds an RPC fails here until it is served.
 */
class UnservedRpcTest {
  private static TestGateway gateway;

  @BeforeAll
  static void start() {
    gateway = new TestGateway();
  }

  @AfterAll
  static void stop() throws InterruptedException {
    gateway.close();
  }

  static Stream<MethodDescriptor<?, ?>> allMethods() {
    return GatewayGrpc.getServiceDescriptor().getMethods().stream();
  }

  /** The table answers UNIMPLEMENTED for every RPC it has no row for: none may be left out. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("allMethods")
  <ReqT, RespT> void noRpcAnswersUnimplemented(final MethodDescriptor<ReqT, RespT> method) {
    @SuppressWarnings("unchecked")
    final ReqT request =
        ((PrototypeMarshaller<ReqT>) method.getRequestMarshaller()).getMessagePrototype();
    final var options = CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS);

    final var error =
        catchThrowableOfType(
            StatusRuntimeException.class,
            () -> {
              if (method.getType() == MethodDescriptor.MethodType.UNARY) {
                ClientCalls.blockingUnaryCall(gateway.channel, method, options, request);
              } else {
                ClientCalls.blockingServerStreamingCall(gateway.channel, method, options, request)
                    .hasNext();
              }
            });

    // an empty request is mostly invalid input; what matters is that the RPC was handled
    if (error != null) {
      assertThat(error.getStatus().getCode()).isNotEqualTo(Status.Code.UNIMPLEMENTED);
    }
  }
}

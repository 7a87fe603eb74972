package io.gatefork.gateway.grpc.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.gatefork.gateway.grpc.metrics.GatewayOperations;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every RPC of gateway.proto that gatefork does not serve says so, by name. */
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

  static Stream<MethodDescriptor<?, ?>> unservedMethods() {
    return GatewayGrpc.getServiceDescriptor().getMethods().stream()
        .filter(method -> GatewayOperations.of(method.getFullMethodName()) == null);
  }

  @Test
  void protocolHasExactlyTheExpectedUnservedRpcs() {
    // a new RPC in a protocol upgrade must be a conscious decision, not a silent default
    assertThat(unservedMethods().map(MethodDescriptor::getBareMethodName))
        .containsExactlyInAnyOrder(
            "StreamActivatedJobs",
            "EvaluateDecision",
            "DeployProcess",
            "ResolveIncident",
            "SetVariables",
            "UpdateJobRetries",
            "ModifyProcessInstance",
            "MigrateProcessInstance",
            "UpdateJobTimeout",
            "DeleteResource",
            "BroadcastSignal");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("unservedMethods")
  <ReqT, RespT> void unservedRpcAnswersUnimplementedNamingIt(
      final MethodDescriptor<ReqT, RespT> method) {
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

    assertThat(error).as("the call must fail").isNotNull();
    assertThat(error.getStatus().getCode()).isEqualTo(Status.Code.UNIMPLEMENTED);
    assertThat(error.getStatus().getDescription())
        .isEqualTo("gatefork does not serve " + method.getBareMethodName() + " yet");
    assertThat(gateway.services.calls).hasValue(0);
  }
}

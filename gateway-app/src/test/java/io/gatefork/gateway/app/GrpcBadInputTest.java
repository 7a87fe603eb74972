package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.camunda.zeebe.gateway.protocol.GatewayGrpc.GatewayBlockingStub;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.PublishMessageRequest;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCalls;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Malformed gRPC requests end with INVALID_ARGUMENT (or RESOURCE_EXHAUSTED for oversized ones) and
 * a message, never UNKNOWN or INTERNAL, and never reach the broker. Raw stubs: the official client
 * refuses most of these before sending them.
 */
class GrpcBadInputTest extends GatewayTestSupport {
  private ManagedChannel channel;
  private GatewayBlockingStub gateway;

  @BeforeEach
  void openChannel() {
    channel =
        ManagedChannelBuilder.forAddress("127.0.0.1", grpcPort)
            .usePlaintext()
            .maxInboundMessageSize(16 * 1024 * 1024)
            .build();
    gateway = GatewayGrpc.newBlockingStub(channel).withDeadlineAfter(20, TimeUnit.SECONDS);
  }

  @AfterEach
  void closeChannel() {
    channel.shutdownNow();
  }

  @Test
  void requestBytesThatAreNoProtobufMessageAreInvalidArgument() {
    final long before = broker.commands().total();
    // field 1 (bpmnProcessId), length-delimited, claims 100 bytes and has 2
    final byte[] truncated = {0x0A, 0x64, 0x61, 0x62};

    assertRefused(
        () -> rawCall("CreateProcessInstance", truncated),
        Status.Code.INVALID_ARGUMENT,
        "cannot be parsed");
    // field 2 (version, varint) with a varint that never ends
    assertRefused(
        () ->
            rawCall(
                "CreateProcessInstance", new byte[] {0x10, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF}),
        Status.Code.INVALID_ARGUMENT,
        "cannot be parsed");
    assertThat(broker.commands().total()).isEqualTo(before);
  }

  @Test
  void outOfRangeNumbersAreInvalidArgumentNamingTheField() {
    final long before = broker.commands().total();

    assertRefused(
        () ->
            gateway
                .activateJobs(
                    ActivateJobsRequest.newBuilder()
                        .setType("t")
                        .setTimeout(60_000)
                        .setMaxJobsToActivate(-1)
                        .build())
                .next(),
        Status.Code.INVALID_ARGUMENT,
        "maxJobsToActivate");
    assertRefused(
        () ->
            gateway
                .activateJobs(
                    ActivateJobsRequest.newBuilder()
                        .setType("t")
                        .setTimeout(-5)
                        .setMaxJobsToActivate(1)
                        .build())
                .next(),
        Status.Code.INVALID_ARGUMENT,
        "timeout");
    assertRefused(
        () -> gateway.completeJob(CompleteJobRequest.newBuilder().setJobKey(-7).build()),
        Status.Code.INVALID_ARGUMENT,
        "jobKey");
    assertThat(broker.commands().total()).isEqualTo(before);
  }

  @Test
  void variablesThatAreNoJsonObjectAreInvalidArgument() {
    final long before = broker.commands().total();

    assertRefused(
        () ->
            gateway.createProcessInstance(
                CreateProcessInstanceRequest.newBuilder()
                    .setBpmnProcessId("any")
                    .setVersion(-1)
                    .setVariables("{\"a\": ")
                    .build()),
        Status.Code.INVALID_ARGUMENT,
        "variables");
    assertRefused(
        () ->
            gateway.createProcessInstance(
                CreateProcessInstanceRequest.newBuilder()
                    .setBpmnProcessId("any")
                    .setVersion(-1)
                    .setVariables("[1, 2]")
                    .build()),
        Status.Code.INVALID_ARGUMENT,
        "variables");
    assertRefused(
        () ->
            gateway.publishMessage(
                PublishMessageRequest.newBuilder()
                    .setName("m")
                    .setCorrelationKey("k")
                    .setVariables("not json")
                    .build()),
        Status.Code.INVALID_ARGUMENT,
        "variables");
    assertThat(broker.commands().total()).isEqualTo(before);
  }

  @Test
  void oversizedMessageIsResourceExhausted() {
    final long before = broker.commands().total();
    final String hugeValue = "x".repeat(5 * 1024 * 1024);

    assertRefused(
        () ->
            gateway.createProcessInstance(
                CreateProcessInstanceRequest.newBuilder()
                    .setBpmnProcessId("any")
                    .setVersion(-1)
                    .setVariables("{\"big\":\"" + hugeValue + "\"}")
                    .build()),
        Status.Code.RESOURCE_EXHAUSTED,
        "exceeds maximum");
    assertThat(broker.commands().total()).isEqualTo(before);
  }

  /** The same answer as REST's 404 for a key whose partition the cluster does not have. */
  @Test
  void keyOnAPartitionTheClusterLacksIsNotFound() {
    final long before = broker.commands().total();

    assertRefused(
        () -> gateway.completeJob(CompleteJobRequest.newBuilder().setJobKey(1).build()),
        Status.Code.NOT_FOUND,
        "does not exist in this cluster");
    assertThat(broker.commands().total()).isEqualTo(before);
  }

  private static void assertRefused(
      final ThrowingCallable call, final Status.Code code, final String descriptionPart) {
    assertThatThrownBy(call)
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> {
              assertThat(e.getStatus().getCode()).as(e.getStatus().toString()).isEqualTo(code);
              assertThat(e.getStatus().getDescription()).contains(descriptionPart);
            });
  }

  private byte[] rawCall(final String method, final byte[] request) {
    final MethodDescriptor<byte[], byte[]> descriptor =
        MethodDescriptor.<byte[], byte[]>newBuilder()
            .setType(MethodDescriptor.MethodType.UNARY)
            .setFullMethodName(
                MethodDescriptor.generateFullMethodName(GatewayGrpc.SERVICE_NAME, method))
            .setRequestMarshaller(Bytes.INSTANCE)
            .setResponseMarshaller(Bytes.INSTANCE)
            .build();
    return ClientCalls.blockingUnaryCall(
        channel, descriptor, CallOptions.DEFAULT.withDeadlineAfter(20, TimeUnit.SECONDS), request);
  }

  private enum Bytes implements MethodDescriptor.Marshaller<byte[]> {
    INSTANCE;

    @Override
    public InputStream stream(final byte[] value) {
      return new ByteArrayInputStream(value);
    }

    @Override
    public byte[] parse(final InputStream stream) {
      try {
        return stream.readAllBytes();
      } catch (final IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}

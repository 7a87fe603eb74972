package io.gatefork.gateway.grpc.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.PublishMessageRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TopologyRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TopologyResponse;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The table's own promises: one row per RPC, and UNIMPLEMENTED where there is none. */
class RpcTableTest {
  private static final TopologyResponse TOPOLOGY =
      TopologyResponse.newBuilder().setClusterSize(3).build();

  @Test
  void anRpcBoundTwiceIsRefused() {
    final var rpcs = new RpcTable(GatewayGrpc.getServiceDescriptor());
    rpcs.answeredBy(GatewayGrpc.getTopologyMethod(), RpcTableTest::topology);

    assertThatThrownBy(
            () -> rpcs.answeredBy(GatewayGrpc.getTopologyMethod(), RpcTableTest::topology))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Topology is bound twice");
  }

  @Test
  void anRpcWithoutARowAnswersUnimplementedOverTheWire() throws IOException, InterruptedException {
    final var rpcs = new RpcTable(GatewayGrpc.getServiceDescriptor());
    rpcs.answeredBy(GatewayGrpc.getTopologyMethod(), RpcTableTest::topology);
    assertThat(rpcs.serves(GatewayGrpc.getTopologyMethod())).isTrue();
    assertThat(rpcs.serves(GatewayGrpc.getPublishMessageMethod())).isFalse();

    final Server server =
        NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
            .addService(rpcs.build())
            .build()
            .start();
    final ManagedChannel channel =
        NettyChannelBuilder.forAddress("127.0.0.1", server.getPort()).usePlaintext().build();
    try {
      final var client =
          GatewayGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS);

      assertThat(client.topology(TopologyRequest.getDefaultInstance())).isEqualTo(TOPOLOGY);
      assertThatThrownBy(() -> client.publishMessage(PublishMessageRequest.getDefaultInstance()))
          .isInstanceOfSatisfying(StatusRuntimeException.class, RpcTableTest::isUnimplemented);
      assertThatThrownBy(
              () -> client.activateJobs(ActivateJobsRequest.getDefaultInstance()).hasNext())
          .isInstanceOfSatisfying(StatusRuntimeException.class, RpcTableTest::isUnimplemented);
    } finally {
      channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
      server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
  }

  private static void isUnimplemented(final StatusRuntimeException e) {
    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNIMPLEMENTED);
  }

  private static void topology(
      final TopologyRequest request, final StreamObserver<TopologyResponse> observer) {
    observer.onNext(TOPOLOGY);
    observer.onCompleted();
  }
}

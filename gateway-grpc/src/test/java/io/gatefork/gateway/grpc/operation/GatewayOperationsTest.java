package io.gatefork.gateway.grpc.operation;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.PublishMessageRequest;
import io.gatefork.gateway.grpc.endpoint.GatewayEndpoint;
import io.gatefork.gateway.grpc.support.TestGateway;
import io.gatefork.service.message.MessagePublished;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.testing.FakeServices;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every RPC the endpoint serves is an {@link Operation}, and the services are told which. */
class GatewayOperationsTest {

  @Test
  void everyServedMethodMapsToItsOwnOperation() {
    final List<String> served =
        new GatewayEndpoint(TestGateway.services(new FakeServices()), 4 * 1024 * 1024)
            .bindService().getMethods().stream()
                .map(method -> method.getMethodDescriptor().getFullMethodName())
                .toList();

    assertThat(served).hasSize(21);
    assertThat(served)
        .allSatisfy(method -> assertThat(GatewayOperations.of(method)).as(method).isNotNull());
    assertThat(served.stream().map(GatewayOperations::of).distinct()).hasSameSizeAs(served);
  }

  @Test
  void theServiceIsCalledWithTheCallsOperation() throws InterruptedException {
    try (var gateway = new TestGateway()) {
      gateway.fakes.messages.publish.succeedWith(new MessagePublished(1, "<default>"));
      gateway.client().completeJob(CompleteJobRequest.newBuilder().setJobKey(1).build());
      gateway.client().publishMessage(PublishMessageRequest.newBuilder().setName("m").build());

      assertThat(gateway.fakes.jobs.complete.lastCall().context().operation())
          .isEqualTo(Operation.COMPLETE_JOB);
      assertThat(gateway.fakes.messages.publish.lastCall().context().operation())
          .isEqualTo(Operation.PUBLISH_MESSAGE);
    }
  }
}

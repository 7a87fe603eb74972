package io.gatefork.broker.dev;

import static io.gatefork.broker.dev.TestProcesses.creation;
import static io.gatefork.broker.dev.TestProcesses.deploy;
import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.record.ErrorCode;
import io.camunda.zeebe.protocol.record.ExecuteCommandRequestEncoder;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceCreationIntent;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * A request limit makes the engine's own flow control answer RESOURCE_EXHAUSTED; refusing user
 * commands (a limit of zero) answers it to every creation.
 */
class RequestLimitTest {

  private static final int BURST = 200;

  @Test
  void refusesWhatExceedsTheLimitAndCountsEveryCommand() {
    try (var broker =
            EmbeddedBroker.start(
                EmbeddedBrokerConfig.builder()
                    .port(FreePorts.next())
                    .partitionCount(1)
                    .requestLimit(2)
                    .build());
        var client = TestCommandClient.connect("zeebe-cluster", broker.clusterAddress())) {
      client.awaitLeaders(1);
      deploy(client, TestProcesses.startToEnd("quick"));
      broker.commands().reset();

      final List<CompletableFuture<TestCommandClient.Response>> burst = new ArrayList<>();
      for (int i = 0; i < BURST; i++) {
        burst.add(
            client.sendAsync(
                1,
                ValueType.PROCESS_INSTANCE_CREATION,
                ProcessInstanceCreationIntent.CREATE,
                ExecuteCommandRequestEncoder.keyNullValue(),
                creation("quick")));
      }
      final var responses = burst.stream().map(CompletableFuture::join).toList();

      final long exhausted =
          responses.stream()
              .filter(r -> r.isError() && r.errorCode() == ErrorCode.RESOURCE_EXHAUSTED)
              .count();
      final long created =
          responses.stream()
              .filter(r -> !r.isError() && r.intent() == ProcessInstanceCreationIntent.CREATED)
              .count();
      assertThat(exhausted).as("refused by the request limit").isPositive();
      assertThat(created).as("accepted within the limit").isPositive();
      assertThat(exhausted + created).as("nothing else happened").isEqualTo(BURST);
      assertThat(responses)
          .filteredOn(TestCommandClient.Response::isError)
          .allSatisfy(r -> assertThat(r.errorMessage()).contains("maximum capacity"));

      assertThat(broker.commands().received(1)).isEqualTo(BURST);
      assertThat(broker.commands().total()).isEqualTo(BURST);
      assertThat(broker.commands().resourceExhausted(1)).isEqualTo(exhausted);

      // the limit drains as commands are processed: sequential requests all pass
      for (int i = 0; i < 20; i++) {
        final var response = TestProcesses.createInstance(client, 1, creation("quick"));
        assertThat(response.isError()).as("%s", response).isFalse();
      }
    }
  }

  @Test
  void refusingBrokerAnswersEveryCreationWithResourceExhausted() {
    try (var broker =
            EmbeddedBroker.start(
                EmbeddedBrokerConfig.builder()
                    .port(FreePorts.next())
                    .refuseUserCommands(true)
                    .build());
        var client = TestCommandClient.connect("zeebe-cluster", broker.clusterAddress())) {
      client.awaitLeaders(1, 2, 3);
      // deployments are whitelisted by upstream flow control, as on a real broker at its limit
      deploy(client, TestProcesses.startToEnd("quick"));
      broker.commands().reset();

      for (int partition = 1; partition <= 3; partition++) {
        for (int i = 0; i < 5; i++) {
          final var response = TestProcesses.createInstance(client, partition, creation("quick"));
          assertThat(response.isError()).as("%s", response).isTrue();
          assertThat(response.errorCode()).isEqualTo(ErrorCode.RESOURCE_EXHAUSTED);
          assertThat(response.errorMessage()).contains("maximum capacity");
        }
        assertThat(broker.commands().resourceExhausted(partition)).isEqualTo(5);
      }
      assertThat(broker.commands().total()).isEqualTo(15);
    }
  }
}

package io.gatefork.gateway.app.robustness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ClientStatusException;
import io.camunda.client.api.command.ProblemException;
import io.camunda.client.api.response.ActivateJobsResponse;
import io.gatefork.gateway.app.GatewayTestSupport;
import io.grpc.Status;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * One caller holds at most its share of the parked long polls (issue #46): on the unprotected API
 * the caller is the client's address, the same for REST and gRPC here, so two polls over either
 * take its two places and a third is refused with the backpressure answer, REST 503 {@code
 * RESOURCE_EXHAUSTED} and gRPC {@code RESOURCE_EXHAUSTED}; once its polls are answered it may wait
 * again.
 */
@TestPropertySource(properties = "gatefork.long-polling.max-parked-per-caller=2")
class ParkedPerCallerTest extends GatewayTestSupport {
  private static final String SHARE = "activation requests of this caller are already waiting";

  @Test
  void aCallerParksAtMostItsShareOverBothApis() {
    try (CamundaClient rest = client(true);
        CamundaClient grpc = client(false)) {
      final var restPoll = poll(rest, "share-rest", Duration.ofSeconds(3));
      final var grpcPoll = poll(grpc, "share-grpc", Duration.ofSeconds(3));
      awaitParked("share-rest");
      awaitParked("share-grpc");

      assertThat(refusal(poll(rest, "share-over", Duration.ofSeconds(20))))
          .isInstanceOfSatisfying(
              ProblemException.class,
              problem -> {
                assertThat(problem.details().getStatus()).isEqualTo(503);
                assertThat(problem.details().getTitle()).isEqualTo("RESOURCE_EXHAUSTED");
                assertThat(problem.details().getDetail())
                    .isEqualTo(
                        "Expected to wait for jobs of type 'share-over', but 2 "
                            + SHARE
                            + ", its share of the 10000 that may wait");
              });
      assertThat(refusal(poll(grpc, "share-over", Duration.ofSeconds(20))))
          .isInstanceOfSatisfying(
              ClientStatusException.class,
              refused -> {
                assertThat(refused.getStatusCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
                assertThat(refused.getMessage()).contains(SHARE);
              });

      // answered (no jobs) at their request timeout, they give their places back
      assertThat(restPoll.join().getJobs()).isEmpty();
      assertThat(grpcPoll.join().getJobs()).isEmpty();
      assertThat(poll(rest, "share-again", Duration.ofMillis(500)).join().getJobs())
          .as("parked again, answered at its timeout")
          .isEmpty();
    }
  }

  /** How the request failed, as the client reports it. */
  private static Throwable refusal(final CompletableFuture<?> request) {
    final Throwable failure = catchThrowable(request::join);
    return failure instanceof CompletionException ? failure.getCause() : failure;
  }

  private static CompletableFuture<ActivateJobsResponse> poll(
      final CamundaClient client, final String type, final Duration requestTimeout) {
    return client
        .newActivateJobsCommand()
        .jobType(type)
        .maxJobsToActivate(1)
        .requestTimeout(requestTimeout)
        .send()
        .toCompletableFuture();
  }

  /** Every partition was asked once for the type: with nothing found, the request parks. */
  private void awaitParked(final String type) {
    await().atMost(Duration.ofSeconds(5)).until(() -> activateCommands(type) == 3);
  }
}

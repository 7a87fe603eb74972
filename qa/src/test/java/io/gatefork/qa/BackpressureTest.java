package io.gatefork.qa;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.qa.support.ApiStatus;
import io.gatefork.qa.support.BrokerContainer;
import io.gatefork.qa.support.ContainerTest;
import io.gatefork.qa.support.GatewayContainer;
import io.gatefork.qa.support.Processes;
import io.gatefork.qa.support.RestCalls;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A saturated broker (engine flow control limited to 1 request per partition): a burst of creates
 * gets 503 RESOURCE_EXHAUSTED over REST and RESOURCE_EXHAUSTED over gRPC, and the gateway sends the
 * broker exactly one request per client request it admitted (fail-fast: no hop to the other
 * partitions). The broker runs in its own container, so the count comes from the gateway's own
 * counter {@code
 * zeebe_gateway_total_requests_total{requestType="PROCESS_INSTANCE_CREATION#CREATE"}}, summed over
 * partitions.
 *
 * <p>The gateway's adaptive admission limit learns from these answers: slow successes on a cold
 * container lower it, and a later burst may then be partly shed at the gateway, with the same
 * RESOURCE_EXHAUSTED and without a broker request. Those are counted by {@code
 * gatefork_overload_shed_total}, so each client request is either one broker request or one shed.
 */
@ContainerTest
class BackpressureTest {
  private static final int BURST = 150;
  private static final String CREATE_REQUESTS = "requestType=\"PROCESS_INSTANCE_CREATION#CREATE\"";
  private static final String TOTAL = "zeebe_gateway_total_requests_total";
  private static final String SHED = "gatefork_overload_shed_total";

  private static BrokerContainer broker;
  private static GatewayContainer gateway;

  @BeforeAll
  static void startCluster() {
    broker = new BrokerContainer("backpressure-broker").withRequestLimit(1);
    broker.start();
    gateway = new GatewayContainer("backpressure-gateway").joining(broker.contactPoint());
    gateway.start();
    try (var client = gateway.client(false)) {
      client
          .newDeployResourceCommand()
          .addProcessModel(Processes.startToEnd("saturate"), "saturate.bpmn")
          .send()
          .join();
    }
  }

  @AfterAll
  static void stopCluster() {
    if (gateway != null) {
      gateway.stop();
    }
    if (broker != null) {
      broker.stop();
    }
  }

  /** Broker create requests the gateway sent plus creates its admission limit shed. */
  private static double createsSentOrShed() {
    return gateway.prometheusSum(TOTAL, CREATE_REQUESTS) + gateway.prometheusSum(SHED);
  }

  private static void assertOneBrokerRequestPerClientRequest(
      final int ok, final int exhausted, final double countBefore, final double countAfter) {
    assertThat(exhausted).as("requests answered RESOURCE_EXHAUSTED").isPositive();
    assertThat(ok + exhausted).isEqualTo(BURST);
    assertThat(countAfter - countBefore)
        .as(
            "broker requests the gateway sent, plus requests it shed, for %d client requests",
            BURST)
        .isEqualTo(BURST);
  }

  @Test
  void restBurstGets503ResourceExhaustedWithOneBrokerRequestPerClientRequest() {
    final var rest = new RestCalls(gateway.restAddress());
    final var request = rest.createInstanceRequest("saturate");
    final double countBefore = createsSentOrShed();

    // plain HTTP/1.1, all sent at once: the client opens a connection per request
    final List<CompletableFuture<HttpResponse<String>>> burst = new ArrayList<>();
    for (int i = 0; i < BURST; i++) {
      burst.add(rest.http().sendAsync(request, HttpResponse.BodyHandlers.ofString()));
    }
    int ok = 0;
    int exhausted = 0;
    for (final var future : burst) {
      final var response = future.orTimeout(60, TimeUnit.SECONDS).join();
      if (response.statusCode() == 200) {
        ok++;
      } else {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(503);
        assertThat(response.body()).contains("\"title\":\"RESOURCE_EXHAUSTED\"");
        exhausted++;
      }
    }

    assertOneBrokerRequestPerClientRequest(ok, exhausted, countBefore, createsSentOrShed());
  }

  @Test
  void grpcBurstGetsResourceExhaustedWithOneBrokerRequestPerClientRequest() {
    final double countBefore = createsSentOrShed();
    int ok = 0;
    int exhausted = 0;
    try (var client = gateway.client(false)) {
      final List<CompletableFuture<?>> burst = new ArrayList<>();
      for (int i = 0; i < BURST; i++) {
        burst.add(
            client
                .newCreateInstanceCommand()
                .bpmnProcessId("saturate")
                .latestVersion()
                .send()
                .toCompletableFuture());
      }
      for (final var future : burst) {
        try {
          future.orTimeout(60, TimeUnit.SECONDS).join();
          ok++;
        } catch (final RuntimeException e) {
          assertThat(ApiStatus.of(e)).isEqualTo("RESOURCE_EXHAUSTED");
          exhausted++;
        }
      }
    }

    assertOneBrokerRequestPerClientRequest(ok, exhausted, countBefore, createsSentOrShed());
  }
}

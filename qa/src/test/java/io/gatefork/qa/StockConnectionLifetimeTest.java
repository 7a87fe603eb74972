package io.gatefork.qa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.camunda.client.CamundaClient;
import io.gatefork.qa.support.BrokerContainer;
import io.gatefork.qa.support.ContainerTest;
import io.gatefork.qa.support.GatewayContainer;
import io.gatefork.qa.support.GatewayService;
import io.gatefork.qa.support.Processes;
import io.gatefork.qa.support.Workload;
import io.gatefork.qa.support.Workload.Create;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The other side of {@link ScaleOutTest}'s first test: with the max connection age switched off
 * (stock), clients keep their connections to the first gateway for good, and a gateway started
 * after them gets no request at all over the same two max ages.
 */
@ContainerTest
class StockConnectionLifetimeTest {
  private static final Logger LOG = LoggerFactory.getLogger(StockConnectionLifetimeTest.class);
  private static final String PROCESS = "stock";

  /** What ScaleOutTest gives a new gateway to get its share (with the max age on). */
  private static final Duration TWO_MAX_AGES = ScaleOutTest.MAX_AGE.multipliedBy(2);

  @Test
  void withTheMaxAgeOffAGatewayStartedAfterTheClientsGetsNoRequest() throws Exception {
    try (var broker = new BrokerContainer("stock-lifetime-broker");
        var first = gateway("stock-lifetime-gateway-1", broker);
        var second = gateway("stock-lifetime-gateway-2", broker);
        var service = new GatewayService()) {
      broker.start();
      first.start();
      service.add(first);
      try (CamundaClient client = service.client(false)) {
        client
            .newDeployResourceCommand()
            .addProcessModel(Processes.streamedThenPolled(PROCESS, "v1"), PROCESS + ".bpmn")
            .send()
            .join();
      }
      try (var workload = new Workload(service, PROCESS).start(10)) {
        // warm: the clients' connection pools have grown to what the load needs
        await()
            .atMost(Duration.ofSeconds(60))
            .until(() -> workload.creates().stream().filter(Create::ok).count() >= 100);
        second.start();
        service.add(second);
        final double firstBefore = GatewayService.requestsServedBy(first);
        final double secondBefore = GatewayService.requestsServedBy(second);
        await("the later gateway serves no request")
            .failFast(
                "the later gateway served a request",
                () -> GatewayService.requestsServedBy(second) > secondBefore)
            .during(TWO_MAX_AGES)
            .atMost(TWO_MAX_AGES.plusSeconds(10))
            .pollInterval(Duration.ofMillis(500))
            .until(() -> GatewayService.requestsServedBy(second) == secondBefore);
        final double servedByFirst = GatewayService.requestsServedBy(first) - firstBefore;
        final double servedBySecond = GatewayService.requestsServedBy(second) - secondBefore;
        LOG.info(
            "max age off: over two max ages the first gateway served {} requests, the new one {}",
            servedByFirst,
            servedBySecond);
        assertThat(servedByFirst).isPositive();
        assertThat(servedBySecond).as("requests the later gateway served").isZero();
      }
    }
  }

  private static GatewayContainer gateway(final String name, final BrokerContainer broker) {
    return new GatewayContainer(name)
        .joining(broker.contactPoint())
        .withMaxConnectionAge(Duration.ZERO, Duration.ZERO);
  }
}

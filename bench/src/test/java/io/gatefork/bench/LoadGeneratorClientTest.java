package io.gatefork.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.CamundaClient;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import picocli.CommandLine;

/**
 * Each client setup talks the API its name says. The Java harness's {@code rest-default-pool} cells
 * ran over gRPC (it preferred REST for {@code rest} only); building the client is enough to see
 * which API it prefers and which pool it has, no gateway needed.
 */
class LoadGeneratorClientTest {
  @ParameterizedTest
  @EnumSource(Protocol.class)
  void theClientPrefersTheSetupsApiAndWidensOnlyTheRestPool(final Protocol protocol) {
    final LoadGenerator generator = new LoadGenerator();
    new CommandLine(generator).parseArgs("--protocol", protocol.tag);
    try (CamundaClient client = generator.client()) {
      assertThat(client.getConfiguration().preferRestOverGrpc())
          .as(protocol.tag + " over REST")
          .isEqualTo(protocol.tag.startsWith("rest"));
      if (protocol == Protocol.REST) {
        assertThat(client.getConfiguration().getMaxHttpConnections())
            .as("the widened pool: max-in-flight + max-jobs-active")
            .isEqualTo(256 + 60);
      } else if (protocol == Protocol.REST_DEFAULT_POOL) {
        assertThat(client.getConfiguration().getMaxHttpConnections())
            .as("the client's own pool")
            .isNotEqualTo(256 + 60);
      }
    }
  }
}

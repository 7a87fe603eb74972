package io.gatefork.broker.client.it;

import static org.awaitility.Awaitility.await;

import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.model.bpmn.BpmnModelInstance;
import io.camunda.zeebe.protocol.impl.record.value.deployment.DeploymentRecord;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.BrokerClientConfig;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.ResourceExhaustedRetry;
import io.gatefork.broker.client.cluster.ClusterBrokerClient;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.broker.dev.EmbeddedBroker;
import io.gatefork.broker.dev.EmbeddedBrokerConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** An embedded broker (real engine) and a broker client joined to it, all on loopback. */
final class Cluster implements AutoCloseable {
  final EmbeddedBroker broker;
  final BrokerClient client;
  final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  private Cluster(final EmbeddedBroker broker, final BrokerClientConfig clientConfig) {
    this.broker = broker;
    client = ClusterBrokerClient.start(clientConfig, registry);
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> client.topology().partitionsWithLeader().length == broker.partitions().size());
  }

  static Cluster start(final int requestLimit, final ResourceExhaustedRetry retry) {
    final var broker =
        EmbeddedBroker.start(
            EmbeddedBrokerConfig.builder()
                .port(FreePorts.next())
                .partitionCount(3)
                .requestLimit(requestLimit)
                .recordJournal(true)
                .build());
    return new Cluster(broker, clientConfig(broker.clusterAddress(), retry));
  }

  static BrokerClientConfig clientConfig(
      final String contactPoint, final ResourceExhaustedRetry retry) {
    final var stock = BrokerClientConfig.testDefaults().build();
    return stock.toBuilder()
        .host("127.0.0.1")
        .port(FreePorts.next())
        .initialContactPoints(List.of(contactPoint))
        .requestTimeout(Duration.ofSeconds(10))
        .membership(stock.membership().withFailureTimeout(Duration.ofSeconds(2)))
        .resourceExhaustedRetry(retry)
        .build();
  }

  static BpmnModelInstance serviceTaskProcess(final String id, final String jobType) {
    return Bpmn.createExecutableProcess(id)
        .startEvent()
        .serviceTask("task", t -> t.zeebeJobType(jobType))
        .endEvent()
        .done();
  }

  /** Deploys the models and waits until every partition knows them. */
  DeploymentRecord deploy(final Map<String, BpmnModelInstance> models) {
    return deploy(client, broker, models);
  }

  /** Deploys through {@code client} and waits until every partition of {@code broker} knows. */
  static DeploymentRecord deploy(
      final BrokerClient client,
      final EmbeddedBroker broker,
      final Map<String, BpmnModelInstance> models) {
    final var record = new DeploymentRecord();
    models.forEach(
        (name, model) ->
            record
                .resources()
                .add()
                .setResourceName(name)
                .setResource(Bpmn.convertToString(model).getBytes(StandardCharsets.UTF_8)));
    final var result = client.send(BrokerRequests.deployResources(record)).join();
    if (!(result instanceof BrokerResult.Accepted<DeploymentRecord> accepted)) {
      throw new AssertionError("deployment not accepted: " + result);
    }
    final long key = accepted.key();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                broker
                        .records()
                        .find(
                            r ->
                                r.key() == key
                                    && r.intent().name().equals("FINISHED")
                                    && r.valueType().name().equals("COMMAND_DISTRIBUTION"))
                        .size()
                    == 1);
    return accepted.value();
  }

  @Override
  public void close() {
    client.close();
    broker.close();
  }
}

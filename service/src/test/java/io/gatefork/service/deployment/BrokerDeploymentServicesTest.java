package io.gatefork.service.deployment;

import static io.gatefork.service.testing.ServiceAssertions.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.impl.record.value.deployment.DeploymentRecord;
import io.camunda.zeebe.protocol.record.intent.DeploymentIntent;
import io.gatefork.broker.client.request.PartitionTarget;
import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.testing.FakeBrokerClient;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BrokerDeploymentServicesTest {
  private final FakeBrokerClient broker = new FakeBrokerClient();
  private final BrokerDeploymentServices services =
      new BrokerDeploymentServices(broker, Runnable::run);

  @AfterEach
  void close() {
    broker.close();
  }

  private static DeployResources.Resource resource(final String name, final String content) {
    return new DeployResources.Resource(name, content.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void sendsEveryResourceToTheDeploymentPartitionAndMapsTheMetadata() throws Exception {
    broker.respondWith(
        sent ->
            FakeBrokerClient.<DeploymentRecord>accepted(
                sent,
                99L,
                r -> {
                  r.setTenantId("<default>");
                  r.processesMetadata()
                      .add()
                      .setBpmnProcessId("order")
                      .setVersion(2)
                      .setKey(101L)
                      .setResourceName("order.bpmn")
                      .setTenantId("<default>")
                      .setChecksum(new org.agrona.concurrent.UnsafeBuffer(new byte[] {1}))
                      .setDeploymentKey(99L);
                  r.formMetadata()
                      .add()
                      .setFormId("form")
                      .setVersion(1)
                      .setFormKey(102L)
                      .setResourceName("a.form")
                      .setTenantId("<default>")
                      .setChecksum(new org.agrona.concurrent.UnsafeBuffer(new byte[] {2}))
                      .setDeploymentKey(99L);
                }));

    final var result =
        services
            .deploy(
                RequestContext.create(),
                new DeployResources(
                    List.of(resource("order.bpmn", "<xml/>"), resource("a.form", "{}")), null))
            .get(5, TimeUnit.SECONDS);

    assertThat(result.deploymentKey()).isEqualTo(99L);
    assertThat(result.tenantId()).isEqualTo("<default>");
    assertThat(result.processes())
        .containsExactly(
            new DeploymentResult.ProcessMetadata("order", 2, 101L, "order.bpmn", "<default>"));
    assertThat(result.forms())
        .containsExactly(new DeploymentResult.FormMetadata("form", 1, 102L, "a.form", "<default>"));
    assertThat(result.decisions()).isEmpty();

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(DeploymentIntent.CREATE);
    assertThat(sent.request().target()).isEqualTo(PartitionTarget.DEPLOYMENT);
    final var record = sent.valueAs(new DeploymentRecord());
    assertThat(record.getTenantId()).isEqualTo("<default>");
    assertThat(record.getResources())
        .extracting(r -> r.getResourceName())
        .containsExactly("order.bpmn", "a.form");
    assertThat(record.getResources().getFirst().getResource())
        .isEqualTo("<xml/>".getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void invalidDeploymentsNeverReachTheBroker() {
    assertFails(
        services.deploy(RequestContext.create(), new DeployResources(List.of(), null)),
        ServiceStatus.INVALID_ARGUMENT,
        "resources: must not be empty");
    assertFails(
        services.deploy(
            RequestContext.create(), new DeployResources(List.of(resource(" ", "x")), null)),
        ServiceStatus.INVALID_ARGUMENT,
        "resources[0].name: must not be blank");
    assertFails(
        services.deploy(
            RequestContext.create(), new DeployResources(List.of(resource("a.bpmn", "")), null)),
        ServiceStatus.INVALID_ARGUMENT,
        "resources[0].content: must not be empty");
    assertThat(broker.sent()).isEmpty();
  }
}

package io.gatefork.service.resource;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.impl.record.value.deployment.ResourceRecord;
import io.camunda.zeebe.protocol.record.intent.ResourceIntent;
import io.camunda.zeebe.util.buffer.BufferUtil;
import io.gatefork.broker.client.request.PartitionTarget;
import io.gatefork.service.RequestContext;
import io.gatefork.service.testing.FakeBrokerClient;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BrokerResourceFetchTest {
  private static final long KEY = 2251799813685249L;

  private final FakeBrokerClient broker = new FakeBrokerClient();
  private final BrokerResourceServices services = new BrokerResourceServices(broker, Runnable::run);

  @AfterEach
  void close() {
    broker.close();
  }

  @Test
  void fetchAsksThePartitionOfTheKeyAndAnswersMetadataAndContent() throws Exception {
    broker.respondWith(
        sent ->
            FakeBrokerClient.<ResourceRecord>accepted(
                sent,
                KEY,
                record ->
                    record
                        .setResourceKey(KEY)
                        .setResourceId("script")
                        .setResourceName("s.rpa")
                        .setVersion(2)
                        .setVersionTag("v2")
                        .setTenantId("<default>")
                        .setDeploymentKey(KEY - 1)
                        .setResource(BufferUtil.wrapString("{\"id\":\"script\"}"))));

    final FetchedResource resource =
        services.fetch(RequestContext.create(), KEY).get(5, TimeUnit.SECONDS);

    assertThat(resource)
        .isEqualTo(
            new FetchedResource(
                KEY, "script", "s.rpa", 2, "v2", "<default>", KEY - 1, "{\"id\":\"script\"}"));
    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(ResourceIntent.FETCH);
    assertThat(sent.request().target()).isEqualTo(PartitionTarget.byKey(KEY));
    assertThat(sent.valueAs(new ResourceRecord()).getResourceKey()).isEqualTo(KEY);
  }
}

package io.gatefork.service.message;

import static io.gatefork.service.testing.ServiceAssertions.assertFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.zeebe.protocol.impl.record.value.message.MessageRecord;
import io.camunda.zeebe.protocol.record.RejectionType;
import io.camunda.zeebe.protocol.record.intent.MessageIntent;
import io.gatefork.broker.client.request.PartitionTarget;
import io.gatefork.service.RequestContext;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.testing.FakeBrokerClient;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BrokerMessageServicesTest {
  private final FakeBrokerClient broker = new FakeBrokerClient();
  private final BrokerMessageServices services = new BrokerMessageServices(broker, Runnable::run);

  @AfterEach
  void close() {
    broker.close();
  }

  @Test
  void publishFillsTheRecordRoutesByCorrelationKeyAndReturnsTheKey() throws Exception {
    final var published =
        services
            .publish(
                RequestContext.create(),
                new PublishMessage(
                    "paid",
                    "order-1",
                    60_000L,
                    "msg-1",
                    JsonDocument.ofJson("{\"amount\":5}"),
                    null))
            .get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(published).isEqualTo(new MessagePublished(1L, "<default>")); // the fake's key
    assertThat(sent.intent()).isEqualTo(MessageIntent.PUBLISH);
    assertThat(sent.request().target()).isEqualTo(PartitionTarget.byCorrelationKey("order-1"));
    final var record = sent.valueAs(new MessageRecord());
    assertThat(record.getName()).isEqualTo("paid");
    assertThat(record.getCorrelationKey()).isEqualTo("order-1");
    assertThat(record.getTimeToLive()).isEqualTo(60_000L);
    assertThat(record.getMessageId()).isEqualTo("msg-1");
    assertThat(record.getVariables()).containsEntry("amount", 5);
    assertThat(record.getTenantId()).isEqualTo("<default>");
  }

  @Test
  void aMissingCorrelationKeyIsEmpty() throws Exception {
    services
        .publish(
            RequestContext.create(), new PublishMessage("paid", null, 0L, null, null, "tenant-a"))
        .get(5, TimeUnit.SECONDS);

    final var record = broker.sent().getFirst().valueAs(new MessageRecord());
    assertThat(record.getCorrelationKey()).isEmpty();
    assertThat(record.hasMessageId()).isFalse();
    assertThat(record.getTenantId()).isEqualTo("tenant-a");
  }

  @Test
  void aDuplicateMessageIdIsAlreadyExists() {
    broker.respondWith(
        sent ->
            FakeBrokerClient.rejected(
                sent, RejectionType.ALREADY_EXISTS, "message with id 'msg-1' already published"));

    assertFails(
        services.publish(
            RequestContext.create(), new PublishMessage("paid", "k", 0L, "msg-1", null, null)),
        ServiceStatus.ALREADY_EXISTS,
        "Command 'PUBLISH' rejected with code 'ALREADY_EXISTS': message with id");
  }

  @Test
  void invalidMessagesNeverReachTheBroker() {
    assertThatThrownBy(() -> new PublishMessage(" ", "k", 0L, null, null, null))
        .hasMessage("name: must not be blank");
    assertThatThrownBy(() -> new PublishMessage("paid", "k", -1L, null, null, null))
        .hasMessage("timeToLive: must not be negative");
    assertThat(broker.sent()).isEmpty();
  }
}

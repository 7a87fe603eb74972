package io.gatefork.service.job;

import static io.gatefork.service.testing.ServiceAssertions.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.gatefork.broker.client.request.PartitionTarget;
import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.testing.FakeBrokerClient;
import io.gatefork.service.testing.TestSettings;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BrokerJobUpdateTest {
  private static final long JOB_KEY = 2251799813685249L;

  private final FakeBrokerClient broker = new FakeBrokerClient();
  private final BrokerJobServices services =
      new BrokerJobServices(broker, Runnable::run, TestSettings.longPolling());

  @AfterEach
  void close() {
    services.close();
    broker.close();
  }

  @Test
  void retriesAndTimeoutTravelInOneUpdateNamingBothAsChanged() throws Exception {
    services
        .update(RequestContext.create(), JOB_KEY, new JobChangeset(3, 60_000L), 7L)
        .get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(JobIntent.UPDATE);
    assertThat(sent.request().key()).isEqualTo(JOB_KEY);
    assertThat(sent.request().target()).isEqualTo(PartitionTarget.byKey(JOB_KEY));
    assertThat(sent.request().operationReference()).isEqualTo(7L);
    final var record = sent.valueAs(new JobRecord());
    assertThat(record.getChangedAttributes())
        .containsExactlyInAnyOrder(JobRecord.RETRIES, JobRecord.TIMEOUT);
    assertThat(record.getRetries()).isEqualTo(3);
    assertThat(record.getTimeout()).isEqualTo(60_000L);
  }

  @Test
  void onlyTheGivenAttributeIsMarkedAsChanged() throws Exception {
    services
        .update(RequestContext.create(), JOB_KEY, new JobChangeset(null, 5_000L), null)
        .get(5, TimeUnit.SECONDS);

    final var record = broker.sent().getFirst().valueAs(new JobRecord());
    assertThat(record.getChangedAttributes()).containsExactly(JobRecord.TIMEOUT);
  }

  @Test
  void anEmptyChangesetNeverReachesTheBroker() {
    assertFails(
        services.update(RequestContext.create(), JOB_KEY, new JobChangeset(null, null), null),
        ServiceStatus.INVALID_ARGUMENT,
        "changeset");
    assertThat(broker.sent()).isEmpty();
  }

  @Test
  void anOperationReferenceBelowOneNeverReachesTheBroker() {
    assertFails(
        services.update(RequestContext.create(), JOB_KEY, new JobChangeset(1, null), 0L),
        ServiceStatus.INVALID_ARGUMENT,
        "operationReference: must be at least 1");
    assertFails(
        services.updateRetries(RequestContext.create(), JOB_KEY, 1, -2L),
        ServiceStatus.INVALID_ARGUMENT,
        "operationReference: must be at least 1");
    assertFails(
        services.updateTimeout(RequestContext.create(), JOB_KEY, 1_000L, 0L),
        ServiceStatus.INVALID_ARGUMENT,
        "operationReference: must be at least 1");
    assertThat(broker.sent()).isEmpty();
  }
}

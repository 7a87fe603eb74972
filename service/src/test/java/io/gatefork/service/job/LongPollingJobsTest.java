package io.gatefork.service.job;

import static io.gatefork.service.testing.ServiceAssertions.assertFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.camunda.zeebe.protocol.impl.record.value.job.JobBatchRecord;
import io.camunda.zeebe.protocol.record.ErrorCode;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.gatefork.broker.client.topology.TestTopologies;
import io.gatefork.service.RequestContext;
import io.gatefork.service.auth.Caller;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.stage.RequestTiming;
import io.gatefork.service.testing.FakeBrokerClient;
import io.gatefork.service.testing.JobBatches;
import io.gatefork.service.testing.TestSettings;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LongPollingJobsTest {
  private static final Duration LONG = Duration.ofSeconds(30);
  private static final Duration NO_PROBE = Duration.ZERO;

  private final FakeBrokerClient broker =
      new FakeBrokerClient().topology(TestTopologies.singleBrokerLeading(2));
  private LongPollingJobs jobs =
      new LongPollingJobs(broker, Runnable::run, TestSettings.longPolling());

  @AfterEach
  void close() {
    jobs.close();
    broker.close();
  }

  private static ActivateJobs activate(final String type, final int max, final Duration wait) {
    return new ActivateJobs(type, "worker-1", 60_000, max, List.of(), List.of(), wait);
  }

  /** The anonymous caller of an unprotected API, known by its address. */
  private static RequestContext fromAddress(final String address) {
    return new RequestContext(RequestTiming.startNow(), Caller.ANONYMOUS, null, address);
  }

  /** An authenticated client: counted by its identity, whatever its address. */
  private static RequestContext asClient(final String clientId, final String address) {
    return new RequestContext(
        RequestTiming.startNow(),
        Caller.client(clientId, List.of(), null, Map.of(), false),
        null,
        address);
  }

  private void awaitWaitingCallers(final int callers) {
    await().atMost(Duration.ofSeconds(5)).until(() -> jobs.waitingCallers() == callers);
  }

  private void awaitParked(final int requests) {
    await().atMost(Duration.ofSeconds(5)).until(() -> jobs.parkedRequests() == requests);
  }

  private List<FakeBrokerClient.Sent> activations() {
    return broker.sent(ValueType.JOB_BATCH);
  }

  /** Partition 1 answers with job {@code key} once the flag returned is set; before, none does. */
  private AtomicBoolean jobOnPartitionOneOnceSet(final long key) {
    final var available = new AtomicBoolean();
    broker.respondWith(
        sent ->
            available.get() && sent.partitionId() == 1
                ? JobBatches.withJobs(sent, key)
                : JobBatches.empty(sent));
    return available;
  }

  @Test
  void parkedActivationCompletesWhenJobsOfItsTypeBecomeAvailable() throws Exception {
    final var available = jobOnPartitionOneOnceSet(2251799813685249L);

    final var future = jobs.activate(RequestContext.create(), activate("payment", 5, LONG));
    await().atMost(Duration.ofSeconds(5)).until(() -> jobs.parkedRequests() == 1);
    assertThat(future).isNotDone();
    assertThat(activations()).hasSize(2); // every partition asked once

    available.set(true);
    broker.notifyJobsAvailable("payment");

    final List<ActivatedJob> activated = future.get(5, TimeUnit.SECONDS);
    assertThat(activated)
        .singleElement()
        .satisfies(
            job -> {
              assertThat(job.key()).isEqualTo(2251799813685249L);
              assertThat(job.type()).isEqualTo("payment");
              assertThat(job.variables().toJson()).isEqualTo("{\"key\":2251799813685249}");
              assertThat(job.customHeaders().toJson()).isEqualTo("{\"h\":\"v\"}");
              assertThat(job.worker()).isEqualTo("worker-1");
              assertThat(job.retries()).isEqualTo(3);
              assertThat(job.deadline()).isEqualTo(1_700_000_000_000L);
              assertThat(job.bpmnProcessId()).isEqualTo("order");
              assertThat(job.processDefinitionVersion()).isEqualTo(2);
              assertThat(job.processDefinitionKey()).isEqualTo(100L);
              assertThat(job.processInstanceKey()).isEqualTo(200L);
              assertThat(job.elementInstanceKey()).isEqualTo(300L);
              assertThat(job.elementId()).isEqualTo("task");
              assertThat(job.tenantId()).isEqualTo("<default>");
              assertThat(job.kind()).isEqualTo("BPMN_ELEMENT");
              assertThat(job.listenerEventType()).isEqualTo("UNSPECIFIED");
            });
    assertThat(jobs.parkedRequests()).isZero();
  }

  @Test
  void jobsOfAnAnswerTheFrontEndCouldNotWriteGoBackToTheBrokerOnce() throws Exception {
    final var available = new AtomicBoolean();
    broker.respondWith(
        sent ->
            sent.valueType() != ValueType.JOB_BATCH
                ? FakeBrokerClient.echo(sent, sent.request().key())
                : available.get() && sent.partitionId() == 1
                    ? JobBatches.withJobs(sent, 51L, 52L)
                    : JobBatches.empty(sent));
    final var future = jobs.activate(RequestContext.create(), activate("payment", 5, LONG));
    awaitParked(1);
    available.set(true);
    broker.notifyJobsAvailable("payment");
    assertThat(future.get(5, TimeUnit.SECONDS)).hasSize(2);

    // the caller left while the answer was written (gRPC: cancelled; REST: the write failed)
    ((WatchesCaller) future).answerUndelivered();
    ((WatchesCaller) future).answerUndelivered();

    await().atMost(Duration.ofSeconds(5)).until(() -> broker.sent(ValueType.JOB).size() == 2);
    assertThat(broker.sent(ValueType.JOB))
        .allSatisfy(sent -> assertThat(sent.intent()).isEqualTo(JobIntent.YIELD))
        .extracting(sent -> sent.request().key())
        .containsExactlyInAnyOrder(51L, 52L);
  }

  @Test
  void notificationForAnotherTypeLeavesTheRequestParked() {
    broker.respondWith(JobBatches::empty);
    final var future = jobs.activate(RequestContext.create(), activate("payment", 5, LONG));
    await().atMost(Duration.ofSeconds(5)).until(() -> jobs.parkedRequests() == 1);

    broker.notifyJobsAvailable("shipping");
    broker.flush();

    assertThat(future).isNotDone();
    assertThat(activations()).hasSize(2);
    assertThat(jobs.parkedRequests()).isEqualTo(1);
  }

  private void probingEvery(final Duration probeTimeout) {
    use(new LongPollingConfig(true, Duration.ofSeconds(10), 100, Duration.ZERO, 0, probeTimeout));
  }

  /** Long polling with {@code config} in place of the default. */
  private void use(final LongPollingConfig config) {
    jobs.close();
    jobs = new LongPollingJobs(broker, Runnable::run, config);
  }

  /** A lost notification (a broker sends none to a gateway it does not know yet). */
  @Test
  void jobsThatCameWithoutANotificationReachTheWaitingRequestAtTheNextProbe() {
    probingEvery(Duration.ofMillis(100));
    final var available = jobOnPartitionOneOnceSet(41L);
    final var future = jobs.activate(RequestContext.create(), activate("payment", 5, LONG));
    awaitParked(1);

    available.set(true); // and no notification

    assertThat(future)
        .succeedsWithin(Duration.ofSeconds(5))
        .asList()
        .extracting(job -> ((ActivatedJob) job).key())
        .containsExactly(41L);
  }

  @Test
  void aProbeThatFindsNothingLeavesTheRequestWaiting() {
    probingEvery(Duration.ofMillis(50));
    broker.respondWith(JobBatches::empty);
    final var future = jobs.activate(RequestContext.create(), activate("payment", 5, LONG));
    awaitParked(1);

    // every partition asked again, more than once
    await().atMost(Duration.ofSeconds(5)).until(() -> activations().size() >= 6);
    assertThat(future).isNotDone();
    awaitParked(1);
  }

  @Test
  void parkedActivationCompletesEmptyAtItsDeadline() throws Exception {
    broker.respondWith(JobBatches::empty);

    final var future =
        jobs.activate(RequestContext.create(), activate("payment", 5, Duration.ofSeconds(1)));
    await().atMost(Duration.ofSeconds(5)).until(() -> jobs.parkedRequests() == 1);

    assertThat(future.get(5, TimeUnit.SECONDS)).isEmpty();
    assertThat(jobs.parkedRequests()).isZero();
    assertThat(activations()).hasSize(2);
  }

  @Test
  void nullRequestTimeoutWaitsTheDefaultLongPoll() {
    use(TestSettings.longPolling(Duration.ofSeconds(1), 100));
    broker.respondWith(JobBatches::empty);

    final var future = jobs.activate(RequestContext.create(), activate("payment", 5, null));
    await().atMost(Duration.ofSeconds(5)).until(() -> jobs.parkedRequests() == 1);

    await().atMost(Duration.ofSeconds(5)).until(future::isDone);
    assertThat(future.join()).isEmpty();
  }

  @Test
  void aRequestTimeoutAboveTheMaximumWaitsOnlyTheMaximum() throws Exception {
    use(
        new LongPollingConfig(
            true, Duration.ofSeconds(10), 100, Duration.ofMillis(500), 0, NO_PROBE));
    broker.respondWith(JobBatches::empty);

    final long start = System.nanoTime();
    final var years =
        jobs.activate(
            RequestContext.create(), activate("payment", 5, Duration.ofMillis(Long.MAX_VALUE)));
    final var hour =
        jobs.activate(RequestContext.create(), activate("payment", 5, Duration.ofHours(1)));

    assertThat(years.get(5, TimeUnit.SECONDS)).isEmpty();
    assertThat(hour.get(5, TimeUnit.SECONDS)).isEmpty();
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
  }

  @Test
  void aRequestTimeoutWithinTheMaximumIsKept() {
    final var config =
        new LongPollingConfig(
            true, Duration.ofSeconds(10), 100, Duration.ofMinutes(5), 0, NO_PROBE);

    assertThat(config.bounded(Duration.ofSeconds(20))).isEqualTo(Duration.ofSeconds(20));
    assertThat(config.bounded(Duration.ofMinutes(5))).isEqualTo(Duration.ofMinutes(5));
    assertThat(config.bounded(Duration.ofMinutes(6))).isEqualTo(Duration.ofMinutes(5));
    assertThat(
            new LongPollingConfig(true, Duration.ofSeconds(10), 100, Duration.ZERO, 0, NO_PROBE)
                .bounded(Duration.ofDays(9)))
        .as("no maximum")
        .isEqualTo(Duration.ofDays(9));
  }

  @Test
  void negativeRequestTimeoutAnswersAtOnceWithoutParking() throws Exception {
    broker.respondWith(JobBatches::empty);

    final var future =
        jobs.activate(RequestContext.create(), activate("payment", 5, Duration.ofMillis(-1)));

    assertThat(future.get(5, TimeUnit.SECONDS)).isEmpty();
    assertThat(jobs.parkedRequests()).isZero();
    assertThat(activations()).hasSize(2);
  }

  @Test
  void withLongPollingOffARequestThatAsksToWaitIsAnsweredAfterOneWalk() throws Exception {
    use(new LongPollingConfig(false, Duration.ofSeconds(10), 10_000, Duration.ZERO, 0, NO_PROBE));
    broker.respondWith(JobBatches::empty);

    final var future = jobs.activate(RequestContext.create(), activate("payment", 5, LONG));

    assertThat(future.get(5, TimeUnit.SECONDS)).isEmpty();
    assertThat(jobs.parkedRequests()).isZero();
    assertThat(activations()).hasSize(2);
  }

  @Test
  void collectsJobsAcrossPartitionsAskingOnlyForWhatIsMissing() throws Exception {
    broker.topology(TestTopologies.singleBrokerLeading(3));
    final var nextKey = new AtomicInteger(1);
    // every partition has two jobs
    broker.respondWith(
        sent -> {
          final int count = Math.min(2, JobBatches.maxJobs(sent));
          final long[] keys = new long[count];
          for (int i = 0; i < count; i++) {
            keys[i] = nextKey.getAndIncrement();
          }
          return JobBatches.withJobs(sent, keys);
        });

    final var activated =
        jobs.activate(RequestContext.create(), activate("payment", 3, LONG))
            .get(5, TimeUnit.SECONDS);

    assertThat(activated).extracting(ActivatedJob::key).containsExactly(1L, 2L, 3L);
    assertThat(activations()).extracting(JobBatches::maxJobs).containsExactly(3, 1);
    assertThat(activations())
        .extracting(FakeBrokerClient.Sent::partitionId)
        .doesNotHaveDuplicates();
  }

  @Test
  void startsAtADifferentPartitionForEachRequest() throws Exception {
    broker.respondWith(sent -> JobBatches.withJobs(sent, 1L));

    jobs.activate(RequestContext.create(), activate("payment", 1, LONG)).get(5, TimeUnit.SECONDS);
    jobs.activate(RequestContext.create(), activate("payment", 1, LONG)).get(5, TimeUnit.SECONDS);

    assertThat(activations())
        .extracting(FakeBrokerClient.Sent::partitionId)
        .containsExactlyInAnyOrder(1, 2);
  }

  @Test
  void sendsTheRequestedActivationAndTheDefaultTenant() throws Exception {
    broker.respondWith(sent -> JobBatches.withJobs(sent, 1L));

    jobs.activate(
            RequestContext.create(),
            new ActivateJobs("payment", "worker-7", 45_000, 1, List.of("amount"), List.of(), LONG))
        .get(5, TimeUnit.SECONDS);

    final var record = activations().getFirst().valueAs(new JobBatchRecord());
    assertThat(record.getType()).isEqualTo("payment");
    assertThat(record.getWorker()).isEqualTo("worker-7");
    assertThat(record.getTimeout()).isEqualTo(45_000L);
    assertThat(record.getMaxJobsToActivate()).isEqualTo(1);
    assertThat(record.getTenantIds()).containsExactly("<default>");
    assertThat(record.variables()).hasSize(1);
  }

  @Test
  void notificationDuringTheWalkMakesItWalkAgainInsteadOfParking() throws Exception {
    final var calls = new AtomicInteger();
    broker.topology(TestTopologies.singleBrokerLeading(1));
    broker.respondWith(
        sent -> {
          if (calls.incrementAndGet() == 1) {
            // a job is created while the (only) partition answers "nothing"
            broker.notifyJobsAvailableNow("payment");
            return JobBatches.empty(sent);
          }
          return JobBatches.withJobs(sent, 9L);
        });

    final var activated =
        jobs.activate(RequestContext.create(), activate("payment", 5, LONG))
            .get(5, TimeUnit.SECONDS);

    assertThat(activated).extracting(ActivatedJob::key).containsExactly(9L);
    assertThat(activations()).hasSize(2);
  }

  @Test
  void moreParkedRequestsThanTheCapAreResourceExhausted() {
    use(TestSettings.longPolling(LONG, 1));
    broker.respondWith(JobBatches::empty);

    jobs.activate(fromAddress("10.0.0.1"), activate("payment", 5, LONG));
    await().atMost(Duration.ofSeconds(5)).until(() -> jobs.parkedRequests() == 1);
    final var second = jobs.activate(fromAddress("10.0.0.2"), activate("payment", 5, LONG));

    assertFails(
        second,
        ServiceStatus.RESOURCE_EXHAUSTED,
        "Expected to wait for jobs of type 'payment', but 1 activation requests are already"
            + " waiting");
    assertThat(jobs.parkedRequests()).isEqualTo(1);
    awaitWaitingCallers(1); // the refused caller holds no place
  }

  @Test
  void aCallerParksAtMostItsShareWhileOthersStillPark() throws Exception {
    // 8 places, a quarter per caller
    use(TestSettings.longPolling(LONG, 8));
    final var available = jobOnPartitionOneOnceSet(11L);
    final RequestContext a = fromAddress("10.0.0.1");
    final RequestContext b = asClient("worker-app", "10.0.0.1"); // same address, own identity

    final var a1 = jobs.activate(a, activate("payment", 5, LONG));
    final var a2 = jobs.activate(a, activate("shipping", 5, LONG));
    awaitParked(2);
    final var a3 = jobs.activate(a, activate("payment", 5, LONG));

    assertFails(
        a3,
        ServiceStatus.RESOURCE_EXHAUSTED,
        "Expected to wait for jobs of type 'payment', but 2 activation requests of this caller are"
            + " already waiting, its share of the 8 that may wait");
    final var b1 = jobs.activate(b, activate("payment", 5, LONG));
    final var b2 = jobs.activate(b, activate("payment", 5, LONG));
    awaitParked(4);
    assertThat(List.of(a1, a2, b1, b2)).noneMatch(java.util.concurrent.Future::isDone);
    assertThat(jobs.parkedRequests()).isEqualTo(4);
    assertThat(jobs.parkedRequests("payment")).isEqualTo(3);
    assertThat(jobs.parkedRequests("unknown")).isZero();
    assertThat(jobs.waitingCallers()).isEqualTo(2);

    // a's polls end: one cancelled, one answered with jobs
    a1.cancel(false);
    available.set(true);
    broker.notifyJobsAvailable("shipping");
    assertThat(a2.get(5, TimeUnit.SECONDS)).extracting(ActivatedJob::key).containsExactly(11L);
    available.set(false);

    final var again = jobs.activate(a, activate("payment", 5, LONG));
    awaitParked(3);
    assertThat(jobs.parkedRequests("payment")).isEqualTo(3); // a1 cancelled, b1, b2, again
    assertThat(jobs.parkedRequests("shipping")).isZero();
    assertThat(again).isNotDone();

    jobs.drain();
    assertThat(again.get(5, TimeUnit.SECONDS)).isEmpty();
    assertThat(b1.get(5, TimeUnit.SECONDS)).isEmpty();
    awaitWaitingCallers(0); // no entry left
  }

  @Test
  void everyEndingOfAWaitingRequestGivesItsCallersPlaceBack() throws Exception {
    // one place per caller: each next park shows that the last one was given back
    use(new LongPollingConfig(true, Duration.ofSeconds(10), 100, Duration.ZERO, 1, NO_PROBE));
    final var answer = new AtomicInteger(); // 0 nothing, 1 a job, 2 an error
    broker.respondWith(
        sent ->
            switch (answer.get()) {
              case 1 -> JobBatches.withJobs(sent, 21L);
              case 2 -> FakeBrokerClient.error(ErrorCode.RESOURCE_EXHAUSTED, "busy");
              default -> JobBatches.empty(sent);
            });
    final RequestContext caller = asClient("worker-app", null);

    // woken without jobs, it walks again and keeps its place: it is not refused by its share
    final var found = jobs.activate(caller, activate("payment", 5, LONG));
    awaitParked(1);
    broker.notifyJobsAvailable("payment");
    await().atMost(Duration.ofSeconds(5)).until(() -> activations().size() == 4);
    awaitParked(1);
    assertThat(found).isNotDone();
    // jobs found
    answer.set(1);
    broker.notifyJobsAvailable("payment");
    assertThat(found.get(5, TimeUnit.SECONDS)).isNotEmpty();
    answer.set(0);
    awaitWaitingCallers(0); // given back just after the answer, by the thread that gave it

    // an error on walking again
    final var failed = jobs.activate(caller, activate("payment", 5, LONG));
    awaitParked(1);
    answer.set(2);
    broker.notifyJobsAvailable("payment");
    assertFails(failed, ServiceStatus.RESOURCE_EXHAUSTED, "busy");
    answer.set(0);
    awaitWaitingCallers(0); // given back just after the answer, by the thread that gave it

    // the deadline
    final var expired = jobs.activate(caller, activate("payment", 5, Duration.ofMillis(100)));
    assertThat(expired.get(5, TimeUnit.SECONDS)).isEmpty();
    await().atMost(Duration.ofSeconds(5)).until(() -> jobs.waitingCallers() == 0);

    // the caller went away
    final var left = jobs.activate(caller, activate("payment", 5, LONG));
    awaitParked(1);
    left.cancel(false);
    assertThat(jobs.waitingCallers()).isZero();

    // shutdown
    final var drained = jobs.activate(caller, activate("payment", 5, LONG));
    awaitParked(1);
    assertThat(jobs.waitingCallers()).isEqualTo(1);
    jobs.close();
    assertThat(drained.get(5, TimeUnit.SECONDS)).isEmpty();
    awaitWaitingCallers(0); // given back just after the answer, by the thread that gave it
    assertThat(jobs.parkedRequests()).isZero();
  }

  @Test
  void aCallersShareIsAQuarterOfThePlacesUnlessSet() {
    assertThat(TestSettings.longPolling(LONG, 10_000).callerShare()).isEqualTo(2_500);
    assertThat(TestSettings.longPolling(LONG, 3).callerShare()).as("at least one").isEqualTo(1);
    assertThat(new LongPollingConfig(true, LONG, 100, Duration.ZERO, 7, NO_PROBE).callerShare())
        .isEqualTo(7);
    assertThat(new LongPollingConfig(true, LONG, 100, Duration.ZERO, 500, NO_PROBE).callerShare())
        .as("never more than all places")
        .isEqualTo(100);
  }

  @Test
  void cancellingAParkedActivationReleasesIt() {
    broker.respondWith(JobBatches::empty);
    final var future = jobs.activate(RequestContext.create(), activate("payment", 5, LONG));
    await().atMost(Duration.ofSeconds(5)).until(() -> jobs.parkedRequests() == 1);

    future.cancel(false);

    assertThat(jobs.parkedRequests()).isZero();
  }

  @Test
  void jobsActivatedAfterTheCallerLeftAreYieldedBack() throws Exception {
    broker.topology(TestTopologies.singleBrokerLeading(1));
    final var release = new CountDownLatch(1);
    broker.respondWith(
        sent -> {
          if (sent.valueType() == ValueType.JOB_BATCH) {
            awaitLatch(release);
            return JobBatches.withJobs(sent, 41L, 42L);
          }
          return FakeBrokerClient.echo(sent, sent.request().key());
        });

    final var future = jobs.activate(RequestContext.create(), activate("payment", 5, LONG));
    future.cancel(false);
    release.countDown();

    await().atMost(Duration.ofSeconds(5)).until(() -> broker.sent(ValueType.JOB).size() == 2);
    assertThat(broker.sent(ValueType.JOB))
        .allSatisfy(sent -> assertThat(sent.intent()).isEqualTo(JobIntent.YIELD));
    assertThat(broker.sent(ValueType.JOB))
        .extracting(s -> s.request().key())
        .containsExactlyInAnyOrder(41L, 42L);
  }

  @Test
  void failsWhenNoPartitionCouldBeAsked() {
    broker.respondWith(sent -> FakeBrokerClient.error(ErrorCode.RESOURCE_EXHAUSTED, "busy"));

    assertFails(
        jobs.activate(RequestContext.create(), activate("payment", 5, LONG)),
        ServiceStatus.RESOURCE_EXHAUSTED,
        "busy");
    assertThat(jobs.parkedRequests()).isZero();
  }

  @Test
  void jobsFromHealthyPartitionsAreReturnedDespiteAFailingOne() throws Exception {
    broker.respondWith(
        sent ->
            sent.partitionId() == 1
                ? FakeBrokerClient.error(ErrorCode.PARTITION_LEADER_MISMATCH, "moved")
                : JobBatches.withJobs(sent, 5L));

    assertThat(
            jobs.activate(RequestContext.create(), activate("payment", 5, LONG))
                .get(5, TimeUnit.SECONDS))
        .extracting(ActivatedJob::key)
        .containsExactly(5L);
  }

  @Test
  void noPartitionLeaderIsUnavailable() {
    broker.topology(TestTopologies.withoutLeaders(2));

    assertFails(
        jobs.activate(RequestContext.create(), activate("payment", 5, LONG)),
        ServiceStatus.UNAVAILABLE,
        "no partition has a leader");
    assertThat(activations()).isEmpty();
  }

  @Test
  void closeAnswersParkedRequestsWithNothing() throws Exception {
    broker.respondWith(JobBatches::empty);
    final var future = jobs.activate(RequestContext.create(), activate("payment", 5, LONG));
    await().atMost(Duration.ofSeconds(5)).until(() -> jobs.parkedRequests() == 1);

    jobs.close();

    assertThat(future.get(5, TimeUnit.SECONDS)).isEmpty();
  }

  /** A long poll may ask for years; shutdown must not wait for it (issue #12). */
  @Test
  void drainAnswersParkedRequestsAndLetsNoneWaitAfterwards() throws Exception {
    broker.respondWith(JobBatches::empty);
    final var years = Duration.ofMillis(Long.MAX_VALUE);
    final var parked = jobs.activate(RequestContext.create(), activate("payment", 5, years));
    await().atMost(Duration.ofSeconds(5)).until(() -> jobs.parkedRequests() == 1);

    assertThat(jobs.drain()).as("parked requests answered").isEqualTo(1);
    final var later = jobs.activate(RequestContext.create(), activate("payment", 5, years));

    assertThat(parked.get(5, TimeUnit.SECONDS)).isEmpty();
    assertThat(later.get(5, TimeUnit.SECONDS)).isEmpty();
    assertThat(jobs.parkedRequests()).isZero();
  }

  @Test
  void aTypesEntryGoesWithItsLastRequest() throws Exception {
    final var available = jobOnPartitionOneOnceSet(7L);
    final int types = 10_000;
    final var futures = new java.util.ArrayList<java.util.concurrent.CompletableFuture<?>>();
    for (int i = 0; i < types; i++) {
      final String type = (i % 2 == 0 ? "cancelled-" : "notified-") + i;
      // each from its own address: a caller's share is a quarter of the places
      futures.add(
          jobs.activate(fromAddress("10.0." + i / 256 + "." + i % 256), activate(type, 1, LONG)));
    }
    await().atMost(Duration.ofSeconds(30)).until(() -> jobs.parkedRequests() == types);
    assertThat(jobs.waitedTypes()).isEqualTo(types);

    available.set(true);
    for (int i = 0; i < types; i++) {
      if (i % 2 == 0) {
        futures.get(i).cancel(false);
      } else {
        broker.notifyJobsAvailable("notified-" + i);
      }
    }
    for (int i = 1; i < types; i += 2) {
      assertThat(futures.get(i).get(10, TimeUnit.SECONDS)).asList().hasSize(1);
    }
    // answered at once, without parking, and those that found jobs at once
    jobs.activate(RequestContext.create(), activate("at-once", 1, Duration.ofMillis(-1)))
        .get(5, TimeUnit.SECONDS);

    assertThat(jobs.parkedRequests()).isZero();
    // released just after the answer, on the thread that completed it
    await().atMost(Duration.ofSeconds(5)).until(() -> jobs.waitedTypes() == 0);
    awaitWaitingCallers(0); // given back just after the answer, by the thread that gave it
  }

  @Test
  void aRequestParkingWhileAnotherOfItsTypeLeavesStillHearsTheNotification() throws Exception {
    final var available = jobOnPartitionOneOnceSet(7L);
    final var pool = java.util.concurrent.Executors.newFixedThreadPool(2);
    try {
      for (int round = 0; round < 500; round++) {
        available.set(false);
        final var leaving =
            jobs.activate(RequestContext.create(), activate("race", 1, Duration.ofMillis(-1)));
        final var start = new CountDownLatch(1);
        final var parking =
            pool.submit(
                () -> {
                  awaitLatch(start);
                  return jobs.activate(RequestContext.create(), activate("race", 1, LONG));
                });
        final var cancelling =
            pool.submit(
                () -> {
                  awaitLatch(start);
                  return jobs.activate(RequestContext.create(), activate("race", 1, LONG))
                      .cancel(false);
                });
        start.countDown();
        cancelling.get(5, TimeUnit.SECONDS);
        final var parked = parking.get(5, TimeUnit.SECONDS);
        leaving.get(5, TimeUnit.SECONDS);
        await()
            .pollInterval(Duration.ofMillis(1))
            .atMost(Duration.ofSeconds(5))
            .until(() -> jobs.parkedRequests() == 1);

        available.set(true);
        broker.notifyJobsAvailable("race");

        assertThat(parked.get(5, TimeUnit.SECONDS)).as("round %d", round).hasSize(1);
      }
      await().atMost(Duration.ofSeconds(5)).until(() -> jobs.waitedTypes() == 0);
    } finally {
      pool.shutdownNow();
    }
  }

  // --- the deadline, a drain, a cancel or a notification between the walk's last look and the park

  /**
   * The deadline fires after the walk's final check but before the request is in its parked set:
   * its task finds nothing to answer. Before the fix nothing ever answered the request (the front
   * end's own timeout ended it, 10 s later).
   */
  @Test
  void aDeadlineFiringJustBeforeTheParkIsAnsweredByThePark() {
    final var deadlines = new ManualDeadlines();
    useDeadlines(deadlines, 1); // one place per caller: a second park shows the first came back
    broker.respondWith(JobBatches::empty);
    final RequestContext caller = asClient("worker-app", null);
    // the task runs as soon as it is scheduled, as one whose time has come does, on its thread
    deadlines.whenScheduled(deadlines::fireAll);

    final var raced = jobs.activate(caller, activate("payment", 5, LONG));

    assertThat(raced).succeedsWithin(Duration.ofSeconds(5)).asList().isEmpty();
    assertThat(jobs.parkedRequests()).isZero();
    awaitWaitingCallers(0);
    deadlines.fireAll(); // the task again: nothing to answer twice
    assertThat(jobs.parkedRequests()).isZero();

    deadlines.whenScheduled(() -> {});
    final var next = jobs.activate(caller, activate("payment", 5, LONG));
    awaitParked(1);
    assertThat(next).isNotDone();
    assertThat(jobs.waitingCallers()).isEqualTo(1);
    deadlines.fireAll();
    assertThat(next).succeedsWithin(Duration.ofSeconds(5)).asList().isEmpty();
    assertThat(jobs.parkedRequests()).isZero();
    awaitWaitingCallers(0);
  }

  /** A woken request walks again; its deadline fires meanwhile, while it is in no parked set. */
  @Test
  void aDeadlineFiringWhileAWokenRequestWalksAgainEndsTheWalk() {
    final var deadlines = new ManualDeadlines();
    useDeadlines(deadlines, 1);
    final var fireDuringWalk = new AtomicBoolean();
    broker.respondWith(
        sent -> {
          if (fireDuringWalk.getAndSet(false)) {
            deadlines.fireAll(); // found nobody parked: the walk is under way
          }
          return JobBatches.empty(sent);
        });
    final var future = jobs.activate(asClient("worker-app", null), activate("payment", 5, LONG));
    awaitParked(1);

    fireDuringWalk.set(true);
    broker.notifyJobsAvailable("payment");

    assertThat(future).succeedsWithin(Duration.ofSeconds(5)).asList().isEmpty();
    assertThat(jobs.parkedRequests()).isZero();
    awaitWaitingCallers(0);
  }

  /** Shutdown's drain runs after the park's look at it but before the park: it finds nobody. */
  @Test
  void aDrainJustBeforeTheParkStillAnswersTheRequest() {
    final var deadlines = new ManualDeadlines();
    useDeadlines(deadlines, 1);
    broker.respondWith(JobBatches::empty);
    deadlines.whenScheduled(() -> assertThat(jobs.drain()).isZero());

    final var future = jobs.activate(asClient("worker-app", null), activate("payment", 5, LONG));

    assertThat(future).succeedsWithin(Duration.ofSeconds(5)).asList().isEmpty();
    assertThat(jobs.parkedRequests()).isZero();
    awaitWaitingCallers(0);
  }

  /** The caller cancels after the walk's last look but before the park. */
  @Test
  void aCancelJustBeforeTheParkReleasesTheRequestAndItsDeadline() {
    final var deadlines = new ManualDeadlines();
    useDeadlines(deadlines, 1);
    // the partitions answer only once the test holds the request's future: otherwise an answer
    // that is complete before the walk registers for it runs the walk, and so the park and this
    // hook, on the test thread, which would then wait for its own future
    final var held = new CountDownLatch(1);
    broker.respondWith(
        sent -> {
          awaitLatch(held);
          return JobBatches.empty(sent);
        });
    final var activated =
        new java.util.concurrent.CompletableFuture<java.util.concurrent.Future<?>>();
    deadlines.whenScheduled(() -> activated.orTimeout(10, TimeUnit.SECONDS).join().cancel(false));

    final var future = jobs.activate(asClient("worker-app", null), activate("payment", 5, LONG));
    activated.complete(future);
    held.countDown();

    await().atMost(Duration.ofSeconds(5)).until(() -> deadlines.scheduled().size() == 1);
    await().atMost(Duration.ofSeconds(5)).until(() -> jobs.waitedTypes() == 0);
    assertThat(future).isCancelled();
    assertThat(jobs.parkedRequests()).isZero();
    awaitWaitingCallers(0);
    // not kept queued until a deadline that may be an hour away
    assertThat(deadlines.scheduled().getFirst().isCancelled()).isTrue();
  }

  /** Jobs become available after the walk's last look but before the park: it walks again. */
  @Test
  void aNotificationJustBeforeTheParkMakesItWalkAgain() {
    final var deadlines = new ManualDeadlines();
    useDeadlines(deadlines, 1);
    final var available = jobOnPartitionOneOnceSet(31L);
    deadlines.whenScheduled(
        () -> {
          available.set(true);
          broker.notifyJobsAvailableNow("payment");
        });

    final var future = jobs.activate(asClient("worker-app", null), activate("payment", 5, LONG));

    assertThat(future)
        .succeedsWithin(Duration.ofSeconds(5))
        .asList()
        .extracting(job -> ((ActivatedJob) job).key())
        .containsExactly(31L);
    assertThat(jobs.parkedRequests()).isZero();
    awaitWaitingCallers(0);
  }

  private void useDeadlines(final ManualDeadlines deadlines, final int callerShare) {
    jobs.close();
    jobs =
        new LongPollingJobs(
            broker,
            Runnable::run,
            new LongPollingConfig(
                true, Duration.ofSeconds(10), 100, Duration.ZERO, callerShare, NO_PROBE),
            deadlines);
  }

  /**
   * Deadlines that fire only when the test says so ({@link #fireAll}), or at once when scheduled
   * ({@link #whenScheduled}): that is where a request parks, after the walk's final check of its
   * deadline and before it is in its parked set.
   */
  private static final class ManualDeadlines
      extends java.util.concurrent.ScheduledThreadPoolExecutor {
    private final List<Runnable> tasks = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final List<java.util.concurrent.ScheduledFuture<?>> futures =
        new java.util.concurrent.CopyOnWriteArrayList<>();
    private volatile Runnable whenScheduled = () -> {};

    ManualDeadlines() {
      super(1);
    }

    void whenScheduled(final Runnable hook) {
      whenScheduled = hook;
    }

    List<java.util.concurrent.ScheduledFuture<?>> scheduled() {
      return futures;
    }

    /** Runs every deadline task not cancelled, on the calling thread. */
    void fireAll() {
      for (int i = 0; i < tasks.size(); i++) {
        if (!futures.get(i).isCancelled()) {
          tasks.get(i).run();
        }
      }
    }

    @Override
    public java.util.concurrent.ScheduledFuture<?> schedule(
        final Runnable command, final long delay, final TimeUnit unit) {
      // queued, so that cancelling it works as it does, but far beyond any test
      final var future = super.schedule(() -> {}, 1, TimeUnit.DAYS);
      tasks.add(command);
      futures.add(future);
      whenScheduled.run();
      return future;
    }
  }

  private static void awaitLatch(final CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

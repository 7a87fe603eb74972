package io.gatefork.service.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.util.buffer.BufferUtil;
import io.gatefork.broker.client.topology.TestTopologies;
import io.gatefork.service.RequestContext;
import io.gatefork.service.testing.FakeBrokerClient;
import io.gatefork.service.testing.FakeJobStreamClient;
import io.gatefork.service.testing.JobBatches;
import io.gatefork.service.testing.TestSettings;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.agrona.DirectBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class StreamedActivationsTest {
  private static final Duration LONG = Duration.ofSeconds(30);
  private static final Duration IDLE = Duration.ofSeconds(30);
  // most tests refuse a job nobody waits for at once; the hold has tests of its own
  private static final Duration NO_HOLD = Duration.ZERO;

  private final FakeBrokerClient broker =
      new FakeBrokerClient().topology(TestTopologies.singleBrokerLeading(2));
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final LongPollingJobs longPolling =
      new LongPollingJobs(broker, Runnable::run, TestSettings.longPolling());
  private StreamedActivations streams = streams(IDLE, NO_HOLD);

  private StreamedActivations streams(final Duration idle, final Duration hold) {
    return streams(idle, hold, StreamedActivations.MAX_STREAMS);
  }

  private StreamedActivations streams(
      final Duration idle, final Duration hold, final int maxStreams) {
    return new StreamedActivations(
        longPolling,
        broker.jobStreams(),
        Runnable::run,
        new RestActivationConfig(RestActivationMode.STREAM, idle, hold),
        registry,
        maxStreams);
  }

  private void holdFor(final Duration hold) {
    streams.close();
    streams = streams(IDLE, hold);
  }

  @AfterEach
  void close() {
    streams.close();
    longPolling.close();
    broker.close();
  }

  private static ActivateJobs activate(final String worker, final Duration wait) {
    return new ActivateJobs("payment", worker, 60_000, 5, List.of("amount"), List.of(), wait);
  }

  private CompletableFuture<List<ActivatedJob>> parked(final String worker) {
    final int before = streams.parkedRequests();
    final var future = streams.activate(RequestContext.create(), activate(worker, LONG));
    await().atMost(Duration.ofSeconds(5)).until(() -> streams.parkedRequests() == before + 1);
    return future;
  }

  private FakeJobStreamClient jobStreams() {
    return broker.jobStreams();
  }

  private CompletableFuture<Void> push(final long jobKey) {
    return jobStreams().added().getLast().push(payload(jobKey));
  }

  private int activations() {
    return broker.sent(ValueType.JOB_BATCH).size();
  }

  private double counter(final String name) {
    return registry.get(StreamedActivations.METER_PREFIX + name).counter().count();
  }

  @Test
  void opensTheStreamBeforeWalkingAndStillFetchesActivatableJobs() throws Exception {
    final var streamsWhenWalked = new AtomicInteger(-1);
    broker.respondWith(
        sent -> {
          streamsWhenWalked.compareAndSet(-1, jobStreams().added().size());
          return sent.partitionId() == 1 ? JobBatches.withJobs(sent, 7L) : JobBatches.empty(sent);
        });

    final var jobs =
        streams.activate(RequestContext.create(), activate("w", LONG)).get(5, TimeUnit.SECONDS);

    assertThat(jobs).extracting(ActivatedJob::key).containsExactly(7L);
    assertThat(streamsWhenWalked).hasValue(1);
    final var added = jobStreams().added().getFirst();
    assertThat(added.jobType()).isEqualTo("payment");
    assertThat(BufferUtil.bufferAsString(added.properties().worker())).isEqualTo("w");
    assertThat(added.properties().timeout()).isEqualTo(60_000L);
    assertThat(added.properties().tenantIds()).containsExactly("<default>");
    assertThat(added.properties().fetchVariables())
        .extracting(BufferUtil::bufferAsString)
        .containsExactly("amount");
  }

  @Test
  void requestsWithTheSamePropertiesShareOneStreamOthersGetTheirOwn() {
    broker.respondWith(JobBatches::empty);

    parked("w");
    parked("w");
    parked("other-worker");

    assertThat(jobStreams().added())
        .extracting(a -> BufferUtil.bufferAsString(a.properties().worker()))
        .containsExactly("w", "other-worker");
    assertThat(streams.openStreams()).isEqualTo(2);
  }

  @Test
  void aPushedJobAnswersTheOldestWaitingRequestAtOnce() throws Exception {
    broker.respondWith(JobBatches::empty);
    final var first = parked("w");
    final var second = parked("w");
    final var third = parked("w");

    push(11L).get(5, TimeUnit.SECONDS);

    assertThat(first).isCompleted();
    assertThat(first.join()).extracting(ActivatedJob::key).containsExactly(11L);
    assertThat(first.join().getFirst().variables().toJson()).isEqualTo("{\"amount\":11}");
    assertThat(second).isNotDone();
    assertThat(third).isNotDone();

    push(12L).get(5, TimeUnit.SECONDS);

    assertThat(second.join()).extracting(ActivatedJob::key).containsExactly(12L);
    assertThat(third).isNotDone();
    assertThat(counter("activations")).isEqualTo(2);
    assertThat(streams.parkedRequests()).isEqualTo(1);
    assertThat(longPolling.parkedRequests()).isEqualTo(1);
  }

  @Test
  void aJobPushedWhenNobodyWaitsIsRefusedSoTheBrokerYieldsIt() {
    broker.respondWith(JobBatches::empty);
    final var only = parked("w");
    only.cancel(false);

    final var refused = push(21L);

    assertThatThrownBy(() -> refused.get(5, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class);
    assertThat(only).isCancelled();
    assertThat(counter("handed.back")).isEqualTo(1);
    assertThat(counter("activations")).isZero();
  }

  @Test
  void aJobPushedWhileNobodyWaitsIsHeldAndAnswersTheNextRequestWithoutAWalk() throws Exception {
    holdFor(LONG);
    broker.respondWith(JobBatches::empty);
    parked("w").cancel(false);
    final int walked = activations();

    final var pushed = push(22L);
    assertThat(pushed).as("held, not refused").isNotDone();

    final var next =
        streams.activate(RequestContext.create(), activate("w", LONG)).get(5, TimeUnit.SECONDS);

    assertThat(next).extracting(ActivatedJob::key).containsExactly(22L);
    assertThat(activations()).as("no partition asked").isEqualTo(walked);
    pushed.get(5, TimeUnit.SECONDS);
    assertThat(counter("held")).isEqualTo(1);
    assertThat(counter("activations")).isEqualTo(1);
    assertThat(counter("handed.back")).isZero();
  }

  @Test
  void aHeldJobNobodyTakesIsRefusedAfterTheHoldTimeoutAndTheNextRequestWalks() {
    holdFor(Duration.ofMillis(200));
    broker.respondWith(JobBatches::empty);
    parked("w").cancel(false);
    parked("w").cancel(false);
    assertThat(activations()).as("the second skipped its walk").isEqualTo(2);

    final var pushed = push(23L);

    assertThatThrownBy(() -> pushed.get(5, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class);
    assertThat(counter("handed.back")).isEqualTo(1);
    parked("w");
    assertThat(activations()).as("walked after the refusal").isEqualTo(4);
  }

  @Test
  void aJobHeldWhileARequestWalkedAnswersThatRequestWhenItParks() throws Exception {
    holdFor(LONG);
    final var pushed = new java.util.concurrent.atomic.AtomicReference<CompletableFuture<Void>>();
    broker.respondWith(
        sent -> {
          // the stream is open, the request not yet waiting: the push is held
          if (pushed.get() == null) {
            pushed.set(push(24L));
          }
          return JobBatches.empty(sent);
        });

    final var answer =
        streams.activate(RequestContext.create(), activate("w", LONG)).get(5, TimeUnit.SECONDS);

    assertThat(answer).extracting(ActivatedJob::key).containsExactly(24L);
    pushed.get().get(5, TimeUnit.SECONDS);
    assertThat(streams.parkedRequests()).isZero();
  }

  @Test
  void heldJobsGoBackToTheBrokerWhenTheStreamsClose() {
    holdFor(LONG);
    broker.respondWith(JobBatches::empty);
    parked("w").cancel(false);
    final var pushed = push(25L);

    streams.close();

    assertThatThrownBy(() -> pushed.get(5, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class);
  }

  @Test
  void aJobForACallerThatHasGoneGoesToTheNextWaitingRequest() throws Exception {
    broker.respondWith(JobBatches::empty);
    final var gone = parked("w");
    final var present = parked("w");
    ((WatchesCaller) gone).watchCaller(() -> true);
    ((WatchesCaller) present).watchCaller(() -> false);

    push(31L).get(5, TimeUnit.SECONDS);

    assertThat(gone.join()).isEmpty();
    assertThat(present.join()).extracting(ActivatedJob::key).containsExactly(31L);
  }

  @Test
  void aJobForWhichOnlyGoneCallersWaitIsRefused() {
    broker.respondWith(JobBatches::empty);
    final var gone = parked("w");
    ((WatchesCaller) gone).watchCaller(() -> true);

    final var refused = push(32L);

    assertThatThrownBy(() -> refused.get(5, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class);
    assertThat(gone.join()).isEmpty();
    assertThat(counter("handed.back")).isEqualTo(1);
    assertThat(streams.parkedRequests()).isZero();
  }

  @Test
  void jobsAWalkFoundForACallerThatLeftDuringTheWalkAreYieldedBack() {
    final var available = new AtomicBoolean();
    final var left = new AtomicBoolean();
    broker.respondWith(
        sent -> {
          if (sent.valueType() != ValueType.JOB_BATCH) {
            return FakeBrokerClient.echo(sent, sent.request().key());
          }
          if (!available.get()) {
            return JobBatches.empty(sent);
          }
          left.set(true); // the caller leaves while the partition activates the job
          return JobBatches.withJobs(sent, 41L);
        });
    final var gone = parked("w");
    ((WatchesCaller) gone).watchCaller(left::get);

    available.set(true);
    broker.notifyJobsAvailable("payment");

    await().atMost(Duration.ofSeconds(5)).until(gone::isDone);
    assertThat(gone.join()).isEmpty();
    await().atMost(Duration.ofSeconds(5)).until(() -> broker.sent(ValueType.JOB).size() == 2);
    assertThat(broker.sent(ValueType.JOB))
        .allSatisfy(sent -> assertThat(sent.intent()).isEqualTo(JobIntent.YIELD))
        .extracting(sent -> sent.request().key())
        .containsOnly(41L);
  }

  @Test
  void aWokenRequestWhoseCallerHasGoneIsAnsweredWithoutAskingThePartitions() {
    broker.respondWith(JobBatches::empty);
    final var gone = parked("w");
    ((WatchesCaller) gone).watchCaller(() -> true);
    final int asked = activations();

    broker.notifyJobsAvailable("payment");

    await().atMost(Duration.ofSeconds(5)).until(gone::isDone);
    assertThat(gone.join()).isEmpty();
    assertThat(activations()).as("no partition asked for a caller that left").isEqualTo(asked);
  }

  @Test
  void afterAnEmptyWalkTheNextRequestWaitsWithoutAskingThePartitions() throws Exception {
    broker.respondWith(JobBatches::empty);
    final var first = parked("w");
    assertThat(activations()).isEqualTo(2);
    push(51L).get(5, TimeUnit.SECONDS);
    assertThat(first.join()).hasSize(1);

    final var second = parked("w");

    assertThat(activations()).as("no walk: new jobs are pushed").isEqualTo(2);
    assertThat(counter("walks.skipped")).isEqualTo(1);
    push(52L).get(5, TimeUnit.SECONDS);
    assertThat(second.join()).extracting(ActivatedJob::key).containsExactly(52L);
  }

  @Test
  void aNotificationOrARefusalMakesTheNextRequestWalkAgain() {
    broker.respondWith(JobBatches::empty);
    parked("w").cancel(false);
    assertThat(activations()).isEqualTo(2);

    broker.notifyJobsAvailable("payment");
    broker.flush();
    parked("w").cancel(false);
    assertThat(activations()).as("walked after the notification").isEqualTo(4);

    parked("w").cancel(false);
    assertThat(activations()).as("nothing new: skipped").isEqualTo(4);

    assertThatThrownBy(() -> push(61L).get(5, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class);
    parked("w");
    assertThat(activations()).as("walked after the refusal").isEqualTo(6);
  }

  @Test
  void aRequestThatTimesOutAnswersEmptyAndTheNextOneWalks() throws Exception {
    broker.respondWith(JobBatches::empty);
    final var expiring =
        streams.activate(RequestContext.create(), activate("w", Duration.ofMillis(200)));

    assertThat(expiring.get(5, TimeUnit.SECONDS)).isEmpty();
    assertThat(activations()).isEqualTo(2);

    parked("w");
    assertThat(activations()).as("an expired wait vouches for nothing").isEqualTo(4);
  }

  @Test
  void aWaitingRequestIsWokenByANotificationAsInLongPolling() throws Exception {
    final var available = new AtomicBoolean();
    broker.respondWith(
        sent -> available.get() ? JobBatches.withJobs(sent, 71L) : JobBatches.empty(sent));
    final var waiting = parked("w");

    available.set(true);
    broker.notifyJobsAvailable("payment");

    assertThat(waiting.get(5, TimeUnit.SECONDS)).extracting(ActivatedJob::key).contains(71L);
    assertThat(streams.parkedRequests()).isZero();
  }

  @Test
  void aStreamNobodyUsesIsClosedAfterTheIdleTimeoutAndOnlyThen() throws Exception {
    streams.close();
    final Duration idle = Duration.ofMillis(200);
    streams = streams(idle, NO_HOLD);
    broker.respondWith(JobBatches::empty);
    final var waiting = parked("w");

    // several idle timeouts while a request waits on it
    final Duration inUse = idle.multipliedBy(3);
    await("in use: stays open")
        .failFast("closed while a request waits on it", () -> !jobStreams().removed().isEmpty())
        .pollInSameThread()
        .during(inUse)
        .atMost(inUse.plusSeconds(1))
        .until(() -> jobStreams().removed().isEmpty());

    push(81L).get(5, TimeUnit.SECONDS);
    assertThat(waiting.join()).hasSize(1);

    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> jobStreams().removed().contains(jobStreams().added().getFirst().id()));
    assertThat(streams.openStreams()).isZero();

    parked("w");
    assertThat(jobStreams().added()).as("opened again on the next use").hasSize(2);
  }

  @Test
  void theTypesLongPollingEntryLastsAsLongAsItsStream() throws Exception {
    streams.close();
    final Duration idle = Duration.ofMillis(200);
    streams = streams(idle, NO_HOLD);
    broker.respondWith(JobBatches::empty);
    final var waiting = parked("w");
    push(82L).get(5, TimeUnit.SECONDS);
    assertThat(waiting.join()).hasSize(1);

    // no request in flight, the stream still open: its generation must stay the type's
    assertThat(longPolling.waitedTypes()).isEqualTo(1);
    await().atMost(Duration.ofSeconds(5)).until(() -> streams.openStreams() == 0);
    assertThat(longPolling.waitedTypes()).isZero();
  }

  @Test
  void beyondTheMostStreamsARequestLongPollsWithoutOne() throws Exception {
    streams.close();
    streams = streams(IDLE, NO_HOLD, 2);
    final var available = new java.util.concurrent.atomic.AtomicBoolean();
    broker.respondWith(
        sent ->
            available.get() && sent.partitionId() == 1
                ? JobBatches.withJobs(sent, 83L)
                : JobBatches.empty(sent));
    parked("w1");
    parked("w2");

    final var third = streams.activate(RequestContext.create(), activate("w3", LONG));
    await().atMost(Duration.ofSeconds(5)).until(() -> longPolling.parkedRequests() == 3);
    assertThat(streams.openStreams()).isEqualTo(2);
    assertThat(jobStreams().added()).hasSize(2);

    // still a long poll: a notification wakes it
    available.set(true);
    broker.notifyJobsAvailable("payment");
    assertThat(third.get(5, TimeUnit.SECONDS)).hasSize(1);
  }

  @Test
  void aRequestThatMayNotWaitNeedsNoStream() throws Exception {
    broker.respondWith(JobBatches::empty);

    assertThat(
            streams
                .activate(RequestContext.create(), activate("w", Duration.ofMillis(-1)))
                .get(5, TimeUnit.SECONDS))
        .isEmpty();
    assertThat(jobStreams().added()).isEmpty();
  }

  @Test
  void everyWaitingRequestIsAnsweredOnceWhateverComesFirst() throws Exception {
    broker.respondWith(JobBatches::empty);
    final var waiting = parked("w");
    final var pushes = new java.util.ArrayList<CompletableFuture<Void>>();

    // a push and the drain race for the same request: exactly one of them answers it
    final var racer = new Thread(() -> pushes.add(push(91L)));
    racer.start();
    longPolling.drain();
    racer.join();

    final var answer = waiting.get(5, TimeUnit.SECONDS);
    final var pushed = pushes.getFirst();
    await().atMost(Duration.ofSeconds(5)).until(pushed::isDone);
    if (pushed.isCompletedExceptionally()) {
      assertThat(answer).as("drained: the job went back").isEmpty();
    } else {
      assertThat(answer).extracting(ActivatedJob::key).containsExactly(91L);
    }
    assertThat(streams.parkedRequests()).isZero();
  }

  private static DirectBuffer payload(final long key) {
    return PushedJobs.payload(key, "payment", "w", "{\"amount\":" + key + "}");
  }
}

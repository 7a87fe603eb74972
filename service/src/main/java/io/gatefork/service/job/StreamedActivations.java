package io.gatefork.service.job;

import io.gatefork.broker.client.jobs.JobStreamClient;
import io.gatefork.service.RequestContext;
import io.gatefork.service.auth.Caller;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * REST job activation in {@code stream} mode: a request that may wait (long polling) is served from
 * a job stream the gateway holds on the brokers, one per job type and activation properties
 * (worker, timeout, fetched variables, tenants, the caller's claims), shared by every waiting
 * request with the same properties.
 *
 * <ul>
 *   <li>The stream is opened (or kept) before the request's first walk over the partitions, which
 *       still fetches jobs that are already activatable; a job created after the walk asked its
 *       partition is pushed.
 *   <li>A request that found nothing waits as in {@link LongPollingJobs}, and also in its stream's
 *       queue: a pushed job answers the oldest waiting request at once. A job pushed when nobody
 *       waits, or only callers that have gone, is held for the hold timeout and taken by the next
 *       request without a walk; not taken by then, it is refused: the broker yields it, activatable
 *       again at once. Job-available notifications still wake waiting requests (jobs yielded back,
 *       or created before the brokers knew the stream).
 *   <li>The walk is skipped when nothing of the type was announced or refused since a walk of the
 *       same stream found nothing on every partition ({@link RestJobStream#walkNeedless}): in
 *       steady state a job costs its push and no activation request.
 *   <li>A stream nobody used for the idle timeout is closed.
 * </ul>
 */
public final class StreamedActivations implements AutoCloseable {
  static final String METER_PREFIX = "gatefork.jobs.rest.stream.";

  /** Held jobs per stream at most: beyond, pushes nobody waits for are refused at once. */
  static final int MAX_HELD = 1024;

  private final LongPollingJobs longPolling;
  private final JobStreamClient streamClient;
  private final Executor executor;
  private final long idleNanos;
  private final long holdNanos;
  private final ConcurrentMap<Key, RestJobStream> streams = new ConcurrentHashMap<>();
  private final AtomicLong parkSequence = new AtomicLong();
  private final AtomicInteger parked = new AtomicInteger();
  private final ScheduledThreadPoolExecutor timers;
  private final Counter served;
  private final Counter handedBack;
  private final Counter walksSkipped;
  private final Counter held;

  /** What a stream is shared by: the job type and every activation property. */
  record Key(
      String type,
      String worker,
      long timeoutMillis,
      List<String> fetchVariables,
      List<String> tenantIds,
      Map<String, Object> claims) {}

  /**
   * @param longPolling where the requests wait, walk and are answered; closed by its owner
   * @param executor where pushes are handed out: the API executor
   * @param config its idle and hold timeouts
   */
  public StreamedActivations(
      final LongPollingJobs longPolling,
      final JobStreamClient streamClient,
      final Executor executor,
      final RestActivationConfig config,
      final MeterRegistry registry) {
    this.longPolling = Objects.requireNonNull(longPolling, "longPolling");
    this.streamClient = Objects.requireNonNull(streamClient, "streamClient");
    this.executor = Objects.requireNonNull(executor, "executor");
    final Duration idleTimeout = config.streamIdleTimeout();
    idleNanos = idleTimeout.toNanos();
    holdNanos = config.streamHoldTimeout().toNanos();
    served =
        Counter.builder(METER_PREFIX + "activations")
            .description("Pushed jobs REST job activations were answered with")
            .register(registry);
    handedBack =
        Counter.builder(METER_PREFIX + "handed.back")
            .description(
                "Jobs pushed for REST activations that went back to the broker: nobody was"
                    + " waiting or came within the hold timeout, or the caller had gone")
            .register(registry);
    held =
        Counter.builder(METER_PREFIX + "held")
            .description("Jobs pushed while no REST activation waited, held for the next one")
            .register(registry);
    walksSkipped =
        Counter.builder(METER_PREFIX + "walks.skipped")
            .description(
                "REST activations that waited for a push without asking the partitions first")
            .register(registry);
    Gauge.builder(METER_PREFIX + "parked", parked, AtomicInteger::get)
        .description("REST job activations waiting for a pushed job")
        .strongReference(true)
        .register(registry);
    Gauge.builder(METER_PREFIX + "streams", streams, Map::size)
        .description("Job streams the gateway holds for REST job activations")
        .strongReference(true)
        .register(registry);
    timers =
        new ScheduledThreadPoolExecutor(
            1, Thread.ofPlatform().name("gatefork-rest-job-streams").daemon().factory());
    // held jobs cancel their expiry when taken: do not keep them queued
    timers.setRemoveOnCancelPolicy(true);
    final long period = Math.clamp(idleTimeout.toMillis() / 2, 10, 1_000);
    timers.scheduleWithFixedDelay(this::closeIdle, period, period, TimeUnit.MILLISECONDS);
  }

  /** As {@link LongPollingJobs#activate}, waiting on a job stream when the request may wait. */
  public CompletableFuture<List<ActivatedJob>> activate(
      final RequestContext context, final ActivateJobs command) {
    return longPolling.activate(context, command, this);
  }

  /** The stream for these properties, opened when there is none; the caller must release it. */
  RestJobStream acquire(
      final String type,
      final ActivateJobs command,
      final List<String> tenantIds,
      final Caller caller) {
    final var key =
        new Key(
            type,
            command.worker() == null ? "" : command.worker(),
            command.timeoutMillis(),
            command.fetchVariables() == null ? List.of() : command.fetchVariables(),
            tenantIds,
            caller.brokerClaims());
    while (true) {
      final RestJobStream existing = streams.get(key);
      if (existing == null) {
        final var properties =
            BrokerJobStreamServices.toProperties(
                new StreamJobs(
                    type, key.worker(), key.timeoutMillis(), key.fetchVariables(), tenantIds),
                caller);
        final var created = new RestJobStream(this, longPolling, key);
        if (streams.putIfAbsent(key, created) == null) {
          created.open(properties);
          return created;
        }
      } else if (existing.tryAcquire()) {
        return existing;
      } else {
        streams.remove(key, existing); // closed meanwhile
      }
    }
  }

  private void closeIdle() {
    final long now = System.nanoTime();
    for (final RestJobStream stream : streams.values()) {
      if (stream.closeIfIdle(now, idleNanos)) {
        streams.remove(stream.key, stream);
        stream.close();
      }
    }
  }

  /** Job streams open now. */
  public int openStreams() {
    return streams.size();
  }

  /** Requests waiting on a stream now. */
  public int parkedRequests() {
    return parked.get();
  }

  JobStreamClient streamClient() {
    return streamClient;
  }

  Executor executor() {
    return executor;
  }

  long nextParkSequence() {
    return parkSequence.incrementAndGet();
  }

  void parkedOnStreams(final int delta) {
    parked.addAndGet(delta);
  }

  void servedFromStream(final int jobs) {
    served.increment(jobs);
  }

  long holdNanos() {
    return holdNanos;
  }

  int maxHeld() {
    return MAX_HELD;
  }

  void held() {
    held.increment();
  }

  /** Runs {@code task} on the streams' timer thread; null when closing. */
  ScheduledFuture<?> schedule(final Runnable task, final long delayNanos) {
    try {
      return timers.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
    } catch (final RejectedExecutionException e) {
      return null;
    }
  }

  void handedBack(final int count) {
    handedBack.increment(count);
  }

  void walkSkipped() {
    walksSkipped.increment();
  }

  /** Removes every stream from the brokers; waiting requests stay with long polling's drain. */
  @Override
  public void close() {
    timers.shutdownNow();
    for (final RestJobStream stream : streams.values()) {
      stream.close();
    }
    streams.clear();
  }
}

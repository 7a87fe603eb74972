package io.gatefork.service.job;

import io.gatefork.broker.client.jobs.JobStreamClient;
import io.gatefork.service.RequestContext;
import io.gatefork.service.auth.Caller;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * REST job activation in {@code stream} mode, activation's {@code stream} strategy: a request that
 * may wait (long polling) is served from a job stream the gateway holds on the brokers, one per job
 * type and activation properties (worker, timeout, fetched variables, tenants, the caller's
 * claims), shared by every waiting request with the same properties.
 *
 * <ul>
 *   <li>The stream is opened (or kept) before the request's first walk over the partitions, which
 *       still fetches jobs that are already activatable; a job created after the walk asked its
 *       partition is pushed.
 *   <li>A request that found nothing waits as in {@link LongPollingJobs}, and also in its stream's
 *       queue: a pushed job answers the oldest waiting request at once. A job pushed when nobody
 *       waits, or only callers that have gone, is held for the hold timeout and taken by the next
 *       request without a walk; not taken by then, it is refused: the broker yields it, activatable
 *       again at once (a periodic sweep gives back the held jobs whose hold timeout passed).
 *       Job-available notifications still wake waiting requests (jobs yielded back, or created
 *       before the brokers knew the stream).
 *   <li>The walk is skipped when nothing of the type was announced or refused since a walk of the
 *       same stream found nothing on every partition ({@link RestJobStream#skipsWalk}): in steady
 *       state a job costs its push and no activation request.
 *   <li>A stream nobody used for the idle timeout is closed.
 * </ul>
 */
public final class StreamedActivations implements JobActivation, AutoCloseable {
  static final String METER_PREFIX = StreamMetrics.PREFIX;

  /** Held jobs per stream at most: beyond, pushes nobody waits for are refused at once. */
  static final int MAX_HELD = 1024;

  /**
   * Streams open at most (each is registered on every broker and keyed by what the client sends):
   * beyond, a request long polls without one, as in {@code poll} mode.
   */
  static final int MAX_STREAMS = 1024;

  private final LongPollingJobs longPolling;
  private final JobStreamClient streamClient;
  private final Executor executor;
  private final long idleNanos;
  private final long holdNanos;
  private final ConcurrentMap<Key, RestJobStream> streams = new ConcurrentHashMap<>();
  private final StreamMetrics metrics;
  private final ScheduledThreadPoolExecutor timers;
  private final int maxStreams;

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
    this(longPolling, streamClient, executor, config, registry, MAX_STREAMS);
  }

  StreamedActivations(
      final LongPollingJobs longPolling,
      final JobStreamClient streamClient,
      final Executor executor,
      final RestActivationConfig config,
      final MeterRegistry registry,
      final int maxStreams) {
    this.maxStreams = maxStreams;
    this.longPolling = Objects.requireNonNull(longPolling, "longPolling");
    this.streamClient = Objects.requireNonNull(streamClient, "streamClient");
    this.executor = Objects.requireNonNull(executor, "executor");
    final Duration idleTimeout = config.streamIdleTimeout();
    idleNanos = idleTimeout.toNanos();
    final Duration holdTimeout = config.streamHoldTimeout();
    holdNanos = holdTimeout.toNanos();
    metrics = new StreamMetrics(registry, streams);
    timers =
        new ScheduledThreadPoolExecutor(
            1, Thread.ofPlatform().name("gatefork-rest-job-streams").daemon().factory());
    final long idlePeriod = Math.clamp(idleTimeout.toMillis() / 2, 10, 1_000);
    timers.scheduleWithFixedDelay(this::closeIdle, idlePeriod, idlePeriod, TimeUnit.MILLISECONDS);
    if (holdNanos > 0) {
      // one sweep for every held job: a job goes back a quarter of the hold timeout late at most
      final long sweepPeriod = Math.clamp(holdTimeout.toMillis() / 4, 1, 1_000);
      timers.scheduleWithFixedDelay(
          this::expireHeld, sweepPeriod, sweepPeriod, TimeUnit.MILLISECONDS);
    }
  }

  /** As {@link LongPollingJobs#activate}, waiting on a job stream when the request may wait. */
  @Override
  public CompletableFuture<List<ActivatedJob>> activate(
      final RequestContext context, final ActivateJobs command) {
    return longPolling.activate(context, command, this::acquire);
  }

  /**
   * The stream for these properties, opened when there is none; released when answered. None when
   * {@link #MAX_STREAMS} are open (checked before opening, so racing requests may pass it by a
   * few).
   */
  private PushSource acquire(
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
      RestJobStream stream = streams.get(key);
      if (stream == null) {
        if (streams.size() >= maxStreams) {
          return PushSource.NONE;
        }
        stream = streams.computeIfAbsent(key, k -> open(k, caller));
      }
      if (stream.tryAcquire()) {
        return stream;
      }
      streams.remove(key, stream); // closed meanwhile
    }
  }

  private RestJobStream open(final Key key, final Caller caller) {
    final var properties =
        BrokerJobStreamServices.toProperties(
            new StreamJobs(
                key.type(),
                key.worker(),
                key.timeoutMillis(),
                key.fetchVariables(),
                key.tenantIds()),
            caller);
    // the stream uses the type's waiters (their generation) for as long as it is open
    final var waiters = longPolling.waitersByType().acquire(key.type());
    try {
      return new RestJobStream(
          streamClient, properties, waiters, metrics, executor, holdNanos, MAX_HELD);
    } catch (final RuntimeException e) {
      longPolling.waitersByType().release(waiters);
      throw e;
    }
  }

  private void close(final RestJobStream stream) {
    stream.close();
    longPolling.waitersByType().release(stream.waiters);
  }

  private void closeIdle() {
    final long now = System.nanoTime();
    for (final Map.Entry<Key, RestJobStream> entry : streams.entrySet()) {
      final RestJobStream stream = entry.getValue();
      if (stream.closeIfIdle(now, idleNanos)) {
        streams.remove(entry.getKey(), stream);
        close(stream);
      }
    }
  }

  private void expireHeld() {
    final long now = System.nanoTime();
    for (final RestJobStream stream : streams.values()) {
      stream.expireHeld(now);
    }
  }

  /** Job streams open now. */
  public int openStreams() {
    return streams.size();
  }

  /** Requests waiting on a stream now. */
  public int parkedRequests() {
    return metrics.parked();
  }

  /** Removes every stream from the brokers; waiting requests stay with long polling's drain. */
  @Override
  public void close() {
    timers.shutdownNow();
    for (final RestJobStream stream : streams.values()) {
      close(stream);
    }
    streams.clear();
  }
}

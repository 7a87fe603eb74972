package io.gatefork.service.overload;

import com.netflix.concurrency.limits.limiter.AbstractLimiter;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * A concurrency limiter that bounds how long admitted requests wait and shares its limit among
 * callers.
 *
 * <p>With a maximum age, a request is admitted only while the requests already in flight have been
 * in flight for less than that on average, and it has itself waited less than a maximum wait (the
 * age unless set) before it asked (and always while fewer than a minimum are in flight): the queues
 * before and after admission are bounded in time, not in count, as CoDel bounds a queue's sojourn
 * time. The wait before admission is the gateway's own queue, pure delay, so it may be bounded
 * tighter than the time in flight, which includes the brokers'. The signal needs no answer to
 * arrive: at the start of a storm it stops admitting as soon as what was admitted has waited long
 * enough, not a latency later. Under a CPU quota's throttling every request ages by the stalls,
 * which are bounded by the CFS period (≤ 90 ms at Kubernetes' 100 ms); the age it allows must lie
 * well above that.
 *
 * <p>Callers: below the limit every request is admitted; at it (or above the age or the wait), a
 * request is still admitted while its caller sent fewer requests than the average active caller in
 * the last sweep's second — up to twice the limit in all, and while the caller's own requests in
 * flight (and this one's wait before it asked) are younger than twice the age on average — so the
 * caller that floods is the one shed, and a caller that sends less than the others keeps getting in
 * as long as its own requests are served in time: the flood's old requests do not shut it out.
 * Requests sent, not requests in flight: a polite caller's requests stay in flight as long as
 * everyone's when the gateway is slow, and a caller that resends every shed answer at once sends
 * many times what it has in flight. One caller alone has the whole limit.
 *
 * <p>With a {@link CpuHeadroom}, the limit is also kept at what the CPU quota allows while requests
 * are shed.
 *
 * <p>A caller is whatever key the edge gives (the remote address); a null key is one shared caller.
 * Callers seen in the last two seconds or with requests in flight are active (a new one at once);
 * the table is swept once a second and holds at most {@value #MAX_CALLERS} callers (more share one
 * entry).
 */
final class CallerFairLimiter extends AbstractLimiter<String> {
  static final int MAX_CALLERS = 4096;
  private static final long SWEEP_NANOS = TimeUnit.SECONDS.toNanos(1);

  /** Twice the sweep's period: a caller seen once is counted by at least one sweep. */
  private static final long ACTIVE_NANOS = 2 * SWEEP_NANOS;

  private static final long SEEN_RESOLUTION_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

  private final LongSupplier clock;
  private final long maxAgeNanos;
  private final long maxWaitNanos;
  private final int minInFlight;
  private final long base;
  private final CpuHeadroom headroom;
  private final LongAdder shed = new LongAdder();
  private final LongSupplier shedCount = shed::sum;

  /** The start times (from {@link #base}) of the requests in flight, added up. */
  private final AtomicLong startsInFlight = new AtomicLong();

  private final ConcurrentHashMap<String, Caller> callers = new ConcurrentHashMap<>();
  private final Caller shared;
  private final AtomicLong nextSweep = new AtomicLong();
  private volatile int activeCallers = 1;

  /** Requests sent by the active callers in the last sweep's interval. */
  private volatile long recentRequests;

  private CallerFairLimiter(final Builder builder) {
    super(builder);
    this.clock = builder.clock;
    this.maxAgeNanos = builder.maxAgeNanos;
    this.maxWaitNanos = builder.maxWaitNanos > 0 ? builder.maxWaitNanos : builder.maxAgeNanos;
    this.minInFlight = builder.minInFlight;
    this.headroom = builder.headroom;
    base = clock.getAsLong();
    nextSweep.set(base);
    shared = new Caller(base - ACTIVE_NANOS); // not active until it is used
  }

  static Builder newBuilder() {
    return new Builder();
  }

  @Override
  public Optional<Listener> acquire(final String key) {
    return acquire(key, 0);
  }

  /**
   * @param key the caller
   * @param waitedNanos how long the request waited before it asked: with a maximum age, one that
   *     waited longer than the maximum wait is late like an old queue (the wait before admission is
   *     a queue too)
   */
  Optional<Listener> acquire(final String key, final long waitedNanos) {
    final long now = clock.getAsLong();
    final Caller caller = caller(key, now);
    final int inFlight = getInflight();
    final int limit;
    if (headroom == null) {
      limit = getLimit();
    } else {
      headroom.sampleIfDue(now, inFlight, shedCount);
      limit = Math.min(getLimit(), headroom.cap());
    }
    final boolean young =
        maxAgeNanos == 0
            || (waitedNanos <= maxWaitNanos && averageAge(now, inFlight) <= maxAgeNanos);
    final int active = activeCallers;
    final boolean admitted =
        (inFlight < limit && (young || inFlight < minInFlight))
            || (active > 1
                && inFlight < 2 * limit
                && (long) caller.recentRequests * active < recentRequests
                && (maxAgeNanos == 0
                    || Math.max(waitedNanos, caller.averageAge(now - base)) <= 2 * maxAgeNanos));
    if (!admitted) {
      if (headroom != null) {
        shed.increment();
      }
      return createRejectedListener();
    }
    caller.inFlight.incrementAndGet();
    final long start = now - base;
    if (maxAgeNanos > 0) {
      startsInFlight.addAndGet(start);
      caller.startsInFlight.addAndGet(start);
    }
    return Optional.of(new CallerListener(createListener(), caller, start));
  }

  /** The most requests admitted in flight now: the limit, or the CPU's cap when lower. */
  int effectiveLimit() {
    return headroom == null ? getLimit() : Math.min(getLimit(), headroom.cap());
  }

  /** The share of its CPU quota the process used in the last sample; NaN without one. */
  double cpuUsed() {
    return headroom == null ? Double.NaN : headroom.used();
  }

  /** How long the requests in flight have been in flight, on average. */
  long averageAge(final long now, final int inFlight) {
    return inFlight <= 0 ? 0 : Math.max(0, now - base - startsInFlight.get() / inFlight);
  }

  /** {@link #averageAge} now, in seconds: a gauge. */
  double averageAgeSeconds() {
    return maxAgeNanos == 0 ? 0 : averageAge(clock.getAsLong(), getInflight()) / 1e9;
  }

  /** Callers active now (seen within two seconds or with requests in flight), at the last sweep. */
  int activeCallers() {
    return activeCallers;
  }

  private Caller caller(final String key, final long now) {
    Caller caller = key == null ? shared : callers.get(key);
    if (caller == null) {
      caller =
          callers.size() < MAX_CALLERS ? callers.computeIfAbsent(key, k -> newCaller(now)) : shared;
    }
    caller.requests.incrementAndGet();
    if (now - caller.lastSeen > SEEN_RESOLUTION_NANOS) {
      caller.lastSeen = now;
    }
    final long sweep = nextSweep.get();
    if (now - sweep >= 0 && nextSweep.compareAndSet(sweep, now + SWEEP_NANOS)) {
      sweep(now);
    }
    return caller;
  }

  /**
   * A caller not seen before: active at once (the next sweep counts again), and having sent nothing
   * in the last sweep's interval it is below the average until then — a caller that joins a flood
   * is not shed with it for a second.
   */
  private Caller newCaller(final long now) {
    activeCallers = activeCallers + 1;
    return new Caller(now);
  }

  /**
   * Forgets idle callers, counts the active ones (the shared entry counts when in use) and what
   * each sent since the last sweep.
   */
  private void sweep(final long now) {
    int active = 0;
    long requests = 0;
    if (isActive(shared, now)) {
      active++;
      requests += shared.sweep();
    }
    for (final var entry : callers.entrySet()) {
      final Caller caller = entry.getValue();
      if (isActive(caller, now)) {
        active++;
        requests += caller.sweep();
      } else {
        callers.remove(entry.getKey(), caller);
      }
    }
    activeCallers = Math.max(1, active);
    recentRequests = requests;
  }

  private static boolean isActive(final Caller caller, final long now) {
    return caller.inFlight.get() > 0 || now - caller.lastSeen < ACTIVE_NANOS;
  }

  private static final class Caller {
    final AtomicInteger inFlight = new AtomicInteger();
    final AtomicLong startsInFlight = new AtomicLong(); // with a maximum age
    final AtomicInteger requests = new AtomicInteger();
    volatile int recentRequests;
    volatile long lastSeen;

    Caller(final long now) {
      lastSeen = now;
    }

    /** How long this caller's requests in flight have been, on average; {@code sinceBase}: now. */
    long averageAge(final long sinceBase) {
      final int count = inFlight.get();
      return count <= 0 ? 0 : Math.max(0, sinceBase - startsInFlight.get() / count);
    }

    /** Starts a new interval: what was sent in the last one becomes the recent count. */
    int sweep() {
      final int sent = requests.getAndSet(0);
      recentRequests = sent;
      return sent;
    }
  }

  private final class CallerListener implements Listener {
    private final Listener delegate;
    private final Caller caller;
    private final long start;

    private CallerListener(final Listener delegate, final Caller caller, final long start) {
      this.delegate = delegate;
      this.caller = caller;
      this.start = start;
    }

    @Override
    public void onSuccess() {
      leave();
      delegate.onSuccess();
    }

    @Override
    public void onIgnore() {
      leave();
      delegate.onIgnore();
    }

    @Override
    public void onDropped() {
      leave();
      delegate.onDropped();
    }

    private void leave() {
      if (maxAgeNanos > 0) {
        startsInFlight.addAndGet(-start);
        caller.startsInFlight.addAndGet(-start);
      }
      caller.inFlight.decrementAndGet();
    }
  }

  static final class Builder extends AbstractLimiter.Builder<Builder> {
    private LongSupplier clock = System::nanoTime;
    private long maxAgeNanos;
    private long maxWaitNanos;
    private int minInFlight;
    private CpuHeadroom headroom;

    /**
     * Admit only while the requests in flight are younger than {@code maxAge} on average, or fewer
     * than {@code minInFlight}; zero: no such bound.
     */
    Builder maxAge(final Duration maxAge, final int minInFlight) {
      this.maxAgeNanos = maxAge.toNanos();
      this.minInFlight = minInFlight;
      return this;
    }

    /**
     * With {@link #maxAge}: admit only requests that waited at most {@code maxWait} before they
     * asked (below the minimum in flight, whatever they waited); unset or zero: the maximum age.
     */
    Builder maxWait(final Duration maxWait) {
      this.maxWaitNanos = maxWait.toNanos();
      return this;
    }

    /** Keep the limit at what the CPU quota allows while requests are shed. */
    Builder cpuHeadroom(final CpuHeadroom headroom) {
      this.headroom = headroom;
      return this;
    }

    @Override
    public Builder nanoClock(final LongSupplier clock) {
      this.clock = clock;
      return super.nanoClock(clock);
    }

    CallerFairLimiter build() {
      return new CallerFairLimiter(this);
    }

    @Override
    protected Builder self() {
      return this;
    }
  }
}

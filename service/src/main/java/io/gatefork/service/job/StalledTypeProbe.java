package io.gatefork.service.job;

import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Long polling's probe, as stock's gateway has one ({@code probeTimeout}): every interval, a job
 * type whose requests waited the whole interval without a job-available notification has one of
 * them walk the partitions again. A notification can be lost (a broker sends none to a gateway it
 * does not know yet); this bounds what that costs to one or two intervals (whole intervals are
 * counted, as in stock) instead of the requests' own timeouts. One task per interval over the types
 * waited for: nothing per request.
 *
 * @param unpark takes a request out of its parked set; true when the caller now owns it
 * @param walkAgain what a notification does with a request it took out, run on {@code executor}
 */
record StalledTypeProbe(
    WaitersByType waitersByType,
    Predicate<ActivationRequest> unpark,
    Consumer<ActivationRequest> walkAgain,
    Executor executor,
    Duration interval)
    implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(StalledTypeProbe.class);

  /** Runs every {@code interval} on {@code timer} until the timer is shut down. */
  void start(final ScheduledExecutorService timer) {
    final long every = interval.toNanos();
    timer.scheduleWithFixedDelay(this, every, every, TimeUnit.NANOSECONDS);
  }

  @Override
  public void run() {
    try {
      for (final JobTypeWaiters<ActivationRequest> waiters : waitersByType.all()) {
        if (waiters.parked.isEmpty()) {
          waiters.probeMark = JobTypeWaiters.NOT_WAITING;
        } else if (waiters.probeMark != waiters.generation()) {
          waiters.probeMark = waiters.generation(); // began waiting, or was notified, since
        } else {
          walkOne(waiters);
          waiters.probeMark = waiters.generation();
        }
      }
    } catch (final RuntimeException e) {
      // a periodic task that throws is never run again
      LOG.warn("Probing the partitions for waiting job activations failed", e);
    }
  }

  private void walkOne(final JobTypeWaiters<ActivationRequest> waiters) {
    for (final ActivationRequest request : waiters.parked) {
      if (unpark.test(request)) {
        LOG.debug(
            "No job-available notification for type '{}' in {}: asking the partitions again",
            waiters.type,
            interval);
        // counts as news: a stream-mode walk is not skipped as "nothing new since the last one"
        waiters.notified();
        executor.execute(() -> walkAgain.accept(request));
        return;
      }
    }
  }
}

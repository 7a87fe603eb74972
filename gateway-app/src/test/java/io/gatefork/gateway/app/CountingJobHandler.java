package io.gatefork.gateway.app;

import io.camunda.client.api.response.ActivatedJob;
import io.camunda.client.api.worker.JobClient;
import io.camunda.client.api.worker.JobHandler;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A job worker's handler for tests that must see every job handed to a worker exactly once: it
 * counts each job key it is given, optionally takes its time, and completes the job. One instance
 * may serve several workers.
 */
public final class CountingJobHandler implements JobHandler {
  private final Map<Long, AtomicInteger> handled = new ConcurrentHashMap<>();

  /** What makes the worker slow, when it is not zero: the time it takes per job. */
  private final Duration timePerJob;

  public CountingJobHandler() {
    this(Duration.ZERO);
  }

  /** A slow worker: the handler takes this long over each job before it completes it. */
  public CountingJobHandler(final Duration timePerJob) {
    this.timePerJob = timePerJob;
  }

  @Override
  public void handle(final JobClient client, final ActivatedJob job) throws Exception {
    handled.computeIfAbsent(job.getKey(), k -> new AtomicInteger()).incrementAndGet();
    if (!timePerJob.isZero()) {
      Thread.sleep(timePerJob); // the work a slow worker does
    }
    client.newCompleteCommand(job).send().join();
  }

  /** How often each job key reached a worker with this handler. */
  public Map<Long, AtomicInteger> handled() {
    return handled;
  }
}

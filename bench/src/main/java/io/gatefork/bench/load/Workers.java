package io.gatefork.bench.load;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.client.api.worker.JobClient;
import io.camunda.client.api.worker.JobWorker;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Job workers modelled on the upstream benchmark worker: activate (polling), "work" for a fixed
 * delay, then complete asynchronously. The delay does not hold one of the client's worker threads
 * (upstream delays the completion command instead of sleeping), but at most {@code maxJobsActive}
 * jobs are between activation and acknowledged completion: when that many are open, the handler
 * waits. The instance's end-to-end latency runs from the create call (its {@code sentAt} variable,
 * this JVM's nano clock) to the acknowledged completion of its last task.
 */
public final class Workers implements AutoCloseable {
  public static final String SENT_AT = "sentAt";
  private static final long PERMIT_WAIT_SECONDS = 30;

  private final JobWorker worker;
  private final ScheduledExecutorService completer;

  private Workers(final JobWorker worker, final ScheduledExecutorService completer) {
    this.worker = worker;
    this.completer = completer;
  }

  public static Workers open(
      final CamundaClient client,
      final BenchProcess process,
      final LoadRecorder recorder,
      final Duration workDelay,
      final int maxJobsActive,
      final Duration pollInterval,
      final Duration requestTimeout,
      final boolean streaming) {
    final ScheduledExecutorService completer =
        Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "gatefork-bench-completer"));
    final Semaphore open = new Semaphore(maxJobsActive);
    final JobWorker worker =
        client
            .newWorker()
            .jobType(process.jobType())
            .handler(
                (jobClient, job) -> {
                  if (!open.tryAcquire(PERMIT_WAIT_SECONDS, TimeUnit.SECONDS)) {
                    return; // the job times out on the broker and is activated again
                  }
                  completer.schedule(
                      () -> complete(jobClient, job, process, recorder, requestTimeout, open),
                      workDelay.toNanos(),
                      TimeUnit.NANOSECONDS);
                })
            .name("gatefork-bench")
            .maxJobsActive(maxJobsActive)
            .timeout(Duration.ofSeconds(60))
            .pollInterval(pollInterval)
            .fetchVariables(SENT_AT)
            .streamEnabled(streaming)
            .open();
    return new Workers(worker, completer);
  }

  private static void complete(
      final JobClient jobClient,
      final ActivatedJob job,
      final BenchProcess process,
      final LoadRecorder recorder,
      final Duration requestTimeout,
      final Semaphore open) {
    final long started = System.nanoTime();
    final boolean measured = recorder.inWindow(started);
    if (measured) {
      recorder.completesSent.increment();
    }
    try {
      jobClient
          .newCompleteCommand(job.getKey())
          .requestTimeout(requestTimeout)
          .send()
          .whenComplete(
              (ok, failure) -> {
                open.release();
                if (failure != null) {
                  recorder.completeError(started, failure);
                } else {
                  completed(job, process, recorder, started, measured);
                }
              });
    } catch (final RuntimeException e) {
      open.release();
      recorder.completeError(started, e);
    }
  }

  private static void completed(
      final ActivatedJob job,
      final BenchProcess process,
      final LoadRecorder recorder,
      final long started,
      final boolean measured) {
    final long done = System.nanoTime();
    if (measured) {
      recorder.complete.record(done - started);
    }
    if (job.getElementId().equals(process.lastTaskId())) {
      recorder.completedTotal.increment();
      if (recorder.inWindow(done)) {
        recorder.completedInWindow.increment();
      }
      final Object sentAt = job.getVariable(SENT_AT);
      if (sentAt instanceof Number number && recorder.inWindow(number.longValue())) {
        recorder.endToEnd.record(done - number.longValue());
      }
    }
  }

  @Override
  public void close() {
    worker.close();
    completer.shutdownNow();
    try {
      completer.awaitTermination(5, TimeUnit.SECONDS);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

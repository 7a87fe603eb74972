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
 *
 * <p>With {@code retryCompletions}, a completion the client saw fail is sent again after 1, 2, 4
 * and 8 s (the job stays open meanwhile), as a worker that must not drop its work would; a retry
 * answered "not found" means an earlier attempt had completed the job after all, and counts as its
 * completion ({@link LoadRecorder#completionsFoundGone}). Without, a failed completion is counted
 * and the job comes back after its timeout on the broker (60 s).
 */
public final class Workers implements AutoCloseable {
  public static final String SENT_AT = "sentAt";
  private static final long PERMIT_WAIT_SECONDS = 30;
  private static final int COMPLETION_RETRIES = 4;

  /**
   * How long a job activated for these workers stays theirs before the broker hands it out again.
   */
  public static final Duration JOB_TIMEOUT = Duration.ofSeconds(60);

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
      final boolean streaming,
      final boolean retryCompletions) {
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
                  final var attempt =
                      new Completion(
                          jobClient,
                          job,
                          process,
                          recorder,
                          requestTimeout,
                          open,
                          completer,
                          retryCompletions ? COMPLETION_RETRIES : 0);
                  completer.schedule(attempt::send, workDelay.toNanos(), TimeUnit.NANOSECONDS);
                })
            .name("gatefork-bench")
            .maxJobsActive(maxJobsActive)
            .timeout(JOB_TIMEOUT)
            .pollInterval(pollInterval)
            .fetchVariables(SENT_AT)
            .streamEnabled(streaming)
            .open();
    return new Workers(worker, completer);
  }

  /** One job's completion, sent again after a failure while retries are left. */
  private static final class Completion {
    private final JobClient jobClient;
    private final ActivatedJob job;
    private final BenchProcess process;
    private final LoadRecorder recorder;
    private final Duration requestTimeout;
    private final Semaphore open;
    private final ScheduledExecutorService completer;
    private final int retries;
    private int attempt;

    Completion(
        final JobClient jobClient,
        final ActivatedJob job,
        final BenchProcess process,
        final LoadRecorder recorder,
        final Duration requestTimeout,
        final Semaphore open,
        final ScheduledExecutorService completer,
        final int retries) {
      this.jobClient = jobClient;
      this.job = job;
      this.process = process;
      this.recorder = recorder;
      this.requestTimeout = requestTimeout;
      this.open = open;
      this.completer = completer;
      this.retries = retries;
    }

    void send() {
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
                  if (failure == null) {
                    open.release();
                    completed(job, process, recorder, started, measured);
                  } else {
                    failed(started, failure);
                  }
                });
      } catch (final RuntimeException e) {
        failed(started, e);
      }
    }

    private void failed(final long started, final Throwable failure) {
      recorder.completeError(started, failure);
      if (attempt > 0 && AnswerKind.notFound(ErrorClassifier.classify(failure))) {
        // an earlier attempt the client saw fail had completed the job
        open.release();
        recorder.completionsFoundGone.increment();
        completed(job, process, recorder, started, false);
        return;
      }
      if (attempt >= retries) {
        open.release(); // the job comes back after its timeout on the broker
        return;
      }
      final long backoffSeconds = 1L << attempt;
      attempt++;
      try {
        completer.schedule(this::send, backoffSeconds, TimeUnit.SECONDS);
      } catch (final java.util.concurrent.RejectedExecutionException closed) {
        open.release();
      }
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
      recorder.instanceCompleted(job.getProcessInstanceKey());
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

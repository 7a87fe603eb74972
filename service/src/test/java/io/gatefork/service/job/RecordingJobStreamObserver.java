package io.gatefork.service.job;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A job stream's client as the service sees it: records the jobs handed to it and their threads.
 */
final class RecordingJobStreamObserver implements JobStreamObserver {
  final Queue<ActivatedJob> jobs = new ConcurrentLinkedQueue<>();
  final Queue<String> threads = new ConcurrentLinkedQueue<>();
  volatile boolean ready = true;
  volatile RuntimeException failure; // thrown when a job is handed to it

  @Override
  public boolean isReady() {
    return ready;
  }

  @Override
  public void onJob(final ActivatedJob job) {
    threads.add(Thread.currentThread().getName());
    if (failure != null) {
      throw failure;
    }
    jobs.add(job);
  }
}

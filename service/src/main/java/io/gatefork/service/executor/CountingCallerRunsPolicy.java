package io.gatefork.service.executor;

import java.util.concurrent.RejectedExecutionHandler;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.atomic.LongAdder;

/**
 * Backpressure of the dedicated pool: when every thread is busy and the queue is full, the
 * submitting thread (a transport or server thread) handles the response itself, which slows down
 * intake instead of dropping work. Each such event is counted so that dashboards show how often the
 * pool was saturated.
 *
 * <p>Unlike {@link ThreadPoolExecutor.CallerRunsPolicy} the task also runs after shutdown: a
 * dropped task would leave a client request open forever.
 */
final class CountingCallerRunsPolicy implements RejectedExecutionHandler {
  private final LongAdder callerRuns = new LongAdder();

  @Override
  public void rejectedExecution(final Runnable task, final ThreadPoolExecutor executor) {
    callerRuns.increment();
    task.run();
  }

  long callerRuns() {
    return callerRuns.sum();
  }
}

package io.gatefork.service.testing;

import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;

/** Counts the tasks handed to it (hops) and runs them on a delegate. */
public final class CountingExecutor implements Executor {
  private final Executor delegate;
  private final AtomicInteger submissions = new AtomicInteger();

  public CountingExecutor(final Executor delegate) {
    this.delegate = delegate;
  }

  @Override
  public void execute(final Runnable task) {
    submissions.incrementAndGet();
    delegate.execute(task);
  }

  public int submissions() {
    return submissions.get();
  }
}

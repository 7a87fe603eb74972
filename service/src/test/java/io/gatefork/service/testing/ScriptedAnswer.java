package io.gatefork.service.testing;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/**
 * One faked service method: records each call's arguments and answers with the scripted future (by
 * default a future that never completes, so a test that forgets to script fails visibly).
 */
public final class ScriptedAnswer<A, T> {
  private final List<A> calls = new CopyOnWriteArrayList<>();
  private volatile Supplier<CompletableFuture<T>> next = CompletableFuture::new;
  private volatile String lastCallerThread;

  public CompletableFuture<T> answer(final A arguments) {
    lastCallerThread = Thread.currentThread().getName();
    calls.add(arguments);
    return next.get();
  }

  public void succeedWith(final T value) {
    next = () -> CompletableFuture.completedFuture(value);
  }

  public void failWith(final Throwable failure) {
    next = () -> CompletableFuture.failedFuture(failure);
  }

  /** Every call gets this same future, for tests that complete it later. */
  public void answerWith(final CompletableFuture<T> future) {
    next = () -> future;
  }

  /** The service method itself throws instead of returning a future. */
  public void throwOnCall(final RuntimeException failure) {
    next =
        () -> {
          throw failure;
        };
  }

  public int count() {
    return calls.size();
  }

  public A lastCall() {
    if (calls.isEmpty()) {
      throw new AssertionError("the service method was not called");
    }
    return calls.getLast();
  }

  /** The name of the thread that made the last call. */
  public String lastCallerThread() {
    if (calls.isEmpty()) {
      throw new AssertionError("the service method was not called");
    }
    return lastCallerThread;
  }

  void reset() {
    lastCallerThread = null;
    calls.clear();
    next = CompletableFuture::new;
  }
}

package io.gatefork.service.job;

import io.gatefork.service.error.ServiceException;
import java.util.concurrent.CompletableFuture;

/** A job stream opened by {@link JobStreamServices#open}: jobs flow until it is closed. */
public interface OpenJobStream {

  /**
   * Completes once the stream is registered; fails with a {@link ServiceException} on bad input
   * (INVALID_ARGUMENT, nothing was registered) or when the gateway cannot take streams now
   * (UNAVAILABLE).
   */
  CompletableFuture<Void> registered();

  /**
   * Ends the stream: it is removed from every broker, and jobs pushed meanwhile are refused (and
   * yielded). Idempotent; any thread; also before registration has completed.
   */
  void close();

  /** A stream that never opened, e.g. because its input was invalid. */
  static OpenJobStream failed(final ServiceException failure) {
    final CompletableFuture<Void> registered = CompletableFuture.failedFuture(failure);
    return new OpenJobStream() {
      @Override
      public CompletableFuture<Void> registered() {
        return registered;
      }

      @Override
      public void close() {}
    };
  }
}

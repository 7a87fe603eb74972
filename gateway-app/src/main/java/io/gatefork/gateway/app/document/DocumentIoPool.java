package io.gatefork.gateway.app.document;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The document I/O threads: fixed size, bounded queue, rejecting when full. Not an {@code Executor}
 * bean on purpose: one would make Spring Boot back off its own task executor.
 */
public final class DocumentIoPool implements AutoCloseable {
  private final ThreadPoolExecutor executor;

  public DocumentIoPool(final int threads, final int queueCapacity) {
    executor =
        new ThreadPoolExecutor(
            threads,
            threads,
            60,
            TimeUnit.SECONDS,
            new ArrayBlockingQueue<>(queueCapacity),
            Thread.ofPlatform().name("gatefork-document-io-", 1).daemon().factory(),
            new ThreadPoolExecutor.AbortPolicy());
  }

  public ExecutorService executor() {
    return executor;
  }

  @Override
  public void close() {
    executor.shutdown();
  }
}

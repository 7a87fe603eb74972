package io.gatefork.gateway.grpc.server;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/** Builds the bounded executor of {@link GrpcExecutorMode#POOLED}. */
final class GrpcExecutors {

  private GrpcExecutors() {}

  /**
   * Fixed size, bounded queue, caller-runs: when the queue is full the Netty event loop runs the
   * handler itself. Rejecting instead would make grpc-java fail the stream from inside the
   * transport; caller-runs degrades to {@link GrpcExecutorMode#DIRECT}, which is safe because the
   * handlers never block.
   */
  static ThreadPoolExecutor pooled(final int threads, final int queueCapacity) {
    final var executor =
        new ThreadPoolExecutor(
            threads,
            threads,
            60,
            TimeUnit.SECONDS,
            new ArrayBlockingQueue<>(queueCapacity),
            Thread.ofPlatform().name("grpc-executor-", 1).daemon().factory(),
            new ThreadPoolExecutor.CallerRunsPolicy());
    executor.allowCoreThreadTimeOut(true);
    return executor;
  }
}

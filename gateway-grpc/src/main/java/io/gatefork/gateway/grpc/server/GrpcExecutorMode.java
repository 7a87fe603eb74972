package io.gatefork.gateway.grpc.server;

/**
 * Where grpc-java runs call handlers (message parsing, interceptors, the endpoint method).
 *
 * <p>grpc-java's default is an unbounded cached thread pool: under overload it grows a thread per
 * concurrent call and the 2-CPU pod drowns in context switches. Our handlers never block — they
 * validate, map, and hand off to an asynchronous service; the response is written from the API
 * executor that completes the service future — so they can run where the bytes arrived.
 */
public enum GrpcExecutorMode {
  /**
   * Default: handlers run on the Netty event loop that read the request. No thread hop and no queue
   * between socket and service; the event loop does only parsing, validation and the hand-off (plus
   * the service's request encoding).
   */
  DIRECT,
  /**
   * Handlers run on a bounded pool ({@code poolThreads}, queue {@code poolQueueCapacity}). When the
   * queue is full the event loop runs the handler itself (caller-runs), so overload degrades to
   * {@link #DIRECT} instead of failing calls. For A/B measurements against {@link #DIRECT}.
   */
  POOLED
}

package io.gatefork.service.testing;

import io.gatefork.service.RequestContext;
import io.gatefork.service.job.JobStreamObserver;
import io.gatefork.service.job.JobStreamServices;
import io.gatefork.service.job.OpenJobStream;
import io.gatefork.service.job.StreamJobs;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Job streams as a {@link ScriptedAnswer}: {@link #open} records each opening (with the observer,
 * to push jobs into as the service would) and scripts the stream's registration. The stream is
 * handed over at once, whatever the delivery: registration is not an API-executor answer.
 */
public final class FakeJobStreamServices implements JobStreamServices {
  /** The registration of each opened stream: succeed it, fail it, or leave it pending. */
  public final ScriptedAnswer<Open, Void> open = new ScriptedAnswer<>();

  private final List<FakeJobStream> streams = new CopyOnWriteArrayList<>();

  public record Open(RequestContext context, StreamJobs command, JobStreamObserver observer) {}

  @Override
  public OpenJobStream open(
      final RequestContext context, final StreamJobs command, final JobStreamObserver observer) {
    final var stream = new FakeJobStream();
    streams.add(stream);
    open.answer(new Open(context, command, observer))
        .whenComplete(
            (ignored, failure) -> {
              if (failure != null) {
                stream.registered.completeExceptionally(failure);
              } else {
                stream.registered.complete(null);
              }
            });
    return stream;
  }

  /** The stream opened last. */
  public FakeJobStream lastStream() {
    if (streams.isEmpty()) {
      throw new AssertionError("no job stream was opened");
    }
    return streams.getLast();
  }

  int calls() {
    return open.count();
  }

  void reset() {
    open.reset();
    streams.clear();
  }

  /** An opened stream: registered as scripted, counting how often it was closed. */
  public static final class FakeJobStream implements OpenJobStream {
    public final AtomicInteger closed = new AtomicInteger();
    private final CompletableFuture<Void> registered = new CompletableFuture<>();

    @Override
    public CompletableFuture<Void> registered() {
      return registered;
    }

    @Override
    public void close() {
      closed.incrementAndGet();
    }
  }
}

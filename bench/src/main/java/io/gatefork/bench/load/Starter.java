package io.gatefork.bench.load;

import io.camunda.client.CamundaClient;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Creates process instances at a fixed rate (the upstream benchmark starter's job). Asynchronous: a
 * slow gateway does not slow the schedule down, it piles up in-flight calls, up to {@code
 * maxInFlight}; creates beyond that are skipped and counted. At most one second of backlog is
 * caught up after a stall, so a pause does not turn into a burst. A failed create is counted, not
 * retried: only the client's own HTTP layer retries (Apache HttpClient 5 resends a REST create that
 * got a 503 once, after its {@code Retry-After}); gRPC creates are not retried (the client's
 * default retry policy is off).
 */
public final class Starter implements Runnable {
  private final CamundaClient client;
  private final BenchProcess process;
  private final double rate;
  private final LoadRecorder recorder;
  private final Duration requestTimeout;
  private final int maxInFlight;
  private final long deadlineNanos;
  private volatile boolean stopped;

  public Starter(
      final CamundaClient client,
      final BenchProcess process,
      final double rate,
      final LoadRecorder recorder,
      final Duration requestTimeout,
      final int maxInFlight,
      final Duration maxRun) {
    this.client = client;
    this.process = process;
    this.rate = rate;
    this.recorder = recorder;
    this.requestTimeout = requestTimeout;
    this.maxInFlight = maxInFlight;
    this.deadlineNanos = System.nanoTime() + maxRun.toNanos();
  }

  public void stop() {
    stopped = true;
  }

  @Override
  public void run() {
    final long start = System.nanoTime();
    final long backlogLimit = Math.max(1, (long) rate);
    long sent = 0;
    while (!stopped && !Thread.currentThread().isInterrupted()) {
      final long now = System.nanoTime();
      if (now >= deadlineNanos) {
        return;
      }
      final long due = (long) ((now - start) * rate / 1e9) + 1;
      if (due - sent > backlogLimit) {
        skip(now, due - sent - backlogLimit);
        sent = due - backlogLimit;
      }
      while (sent < due && !stopped) {
        if (recorder.inFlight.get() >= maxInFlight) {
          skip(now, 1);
        } else {
          send();
        }
        sent++;
      }
      final long next = start + (long) (sent * 1e9 / rate);
      LockSupport.parkNanos(
          Math.max(10_000L, Math.min(next - System.nanoTime(), TimeUnit.MILLISECONDS.toNanos(50))));
    }
  }

  private void skip(final long now, final long count) {
    if (recorder.inWindow(now)) {
      recorder.skipped.add(count);
    }
  }

  private void send() {
    final long started = System.nanoTime();
    final boolean measured = recorder.inWindow(started);
    recorder.inFlight.incrementAndGet();
    recorder.sentTotal.increment();
    if (measured) {
      recorder.createsSent.increment();
      recorder.windowInFlight.incrementAndGet();
    }
    try {
      client
          .newCreateInstanceCommand()
          .bpmnProcessId(process.processId())
          .latestVersion()
          .variables(Map.of(Workers.SENT_AT, started))
          .requestTimeout(requestTimeout)
          .send()
          .whenComplete(
              (event, failure) -> {
                final long done = System.nanoTime();
                recorder.inFlight.decrementAndGet();
                if (measured) {
                  recorder.windowInFlight.decrementAndGet();
                }
                if (failure != null) {
                  recorder.createError(started, done, failure);
                  return;
                }
                recorder.acknowledged(event.getProcessInstanceKey());
                recorder.createdTotal.increment();
                if (measured) {
                  recorder.createOkInWindow.increment();
                  recorder.create.record(done - started);
                }
                if (recorder.inWindow(done)) {
                  recorder.createdInWindow.increment();
                }
              });
    } catch (final RuntimeException e) {
      recorder.inFlight.decrementAndGet();
      if (measured) {
        recorder.windowInFlight.decrementAndGet();
      }
      recorder.createError(started, e);
    }
  }
}

package io.gatefork.qa.support;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.client.api.worker.JobClient;
import io.camunda.client.api.worker.JobWorker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A steady background load through the official client: instance creations at a fixed rate over
 * REST and over gRPC (each with a unique {@code rid} variable); each instance's first job is taken
 * by a streaming gRPC worker, its second by a polling REST worker. Every outcome is kept, to be
 * held against what the brokers' journals say they did. Bounded: at most {@link #MAX_CREATES}
 * creations, {@link #IN_FLIGHT} outstanding per API (a tick finding none free is skipped, not
 * queued).
 */
public final class Workload implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Workload.class);
  public static final int MAX_CREATES = 20_000;
  private static final int IN_FLIGHT = 16;

  /** One creation: its client's answer, an instance key or the failure. */
  public record Create(
      String rid,
      String api,
      long startedNanos,
      long endedNanos,
      long instanceKey,
      Throwable error) {
    public boolean ok() {
      return error == null;
    }
  }

  /** A job completion that failed: the job ("rid/task"), when (System.nanoTime) and the error. */
  public record FailedCompletion(String job, long atNanos, Throwable error) {}

  private final CamundaClient rest;
  private final CamundaClient grpc;
  private final String processId;

  private final ScheduledExecutorService ticker = Executors.newScheduledThreadPool(2);
  private final ConcurrentLinkedQueue<Create> creates = new ConcurrentLinkedQueue<>();

  /** Per job, by its instance's rid and its task: a broker restarted empty reuses job keys. */
  private final Map<String, AtomicInteger> handled = new ConcurrentHashMap<>();

  /** When (System.nanoTime) a worker was first handed each job, named as {@link #handled}. */
  private final Map<String, Long> handledAt = new ConcurrentHashMap<>();

  /** When the completion of each job was acknowledged, named as {@link #handled}. */
  private final Map<String, Long> completedAt = new ConcurrentHashMap<>();

  /** Jobs whose completion the client saw fail, named as {@link #handled} names them: when. */
  private final Queue<FailedCompletion> completeFailed = new ConcurrentLinkedQueue<>();

  private final AtomicLong sequence = new AtomicLong();
  private final AtomicBoolean stopped = new AtomicBoolean();
  private final List<JobWorker> workers = new ArrayList<>();
  private final Map<String, Semaphore> slots =
      Map.of("rest", new Semaphore(IN_FLIGHT), "grpc", new Semaphore(IN_FLIGHT));

  /** Creates instances of {@code processId}, a {@link Processes#streamedThenPolled} model. */
  public Workload(final GatewayService service, final String processId) {
    this.rest = service.client(true);
    this.grpc = service.client(false);
    this.processId = processId;
  }

  /** Starts the workers and {@code perSecond} creations per second on each API. */
  public Workload start(final int perSecond) {
    workers.add(
        grpc.newWorker()
            .jobType(Processes.streamedJobType(processId))
            .handler(this::complete)
            .name("qa-streaming")
            .timeout(Duration.ofMinutes(10))
            .streamEnabled(true)
            .open());
    workers.add(
        rest.newWorker()
            .jobType(Processes.polledJobType(processId))
            .handler(this::complete)
            .name("qa-polling")
            .timeout(Duration.ofMinutes(10))
            .streamEnabled(false)
            .pollInterval(Duration.ofMillis(200))
            .open());
    final long period = 1_000_000 / perSecond;
    ticker.scheduleAtFixedRate(() -> create(rest, "rest"), 0, period, TimeUnit.MICROSECONDS);
    ticker.scheduleAtFixedRate(
        () -> create(grpc, "grpc"), period / 2, period, TimeUnit.MICROSECONDS);
    return this;
  }

  private void create(final CamundaClient client, final String api) {
    final Semaphore free = slots.get(api);
    if (sequence.get() >= MAX_CREATES || !free.tryAcquire()) {
      return;
    }
    final String rid = api + "-" + sequence.incrementAndGet();
    final long start = System.nanoTime();
    client
        .newCreateInstanceCommand()
        .bpmnProcessId(processId)
        .latestVersion()
        .variables(Map.of("rid", rid))
        .send()
        .whenComplete(
            (instance, error) -> {
              creates.add(
                  new Create(
                      rid,
                      api,
                      start,
                      System.nanoTime(),
                      error == null ? instance.getProcessInstanceKey() : -1,
                      error));
              free.release();
            });
  }

  private void complete(final JobClient client, final ActivatedJob job) {
    final String name = job.getVariable("rid") + "/" + job.getElementId();
    handled.computeIfAbsent(name, key -> new AtomicInteger()).incrementAndGet();
    handledAt.putIfAbsent(name, System.nanoTime());
    try {
      client.newCompleteCommand(job).send().join();
      completedAt.putIfAbsent(name, System.nanoTime());
    } catch (final RuntimeException e) {
      completeFailed.add(new FailedCompletion(name, System.nanoTime(), e));
      LOG.info("completion of {} (job {}) failed: {}", name, job.getKey(), e.toString());
    }
  }

  /** Every creation answered so far. */
  public List<Create> creates() {
    return List.copyOf(creates);
  }

  /** Creations answered that were started in [from, to) (System.nanoTime). */
  public List<Create> createsStartedBetween(final long from, final long to) {
    return creates.stream().filter(c -> c.startedNanos() >= from && c.startedNanos() < to).toList();
  }

  /**
   * How long the jobs of these (acknowledged) creations waited for a worker: the streamed job from
   * the creation's answer to its handler, the polled job from the streamed job's acknowledged
   * completion to its handler. A job not handled yet counts as waiting until now.
   */
  public JobDelays jobDelays(final List<Create> of) {
    final long now = System.nanoTime();
    final List<Long> streamed = new ArrayList<>();
    final List<Long> polled = new ArrayList<>();
    int waiting = 0;
    long longest = -1;
    Create slowest = null;
    for (final Create create : of) {
      if (!create.ok()) {
        continue;
      }
      final Long first = handledAt.get(create.rid() + "/streamed");
      final Long firstDone = completedAt.get(create.rid() + "/streamed");
      final Long second = handledAt.get(create.rid() + "/polled");
      waiting += (first == null ? 1 : 0) + (second == null ? 1 : 0);
      final long streamedWait = (first == null ? now : first) - create.endedNanos();
      streamed.add(TimeUnit.NANOSECONDS.toMillis(streamedWait));
      if (streamedWait > longest) {
        longest = streamedWait;
        slowest = create;
      }
      if (firstDone != null) {
        polled.add(TimeUnit.NANOSECONDS.toMillis((second == null ? now : second) - firstDone));
      }
    }
    return new JobDelays(new Waits(streamed), new Waits(polled), waiting, slowest);
  }

  /**
   * The waits of {@link #jobDelays} of the streamed and of the polled jobs, how many jobs no worker
   * had yet, and the creation whose streamed job waited longest (null when there was none).
   */
  public record JobDelays(Waits streamed, Waits polled, int notHandled, Create slowestStreamed) {
    public long streamedMaxMillis() {
      return streamed.max();
    }

    public long polledMaxMillis() {
      return polled.max();
    }
  }

  /** Waits in ms, sorted. */
  public record Waits(List<Long> millis) {
    public Waits {
      millis = millis.stream().sorted().toList();
    }

    public long max() {
      return millis.isEmpty() ? 0 : millis.getLast();
    }

    /** The nearest-rank percentile. */
    public long percentile(final double p) {
      if (millis.isEmpty()) {
        return 0;
      }
      final int rank = (int) Math.ceil(p / 100 * millis.size());
      return millis.get(Math.max(rank, 1) - 1);
    }

    public long over(final long limitMillis) {
      return millis.stream().filter(m -> m > limitMillis).count();
    }

    /** "n=…, p50 …, p99 …, max …, over 1 s …, over 10 s …" for a FIGURE line. */
    @Override
    public String toString() {
      return "n=%d, p50 %d, p99 %d, max %d, over 1 s %d, over 10 s %d"
          .formatted(
              millis.size(), percentile(50), percentile(99), max(), over(1000), over(10_000));
    }
  }

  /** Jobs ("rid/task") a worker was handed more than once. */
  public List<String> jobsHandledTwice() {
    return handled.entrySet().stream()
        .filter(e -> e.getValue().get() > 1)
        .map(Map.Entry::getKey)
        .toList();
  }

  /** Every completion the client saw fail. */
  public List<FailedCompletion> failedCompletions() {
    return List.copyOf(completeFailed);
  }

  /** Stops creating and waits (bounded) for the answers still outstanding. */
  public void stopCreating() throws InterruptedException {
    if (!stopped.compareAndSet(false, true)) {
      return;
    }
    ticker.shutdownNow();
    ticker.awaitTermination(5, TimeUnit.SECONDS);
    for (final Semaphore free : slots.values()) {
      free.tryAcquire(IN_FLIGHT, 60, TimeUnit.SECONDS);
    }
  }

  @Override
  public void close() throws InterruptedException {
    stopCreating();
    workers.forEach(JobWorker::close);
    rest.close();
    grpc.close();
  }
}

package io.gatefork.qa;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.qa.support.BrokerContainer;
import io.gatefork.qa.support.ContainerTest;
import io.gatefork.qa.support.GatewayContainer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Issue #46's acceptance cells in the suite's 2-CPU container, with a memory limit and a 1 GiB
 * heap: (a) ten concurrent clients streaming 300 MB bodies each get 413 within a second and the
 * container lives on; (b) 100,000 requests with distinct made-up methods, paths, job types and
 * basic credentials leave the heap after a full GC within 10 MB of before and the meter series
 * where they were. Basic authentication is on, so wrong credentials go through the
 * failed-credentials cache; the other requests carry a valid user's credential.
 */
@ContainerTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HostileClientsInContainerTest {
  private static final long MEMORY_LIMIT = 1536L * 1024 * 1024;
  private static final String USER = "demo";
  private static final String PASSWORD = "hashed-secret";
  // bcrypt of PASSWORD at cost 4: every wrong credential costs a check at this cost (unknown users
  // too), so 20,000 of them take seconds, not the minutes cost 10 would
  private static final String PASSWORD_HASH =
      "{bcrypt}$2b$04$abcdefghijklmnopqrstuuv4t0x/xSSQtNXgt2GQkTvRY4ca5VdmG";
  private static final String VALID =
      "Basic "
          + Base64.getEncoder()
              .encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));

  private static final int HUGE_CLIENTS = 10;
  private static final long HUGE_BODY = 300L * 1024 * 1024;
  private static final Duration HUGE_STREAMING = Duration.ofSeconds(5);
  private static final Duration ANSWER_WITHIN = Duration.ofSeconds(1);

  private static final Duration LOAD_DEADLINE = Duration.ofSeconds(120);
  private static final long HEAP_GROWTH_ALLOWED = 10L * 1024 * 1024;
  private static final String SERVER_REQUESTS = "http_server_requests_seconds_count{";

  private static BrokerContainer broker;
  private static GatewayContainer gateway;

  @BeforeAll
  static void startCluster() {
    broker = new BrokerContainer("hostile-broker");
    broker.start();
    gateway =
        new GatewayContainer("hostile-gateway")
            .joining(broker.contactPoint())
            .withMemoryLimit(MEMORY_LIMIT)
            .withEnv("JAVA_OPTS", "-Xmx1g")
            .withEnv("CAMUNDA_SECURITY_AUTHENTICATION_UNPROTECTEDAPI", "false")
            .withEnv("CAMUNDA_SECURITY_AUTHENTICATION_METHOD", "basic")
            .withEnv("CAMUNDA_SECURITY_INITIALIZATION_USERS_0_USERNAME", USER)
            .withEnv("CAMUNDA_SECURITY_INITIALIZATION_USERS_0_PASSWORD", PASSWORD_HASH)
            // two credential threads never find the checks taken (a 503 would be a new series);
            // the valid credential stays verified for the whole test instead of 60 s
            .withEnv("GATEFORK_SECURITY_PASSWORDCHECKS", "2")
            .withEnv("GATEFORK_SECURITY_CREDENTIALSCACHETTL", "10m");
    gateway.start();
  }

  @AfterAll
  static void stopCluster() {
    if (gateway != null) {
      gateway.stop();
    }
    if (broker != null) {
      broker.stop();
    }
  }

  // ---- (a) oversized bodies ----

  /** What one huge-body client saw. {@code answerMillis} -1: no answer read. */
  private record HugeUpload(
      int status, String head, String body, long answerMillis, long bytesSent, String ending) {}

  @Test
  @Order(1)
  void tenConcurrent300MbBodiesEachGet413WithinASecondAndTheGatewayLivesOn() throws Exception {
    final var start = new CountDownLatch(1);
    final List<Future<HugeUpload>> uploads = new ArrayList<>();
    try (ExecutorService clients = Executors.newFixedThreadPool(HUGE_CLIENTS)) {
      for (int i = 0; i < HUGE_CLIENTS; i++) {
        uploads.add(
            clients.submit(
                () -> {
                  start.await();
                  return streamHugeBody();
                }));
      }
      start.countDown();
      for (int i = 0; i < HUGE_CLIENTS; i++) {
        final HugeUpload upload = uploads.get(i).get(30, TimeUnit.SECONDS);
        System.out.printf(
            "[hostile] huge body %d: %d after %d ms, %d bytes of the body sent, then %s%n",
            i, upload.status(), upload.answerMillis(), upload.bytesSent(), upload.ending());
      }
    }

    for (final var future : uploads) {
      final HugeUpload upload = future.get();
      assertThat(upload.status()).as("status (%s)", upload.ending()).isEqualTo(413);
      assertThat(upload.answerMillis()).isBetween(0L, ANSWER_WITHIN.toMillis());
      assertThat(upload.head()).containsIgnoringCase("Content-Type: application/problem+json");
      assertThat(upload.body()).contains("gatefork.rest.max-body-size");
    }
    final var state =
        gateway.getDockerClient().inspectContainerCmd(gateway.getContainerId()).exec().getState();
    System.out.printf(
        "[hostile] after the huge bodies: running %s, OOM-killed %s, heap used %.1f MB%n",
        state.getRunning(),
        state.getOOMKilled(),
        gateway.prometheusSum("jvm_memory_used_bytes", "area=\"heap\"") / 1e6);
    assertThat(state.getOOMKilled()).as("OOM-killed").isFalse();
    assertThat(state.getRunning()).as("running").isTrue();
    try (HttpClient http = HttpClient.newHttpClient()) {
      final var topology =
          http.send(authorized("/v2/topology").GET().build(), HttpResponse.BodyHandlers.ofString());
      assertThat(topology.statusCode()).as(topology.body()).isEqualTo(200);
    }
  }

  /**
   * One hostile client on a raw socket: the head of a create with {@code Content-Length} 300 MB and
   * no {@code Expect: 100-continue}, then body bytes as fast as the socket takes them, reading
   * between writes, until the answer is complete, the connection ends or {@link #HUGE_STREAMING}
   * has passed. The answer's time counts from the head's last byte.
   */
  private static HugeUpload streamHugeBody() throws IOException {
    final String head =
        "POST /v2/process-instances HTTP/1.1\r\n"
            + "Host: 127.0.0.1\r\n"
            + "Authorization: "
            + VALID
            + "\r\n"
            + "Content-Type: application/json\r\n"
            + "Content-Length: "
            + HUGE_BODY
            + "\r\n\r\n";
    final ByteBuffer chunk = ByteBuffer.allocateDirect(64 * 1024);
    chunk.put("{\"processDefinitionId\":\"".getBytes(StandardCharsets.US_ASCII));
    while (chunk.hasRemaining()) {
      chunk.put((byte) 'x');
    }
    final var received = new ByteArrayOutputStream();
    final ByteBuffer readBuffer = ByteBuffer.allocate(16 * 1024);
    try (SocketChannel socket =
        SocketChannel.open(new InetSocketAddress("127.0.0.1", gateway.restPort()))) {
      socket.write(ByteBuffer.wrap(head.getBytes(StandardCharsets.US_ASCII)));
      final long sentHead = System.nanoTime();
      final long until = sentHead + HUGE_STREAMING.toNanos();
      socket.configureBlocking(false);
      long sent = 0;
      long answeredAt = -1;
      String ending = "the streaming time ran out";
      while (System.nanoTime() < until) {
        final int read;
        try {
          read = socket.read(readBuffer.clear());
        } catch (final IOException reset) {
          ending = "read failed: " + reset.getMessage();
          break;
        }
        if (read < 0) {
          ending = "the gateway closed the connection";
          break;
        }
        if (read > 0) {
          if (answeredAt < 0) {
            answeredAt = System.nanoTime();
          }
          received.write(readBuffer.array(), 0, read);
          if (complete(received.toString(StandardCharsets.ISO_8859_1))) {
            ending = "the answer was complete";
            break;
          }
        }
        int written = 0;
        if (sent < HUGE_BODY) {
          try {
            chunk.limit((int) Math.min(chunk.capacity(), HUGE_BODY - sent)).position(0);
            written = socket.write(chunk);
            sent += written;
          } catch (final IOException closed) {
            // the gateway may close while the body still comes: what it sent may still be read
            ending = "write failed: " + closed.getMessage();
            sent = HUGE_BODY;
          }
        }
        if (read == 0 && written == 0) {
          LockSupport.parkNanos(200_000);
        }
      }
      return parse(
          received.toString(StandardCharsets.ISO_8859_1),
          answeredAt < 0 ? -1 : (answeredAt - sentHead) / 1_000_000,
          sent,
          ending);
    }
  }

  /** Whether an HTTP/1.1 answer (after any 1xx) has its head and its whole Content-Length body. */
  private static boolean complete(final String answer) {
    final String last = finalAnswer(answer);
    final int headEnd = last.indexOf("\r\n\r\n");
    if (headEnd < 0) {
      return false;
    }
    final var length =
        last.substring(0, headEnd)
            .lines()
            .filter(line -> line.regionMatches(true, 0, "Content-Length:", 0, 15))
            .map(line -> Integer.parseInt(line.substring(15).trim()))
            .findFirst();
    return length.isPresent() && last.length() - headEnd - 4 >= length.get();
  }

  /** The answer without interim (1xx) answers before it. */
  private static String finalAnswer(final String answer) {
    String rest = answer;
    while (rest.startsWith("HTTP/1.1 1")) {
      final int end = rest.indexOf("\r\n\r\n");
      if (end < 0) {
        return "";
      }
      rest = rest.substring(end + 4);
    }
    return rest;
  }

  private static HugeUpload parse(
      final String answer, final long millis, final long sent, final String ending) {
    final String last = finalAnswer(answer);
    final int headEnd = last.indexOf("\r\n\r\n");
    if (!last.startsWith("HTTP/1.1 ") || headEnd < 0) {
      return new HugeUpload(0, last, "", -1, sent, ending);
    }
    return new HugeUpload(
        Integer.parseInt(last.substring(9, 12)),
        last.substring(0, headEnd),
        last.substring(headEnd + 4),
        millis,
        sent,
        ending);
  }

  // ---- (b) many distinct values ----

  /** One kind of hostile value: how many requests, on how many threads, the answer expected. */
  private record Kind(
      String name, int count, int threads, int status, IntFunction<HttpRequest> n) {}

  private static List<Kind> kinds(final double share) {
    return List.of(
        new Kind(
            "made-up methods",
            (int) (30_000 * share),
            2,
            400,
            i ->
                authorized("/v2/topology")
                    .method("FOO" + i, HttpRequest.BodyPublishers.noBody())
                    .build()),
        new Kind(
            "unknown paths",
            (int) (30_000 * share),
            2,
            404,
            i -> authorized("/v2/nothing-" + i).GET().build()),
        // requestTimeout -1: answered after one walk over the partitions, without long polling
        // (with 1 ms about 1 in 300 requests hung until the async timeout, a 500: the deadline
        // can pass between the walk's end and the park, and then nothing answers)
        new Kind(
            "job types",
            (int) (20_000 * share),
            2,
            200,
            i ->
                authorized("/v2/jobs/activation")
                    .header("Content-Type", "application/json")
                    .POST(
                        HttpRequest.BodyPublishers.ofString(
                            "{\"type\":\"t"
                                + i
                                + "\",\"maxJobsToActivate\":1,\"timeout\":1000,"
                                + "\"requestTimeout\":-1}"))
                    .build()),
        // as many threads as password checks: none finds them all taken
        new Kind(
            "wrong credentials",
            (int) (20_000 * share),
            2,
            401,
            i ->
                request("/v2/topology")
                    .header(
                        "Authorization",
                        "Basic "
                            + Base64.getEncoder()
                                .encodeToString(
                                    ("u" + i + ":p" + i).getBytes(StandardCharsets.UTF_8)))
                    .GET()
                    .build()));
  }

  @Test
  @Order(2)
  void distinctMethodsPathsJobTypesAndCredentialsLeaveHeapAndMeterSeriesAsTheyWere()
      throws Exception {
    // the first request of each kind adds its series and loads its classes: not counted
    final long warmUpStart = System.nanoTime();
    load(kinds(0.01), "w", Duration.ofSeconds(30));
    final Snapshot before = snapshot();
    System.out.printf(
        "[hostile] warm-up %d ms; before: heap after GC %.2f MB (used %.2f MB), %d"
            + " http_server_requests series, %d metric lines%n",
        (System.nanoTime() - warmUpStart) / 1_000_000,
        before.liveHeap() / 1e6,
        before.usedHeap() / 1e6,
        before.serverRequestSeries().size(),
        before.metricLines());

    final long loadStart = System.nanoTime();
    final Map<String, Map<Integer, Long>> answers = load(kinds(1), "", LOAD_DEADLINE);
    final long loadMillis = (System.nanoTime() - loadStart) / 1_000_000;
    final long total =
        answers.values().stream().flatMap(m -> m.values().stream()).mapToLong(l -> l).sum();
    System.out.printf(
        "[hostile] %d requests in %d ms (%.0f/s): %s%n",
        total, loadMillis, total * 1000.0 / loadMillis, answers);

    final Snapshot after = snapshot();
    System.out.printf(
        "[hostile] after: heap after GC %.2f MB (used %.2f MB; growth %.2f MB), %d"
            + " http_server_requests series, %d metric lines%n",
        after.liveHeap() / 1e6,
        after.usedHeap() / 1e6,
        (after.liveHeap() - before.liveHeap()) / 1e6,
        after.serverRequestSeries().size(),
        after.metricLines());

    for (final Kind kind : kinds(1)) {
      assertThat(answers.get(kind.name()))
          .as("answers to %s", kind.name())
          .isEqualTo(Map.of(kind.status(), (long) kind.count()));
    }
    final List<String> added = after.addedSince(before);
    added.stream().limit(20).forEach(name -> System.out.println("[hostile] new series: " + name));
    assertThat(added).as("meter series the load added (%d)", added.size()).isEmpty();
    assertThat(after.serverRequestSeries()).hasSameSizeAs(before.serverRequestSeries());
    assertThat(after.liveHeap())
        .as("heap after a full GC, bytes (before: %.0f)", before.liveHeap())
        .isLessThanOrEqualTo(before.liveHeap() + HEAP_GROWTH_ALLOWED);
  }

  /**
   * Sends each kind's requests on its own threads, over keep-alive connections, all kinds at once;
   * stops at the count or the deadline. Answers by kind and status (0: no answer: a timeout, or a
   * connection that failed twice).
   */
  private static Map<String, Map<Integer, Long>> load(
      final List<Kind> kinds, final String tag, final Duration deadline) throws Exception {
    final long until = System.nanoTime() + deadline.toNanos();
    final Map<String, Map<Integer, LongAdder>> answers = new ConcurrentHashMap<>();
    final int threads = kinds.stream().mapToInt(Kind::threads).sum();
    try (HttpClient http =
            HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
        ExecutorService pool = Executors.newFixedThreadPool(threads)) {
      final List<Future<?>> workers = new ArrayList<>();
      for (final Kind kind : kinds) {
        final var next = new AtomicInteger();
        final var statuses = answers.computeIfAbsent(kind.name(), k -> new ConcurrentHashMap<>());
        for (int t = 0; t < kind.threads(); t++) {
          workers.add(
              pool.submit(
                  () -> {
                    for (int i = next.getAndIncrement();
                        i < kind.count() && System.nanoTime() < until;
                        i = next.getAndIncrement()) {
                      // the warm-up's values differ from the load's: each value is new once
                      final HttpRequest request = kind.n().apply(tag.isEmpty() ? i : -1 - i);
                      int status;
                      try {
                        status = send(http, request);
                      } catch (final HttpTimeoutException hung) {
                        status = 0;
                      } catch (final IOException closedUnderIt) {
                        // a POST on a kept connection the gateway closed as it was taken from the
                        // pool: the JDK client resends only idempotent requests, so this does once
                        System.out.println("[hostile] sent again after: " + closedUnderIt);
                        try {
                          status = send(http, request);
                        } catch (final IOException again) {
                          status = 0;
                        }
                      }
                      statuses.computeIfAbsent(status, s -> new LongAdder()).increment();
                    }
                    return null;
                  }));
        }
      }
      for (final var worker : workers) {
        worker.get(deadline.toSeconds() + 30, TimeUnit.SECONDS);
      }
    }
    final Map<String, Map<Integer, Long>> result = new TreeMap<>();
    answers.forEach(
        (kind, statuses) ->
            result.put(
                kind,
                statuses.entrySet().stream()
                    .collect(
                        Collectors.toMap(
                            Map.Entry::getKey, e -> e.getValue().sum(), Long::sum, TreeMap::new))));
    return result;
  }

  /** Heap after a full GC and the meter series, read from the management port. */
  private record Snapshot(double liveHeap, double usedHeap, List<String> series) {
    List<String> serverRequestSeries() {
      return series.stream().filter(name -> name.startsWith(SERVER_REQUESTS)).toList();
    }

    int metricLines() {
      return series.size();
    }

    /**
     * Series not in {@code before}, but those whose tags follow the gateway's own timers, not its
     * clients: GC pauses (by cause) and the cluster membership protocol's messages (a periodic sync
     * with the broker adds its topic a while after the start).
     */
    List<String> addedSince(final Snapshot before) {
      final var added = new TreeSet<>(series);
      before.series().forEach(added::remove);
      added.removeIf(
          name ->
              name.startsWith("jvm_gc_pause_seconds")
                  || (name.startsWith("zeebe_messaging_")
                      && name.contains("topic=\"atomix-membership-")));
      return List.copyOf(added);
    }
  }

  private static Snapshot snapshot() throws Exception {
    // two full GCs (System.gc() through the attach API): the second finds what the first freed
    // only in part; the JDK's jcmd is in the image's runtime
    for (int i = 0; i < 2; i++) {
      final var gc = gateway.execInContainer("jcmd", "1", "GC.run");
      assertThat(gc.getExitCode()).as(gc.getStdout() + gc.getStderr()).isZero();
    }
    final var response = gateway.management("/actuator/prometheus");
    assertThat(response.statusCode()).isEqualTo(200);
    final List<String> samples =
        response.body().lines().filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();
    return new Snapshot(
        // the old generation after the last major GC, which the full GC just was
        value(samples, "jvm_gc_live_data_size_bytes "),
        samples.stream()
            .filter(line -> line.startsWith("jvm_memory_used_bytes{") && line.contains("heap\""))
            .mapToDouble(HostileClientsInContainerTest::sampleValue)
            .sum(),
        samples.stream().map(line -> line.substring(0, line.lastIndexOf(' '))).toList());
  }

  private static double value(final List<String> samples, final String prefix) {
    return samples.stream()
        .filter(line -> line.startsWith(prefix))
        .mapToDouble(HostileClientsInContainerTest::sampleValue)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + prefix.trim() + " in /actuator/prometheus"));
  }

  private static double sampleValue(final String line) {
    return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
  }

  private static int send(final HttpClient http, final HttpRequest request) throws IOException {
    try {
      return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }

  private static HttpRequest.Builder request(final String path) {
    return HttpRequest.newBuilder(URI.create(gateway.restAddress() + path))
        .timeout(Duration.ofSeconds(30));
  }

  private static HttpRequest.Builder authorized(final String path) {
    return request(path).header("Authorization", VALID);
  }
}

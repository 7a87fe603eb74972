package io.gatefork.broker.client.bench;

import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.protocol.impl.record.value.deployment.DeploymentRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationRecord;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.BrokerClientConfig;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.cluster.ClusterBrokerClient;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.broker.dev.EmbeddedBroker;
import io.gatefork.broker.dev.EmbeddedBrokerConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Not a test: measures create-process-instance round trips through the broker client against an
 * embedded broker (3 partitions, real engine) in this JVM, and the process footprint before and
 * after many instances. Run with {@code scripts/bench-broker-client.sh [instances]}.
 */
public final class BrokerClientBenchmark {
  private static final int WARMUP = 2_000;
  private static final int SEQUENTIAL = 5_000;
  private static final int IN_FLIGHT = 32;
  private static final Duration TIME_LIMIT = Duration.ofMinutes(10);

  public static void main(final String[] args) throws Exception {
    final int instances = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
    final long deadline = System.nanoTime() + TIME_LIMIT.toNanos();
    try (var broker =
            EmbeddedBroker.start(
                EmbeddedBrokerConfig.builder().port(freePort()).partitionCount(3).build());
        var client =
            ClusterBrokerClient.start(
                BrokerClientConfig.testDefaults()
                    .host("127.0.0.1")
                    .port(freePort())
                    .initialContactPoints(List.of(broker.clusterAddress()))
                    .build(),
                new SimpleMeterRegistry())) {
      while (client.topology().partitionsWithLeader().length < 3) {
        Thread.sleep(50);
      }
      deploy(client);
      Thread.sleep(2_000); // let the deployment reach every partition

      for (int i = 0; i < WARMUP; i++) {
        create(client);
      }
      System.gc();
      final String before = footprint();

      final long[] micros = new long[SEQUENTIAL];
      for (int i = 0; i < SEQUENTIAL; i++) {
        final long start = System.nanoTime();
        create(client);
        micros[i] = (System.nanoTime() - start) / 1_000;
      }
      Arrays.sort(micros);

      final long loadStart = System.nanoTime();
      final int done = createConcurrently(client, instances, deadline);
      final double seconds = (System.nanoTime() - loadStart) / 1e9;
      System.gc();
      Thread.sleep(1_000);
      final String after = footprint();

      System.out.printf(
          "create-process-instance through broker-client, one JVM, %d cores%n",
          Runtime.getRuntime().availableProcessors());
      System.out.printf(
          "  sequential x%d: p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms%n",
          SEQUENTIAL,
          pct(micros, 50),
          pct(micros, 90),
          pct(micros, 99),
          micros[micros.length - 1] / 1000.0);
      System.out.printf(
          "  %d instances with %d in flight: %.0f/s%n", done, IN_FLIGHT, done / seconds);
      System.out.printf("  footprint before: %s%n  footprint after:  %s%n", before, after);
    }
  }

  private static void deploy(final BrokerClient client) {
    final var record = new DeploymentRecord();
    record
        .resources()
        .add()
        .setResourceName("bench.bpmn")
        .setResource(
            Bpmn.convertToString(
                    Bpmn.createExecutableProcess("bench").startEvent().endEvent().done())
                .getBytes(StandardCharsets.UTF_8));
    final var result = client.send(BrokerRequests.deployResources(record)).join();
    if (!(result instanceof BrokerResult.Accepted)) {
      throw new IllegalStateException("deployment failed: " + result);
    }
  }

  private static void create(final BrokerClient client) {
    final var result = client.sendWithPartitionRetry(request(), null).join();
    if (!(result instanceof BrokerResult.Accepted)) {
      throw new IllegalStateException("create failed: " + result);
    }
  }

  private static io.gatefork.broker.client.request.BrokerRequest<ProcessInstanceCreationRecord>
      request() {
    return BrokerRequests.createProcessInstance(
        new ProcessInstanceCreationRecord().setBpmnProcessId("bench").setVersion(-1));
  }

  private static int createConcurrently(
      final BrokerClient client, final int count, final long deadline) throws InterruptedException {
    final var permits = new Semaphore(IN_FLIGHT);
    final var failures = new AtomicInteger();
    int sent = 0;
    while (sent < count && System.nanoTime() < deadline) {
      permits.acquire();
      client
          .sendWithPartitionRetry(request(), null)
          .whenComplete(
              (r, e) -> {
                if (e != null || !(r instanceof BrokerResult.Accepted)) {
                  failures.incrementAndGet();
                }
                permits.release();
              });
      sent++;
    }
    permits.acquire(IN_FLIGHT);
    if (failures.get() > 0) {
      System.out.printf("  %d of %d creates failed%n", failures.get(), sent);
    }
    return sent;
  }

  private static double pct(final long[] sortedMicros, final int percentile) {
    final int index = (int) Math.ceil(percentile / 100.0 * sortedMicros.length) - 1;
    return sortedMicros[Math.max(0, index)] / 1000.0;
  }

  private static String footprint() throws IOException {
    final var heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
    String rss = "?";
    for (final String line : Files.readAllLines(Path.of("/proc/self/status"))) {
      if (line.startsWith("VmRSS:")) {
        rss = line.substring(6).trim();
      }
    }
    return String.format(
        "heap used %d MB (committed %d MB), RSS %s, threads %d",
        heap.getUsed() >> 20, heap.getCommitted() >> 20, rss, Thread.activeCount());
  }

  private static int freePort() throws IOException {
    try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}

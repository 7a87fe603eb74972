package io.gatefork.broker.dev;

import static io.gatefork.broker.dev.TestProcesses.creation;
import static io.gatefork.broker.dev.TestProcesses.deploy;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.camunda.zeebe.protocol.record.ExecuteCommandRequestEncoder;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceCreationIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Under sustained load the in-memory logs keep only what the stream processor (and the journal)
 * have not read yet. Without compaction every create leaves at least two blocks behind (the
 * command, and the batch of events it produced).
 */
class LogCompactionTest {

  private static final int IN_FLIGHT = 64;

  @Test
  void retainedLogStaysBoundedUnderSustainedLoad() throws Exception {
    final var result = runLoad(false, 20_000, Duration.ofSeconds(90));

    assertThat(result.created()).as("enough load to matter").isGreaterThanOrEqualTo(5_000);
    assertThat(result.appendedBlocks())
        .as("each create appended blocks")
        .isGreaterThanOrEqualTo(2 * result.created());
    assertThat(result.maxRetainedPerPartition()).as("during the run").isLessThan(1_000);
    assertThat(result.finalRetainedPerPartition()).as("once processed").isLessThanOrEqualTo(5);
  }

  @Test
  void journalDoesNotHoldTheLogBack() throws Exception {
    final var result = runLoad(true, 3_000, Duration.ofSeconds(60));

    assertThat(result.created()).isGreaterThanOrEqualTo(1_000);
    assertThat(result.maxRetainedPerPartition()).isLessThan(1_000);
    assertThat(result.finalRetainedPerPartition()).isLessThanOrEqualTo(5);
    assertThat(result.journaledInstances())
        .as("the journal saw every instance complete")
        .isGreaterThanOrEqualTo(result.created());
  }

  private Result runLoad(final boolean journal, final int target, final Duration budget)
      throws Exception {
    try (var broker =
            EmbeddedBroker.start(
                EmbeddedBrokerConfig.builder()
                    .port(FreePorts.next())
                    .recordJournal(journal)
                    .build());
        var client = TestCommandClient.connect("zeebe-cluster", broker.clusterAddress())) {
      client.awaitLeaders(1, 2, 3);
      deploy(client, TestProcesses.startToEnd("quick"));
      // creating on partitions 2 and 3 needs the distributed deployment
      await()
          .atMost(Duration.ofSeconds(20))
          .until(
              () ->
                  TestProcesses.createInstance(client, 2, creation("quick")).intent()
                          == ProcessInstanceCreationIntent.CREATED
                      && TestProcesses.createInstance(client, 3, creation("quick")).intent()
                          == ProcessInstanceCreationIntent.CREATED);
      if (journal) {
        broker.records().clear();
      }

      final var permits = new Semaphore(IN_FLIGHT);
      final var created = new AtomicLong();
      final var failed = new AtomicLong();
      long maxRetained = 0;
      final var rssSamples = new StringBuilder();
      final long started = System.nanoTime();
      final long deadline = started + budget.toNanos();
      int sent = 0;
      while (sent < target && System.nanoTime() < deadline) {
        if (!permits.tryAcquire(1, TimeUnit.SECONDS)) {
          continue;
        }
        final int partition = sent % 3 + 1;
        client
            .sendAsync(
                partition,
                ValueType.PROCESS_INSTANCE_CREATION,
                ProcessInstanceCreationIntent.CREATE,
                ExecuteCommandRequestEncoder.keyNullValue(),
                creation("quick"))
            .whenComplete(
                (response, error) -> {
                  if (error == null
                      && !response.isError()
                      && response.intent() == ProcessInstanceCreationIntent.CREATED) {
                    created.incrementAndGet();
                  } else {
                    failed.incrementAndGet();
                  }
                  permits.release();
                });
        sent++;
        if (sent % 500 == 0) {
          maxRetained = Math.max(maxRetained, maxRetainedBlocks(broker));
        }
        if (sent % 5_000 == 0) {
          rssSamples.append(sent).append(':').append(residentSetSize()).append(' ');
        }
      }
      permits.acquire(IN_FLIGHT);
      final double seconds = (System.nanoTime() - started) / 1e9;
      maxRetained = Math.max(maxRetained, maxRetainedBlocks(broker));

      await("the processors caught up")
          .atMost(Duration.ofSeconds(30))
          .until(() -> maxRetainedBlocks(broker) <= 5);
      long journaled = -1;
      if (journal) {
        await("the journal caught up")
            .atMost(Duration.ofSeconds(30))
            .until(() -> completedInstances(broker) >= created.get());
        journaled = completedInstances(broker);
      }
      final long finalRetained = maxRetainedBlocks(broker);
      long appended = 0;
      long retainedBytes = 0;
      for (int p = 1; p <= 3; p++) {
        appended += broker.partitionLog(p).storage().appendedBlockCount();
        retainedBytes += broker.partitionLog(p).storage().retainedBytes();
      }
      System.out.printf(
          "[log-compaction] journal=%s created=%d failed=%d in %.1f s (%.0f/s); appended blocks=%d;"
              + " max retained per partition during run=%d, after=%d (%d bytes);"
              + " heap used=%d MB; RSS=%s (after n sent: %s)%n",
          journal,
          created.get(),
          failed.get(),
          seconds,
          created.get() / seconds,
          appended,
          maxRetained,
          finalRetained,
          retainedBytes,
          heapUsedMegabytes(),
          residentSetSize(),
          rssSamples.toString().trim());
      assertThat(failed.get()).as("no failed creates").isZero();
      return new Result(created.get(), appended, maxRetained, finalRetained, journaled);
    }
  }

  private static long maxRetainedBlocks(final EmbeddedBroker broker) {
    long max = 0;
    for (final int partition : broker.partitions()) {
      max = Math.max(max, broker.partitionLog(partition).storage().retainedBlockCount());
    }
    return max;
  }

  private static long completedInstances(final EmbeddedBroker broker) {
    return broker.records().stream()
        .filter(
            r ->
                r.is(
                        RecordType.EVENT,
                        ValueType.PROCESS_INSTANCE,
                        ProcessInstanceIntent.ELEMENT_COMPLETED)
                    && r.valueJson().contains("\"bpmnElementType\":\"PROCESS\""))
        .count();
  }

  private static long heapUsedMegabytes() {
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / (1024 * 1024);
  }

  private static String residentSetSize() {
    try {
      return Files.readAllLines(Path.of("/proc/self/status")).stream()
          .filter(line -> line.startsWith("VmRSS:"))
          .map(line -> line.substring("VmRSS:".length()).trim())
          .findFirst()
          .orElse("n/a");
    } catch (final IOException e) {
      return "n/a";
    }
  }

  private record Result(
      long created,
      long appendedBlocks,
      long maxRetainedPerPartition,
      long finalRetainedPerPartition,
      long journaledInstances) {}
}

package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.camunda.client.api.worker.JobWorker;
import java.time.Duration;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The stock job stream meters, scraped from the management port after a streaming worker ran. */
class JobStreamMetricsTest extends GatewayTestSupport {
  private static final int JOBS = 5;

  /** The value of the first sample of {@code name} that has {@code label} (null: any). */
  private static OptionalDouble sample(final String scrape, final String name, final String label) {
    return scrape
        .lines()
        .filter(line -> line.startsWith(name + " ") || line.startsWith(name + "{"))
        .filter(line -> label == null || line.contains(label))
        .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
        .findFirst();
  }

  private static OptionalDouble sample(final String scrape, final String name) {
    return sample(scrape, name, null);
  }

  @Test
  void streamingWorkerShowsUpInTheStockJobStreamMeters() throws Exception {
    final String type = "metered-stream";
    final AtomicInteger handled = new AtomicInteger();
    try (var client = client(false)) {
      distributed(
          client
              .newDeployResourceCommand()
              .addProcessModel(ProcessFixtures.taskProcess(type, type), type + ".bpmn")
              .send()
              .join());
      try (JobWorker worker =
          client
              .newWorker()
              .jobType(type)
              .handler(
                  (jobClient, job) -> {
                    jobClient.newCompleteCommand(job).send().join();
                    handled.incrementAndGet();
                  })
              .streamEnabled(true)
              .timeout(Duration.ofMinutes(1))
              .open()) {
        awaitStreamAtTheBroker(type);
        for (int i = 0; i < JOBS; i++) {
          client.newCreateInstanceCommand().bpmnProcessId(type).latestVersion().send().join();
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> handled.get() == JOBS);

        final String scrape = prometheusScrape();
        assertThat(sample(scrape, "zeebe_gateway_job_stream_servers")).hasValue(1.0);
        assertThat(sample(scrape, "zeebe_gateway_job_stream_clients").orElseThrow())
            .isGreaterThanOrEqualTo(1.0);
        assertThat(sample(scrape, "zeebe_gateway_job_stream_streams").orElseThrow())
            .isGreaterThanOrEqualTo(1.0);
        assertThat(
                sample(scrape, "zeebe_gateway_job_stream_push_total", "status=\"success\"")
                    .orElseThrow())
            .as("jobs pushed to the worker")
            .isGreaterThanOrEqualTo(JOBS);
        // exported as in stock; zeebe-transport 8.8 feeds it only for streams it builds with
        // metrics, which the client stream registry does not: it stays at zero there too
        assertThat(sample(scrape, "zeebe_gateway_job_stream_aggregated_stream_clients_count"))
            .isPresent();
        assertThat(
                sample(scrape, "zeebe_gateway_job_stream_push_fail_try_total", "code=\"BLOCKED\""))
            .isPresent();
        assertThat(sample(scrape, "zeebe_gateway_job_stream_push_total", "status=\"failure\""))
            .isPresent();
      }
    }
  }
}

package io.gatefork.qa.support;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;

/**
 * Waits until {@code GET /actuator/health/readiness} on the management port answers 200 (the
 * gateway is up and knows a partition leader). Testcontainers' HTTP strategy needs mapped ports,
 * which host networking does not have, hence this one.
 */
final class HttpReadinessWaitStrategy extends AbstractWaitStrategy {
  private final URI readiness;

  HttpReadinessWaitStrategy(final int managementPort) {
    this.readiness =
        URI.create("http://127.0.0.1:" + managementPort + "/actuator/health/readiness");
  }

  @Override
  protected void waitUntilReady() {
    final long deadline = System.nanoTime() + startupTimeout.toNanos();
    final var http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    final var request = HttpRequest.newBuilder(readiness).timeout(Duration.ofSeconds(2)).build();
    String last = "no answer";
    while (System.nanoTime() < deadline) {
      if (!waitStrategyTarget.isRunning()) {
        throw new ContainerLaunchException(
            "container exited before " + readiness + " answered 200: see target/container-logs");
      }
      try {
        final var response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() == 200) {
          return;
        }
        last = response.statusCode() + " " + response.body();
      } catch (final Exception e) {
        last = e.getClass().getSimpleName();
      }
      try {
        Thread.sleep(250);
      } catch (final InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new ContainerLaunchException("interrupted waiting for " + readiness);
      }
    }
    throw new ContainerLaunchException(
        readiness + " did not answer 200 within " + startupTimeout + " (last: " + last + ")");
  }
}

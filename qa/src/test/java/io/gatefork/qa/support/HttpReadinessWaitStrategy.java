package io.gatefork.qa.support;

import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.awaitility.core.ConditionTimeoutException;
import org.awaitility.core.TerminalFailureException;
import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;

/**
 * Waits until {@code GET /actuator/health/readiness} on the management port answers 200 (the
 * gateway is up and knows a partition leader). Testcontainers' HTTP strategy needs mapped ports,
 * which host networking does not have, hence this one.
 */
final class HttpReadinessWaitStrategy extends AbstractWaitStrategy {
  private static final Duration POLL_INTERVAL = Duration.ofMillis(250);

  private final URI readiness;

  HttpReadinessWaitStrategy(final int managementPort) {
    this.readiness =
        URI.create("http://127.0.0.1:" + managementPort + "/actuator/health/readiness");
  }

  @Override
  protected void waitUntilReady() {
    final var http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    final var request = HttpRequest.newBuilder(readiness).timeout(Duration.ofSeconds(2)).build();
    final var last = new AtomicReference<>("no answer");
    try {
      await(readiness + " answers 200")
          .atMost(startupTimeout)
          .pollDelay(Duration.ZERO)
          .pollInterval(POLL_INTERVAL)
          .failFast(() -> !waitStrategyTarget.isRunning())
          .until(
              () -> {
                try {
                  final var response = http.send(request, HttpResponse.BodyHandlers.ofString());
                  last.set(response.statusCode() + " " + response.body());
                  return response.statusCode() == 200;
                } catch (final InterruptedException e) {
                  throw e;
                } catch (final Exception e) {
                  last.set(e.getClass().getSimpleName());
                  return false;
                }
              });
    } catch (final TerminalFailureException exited) {
      throw new ContainerLaunchException(
          "container exited before " + readiness + " answered 200: see target/container-logs");
    } catch (final ConditionTimeoutException timeout) {
      throw new ContainerLaunchException(
          readiness + " did not answer 200 within " + startupTimeout + " (last: " + last + ")");
    }
  }
}

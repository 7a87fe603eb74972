package io.gatefork.qa.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.dockerjava.api.command.InspectContainerResponse;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.containers.wait.strategy.WaitStrategyTarget;

/**
 * The readiness wait against a local HTTP server standing in for the gateway's management port, no
 * Docker: it returns at the first 200, stops at once when the container exits, and gives up at its
 * startup timeout with the last answer.
 */
class HttpReadinessWaitStrategyTest {
  private final AtomicInteger notReadyAnswers = new AtomicInteger();
  private final AtomicInteger probes = new AtomicInteger();
  private final AtomicBoolean running = new AtomicBoolean(true);
  private HttpServer server;

  @BeforeEach
  void startServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/actuator/health/readiness",
        exchange -> {
          probes.incrementAndGet();
          final boolean ready = notReadyAnswers.getAndDecrement() <= 0;
          final byte[] body =
              (ready ? "{\"status\":\"UP\"}" : "{\"status\":\"OUT_OF_SERVICE\"}")
                  .getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(ready ? 200 : 503, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.start();
  }

  @AfterEach
  void stopServer() {
    server.stop(0);
  }

  @Test
  void returnsAtTheFirst200() {
    notReadyAnswers.set(2);

    strategy(Duration.ofSeconds(30)).waitUntilReady(target());

    assertThat(probes).hasValue(3);
  }

  @Test
  void givesUpAtItsStartupTimeoutWithTheLastAnswer() {
    notReadyAnswers.set(Integer.MAX_VALUE);

    assertThatThrownBy(() -> strategy(Duration.ofSeconds(1)).waitUntilReady(target()))
        .isInstanceOf(ContainerLaunchException.class)
        .hasMessageContaining("did not answer 200 within PT1S")
        .hasMessageContaining("last: 503 {\"status\":\"OUT_OF_SERVICE\"}");
  }

  @Test
  void stopsAtOnceWhenTheContainerExited() {
    notReadyAnswers.set(Integer.MAX_VALUE);
    running.set(false);
    final long start = System.nanoTime();

    assertThatThrownBy(() -> strategy(Duration.ofSeconds(30)).waitUntilReady(target()))
        .isInstanceOf(ContainerLaunchException.class)
        .hasMessageContaining("container exited before");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
  }

  private HttpReadinessWaitStrategy strategy(final Duration startupTimeout) {
    final var strategy = new HttpReadinessWaitStrategy(server.getAddress().getPort());
    strategy.withStartupTimeout(startupTimeout);
    return strategy;
  }

  private WaitStrategyTarget target() {
    return new WaitStrategyTarget() {
      @Override
      public List<Integer> getExposedPorts() {
        return List.of();
      }

      @Override
      public InspectContainerResponse getContainerInfo() {
        return null;
      }

      @Override
      public boolean isRunning() {
        return running.get();
      }
    };
  }
}

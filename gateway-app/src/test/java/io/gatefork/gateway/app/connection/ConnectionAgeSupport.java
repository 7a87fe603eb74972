package io.gatefork.gateway.app.connection;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.camunda.client.CamundaClient;
import io.gatefork.gateway.app.GatewayTestSupport;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.slf4j.LoggerFactory;

/**
 * What the connection ages ({@code gatefork.grpc.max-connection-age}, {@code
 * gatefork.rest.max-connection-age}) do to a client's connections: the subclasses set the ages and
 * the other connection switches.
 */
abstract class ConnectionAgeSupport extends GatewayTestSupport {
  static final Duration MAX_AGE = Duration.ofSeconds(1);

  /** Pacing of the gRPC requests: several per connection age, over several ages. */
  private static final Duration GRPC_REQUEST_INTERVAL = Duration.ofMillis(100);

  /** Pacing of the REST requests on one connection: many before the age, one soon after it. */
  private static final Duration REST_REQUEST_INTERVAL = Duration.ofMillis(50);

  /** Pacing of the requests on a connection that must be kept: 100 of them span 1.5 ages. */
  private static final Duration KEPT_REQUEST_INTERVAL = Duration.ofMillis(15);

  /** The official client over gRPC, its calls' connections recorded. */
  CamundaClient grpcClient(final GrpcConnectionRecorder recorder) {
    return clientBuilder(false).withInterceptors(recorder).build();
  }

  /**
   * A gRPC client sends a topology request every 100 ms for 5 s, each must succeed; returns the
   * connections they were answered on.
   */
  Set<SocketAddress> grpcConnectionsOfRequestsFor5Seconds() throws InterruptedException {
    final var recorder = new GrpcConnectionRecorder();
    try (var client = grpcClient(recorder)) {
      final long end = System.nanoTime() + Duration.ofSeconds(5).toNanos();
      while (System.nanoTime() < end) {
        assertThat(client.newTopologyRequest().send().join().getBrokers()).isNotEmpty();
        Thread.sleep(GRPC_REQUEST_INTERVAL);
      }
    }
    return recorder.connections();
  }

  /**
   * Requests every 50 ms: answers received before the age has passed keep the connection, the first
   * one after it says {@code Connection: close} and the server closes the connection.
   */
  void theFirstAnswerAfterTheAgeClosesTheConnection() throws Exception {
    try (var connection = new Http11Connection(restPort)) {
      final long opened = System.nanoTime();
      int kept = 0;
      while (true) {
        final var answer = connection.send("GET", "/v2/topology", null, null);
        final Duration age = Duration.ofNanos(System.nanoTime() - opened);
        assertThat(answer.status()).isEqualTo(200);
        if ("close".equals(answer.header("Connection"))) {
          assertThat(age).as("age at the closing answer").isGreaterThanOrEqualTo(MAX_AGE);
          // the whole answer, then the server closes the connection (a body of unknown length
          // Tomcat ends by closing it; reading until then fails if it stays open)
          assertThat(answer.body() + connection.restUntilClosedByServer()).endsWith("}");
          break;
        }
        assertThat(age).as("age of a kept answer").isLessThan(MAX_AGE.multipliedBy(2));
        kept++;
        Thread.sleep(REST_REQUEST_INTERVAL);
      }
      assertThat(kept).as("answers that kept the connection").isGreaterThan(5);
    }
  }

  /** 100 requests on one connection, the last well past the age a limit would have: all kept. */
  void theConnectionIsKept() throws Exception {
    try (var connection = new Http11Connection(restPort)) {
      final long opened = System.nanoTime();
      for (int i = 0; i < 100; i++) {
        final var answer = connection.send("GET", "/v2/topology", null, null);
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.header("Connection")).as("request " + i).isNull();
        Thread.sleep(KEPT_REQUEST_INTERVAL);
      }
      assertThat(Duration.ofNanos(System.nanoTime() - opened))
          .as("the connection's age at its last request")
          .isGreaterThan(MAX_AGE);
      assertThat(connection.closedByServer()).isFalse();
    }
  }

  /**
   * Records the Java client's WARN for every job stream that ended with an error ("Failed to stream
   * jobs of type ..."), from its creation until closed.
   */
  static final class StreamCutWarnings implements AutoCloseable {
    private final Logger workerLog =
        (Logger) LoggerFactory.getLogger("io.camunda.client.job.worker");
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

    StreamCutWarnings() {
      appender.start();
      workerLog.addAppender(appender);
    }

    /** The job type of each stream cut so far, once per cut. */
    List<String> jobTypes() {
      return appender.list.stream()
          .filter(e -> e.getLevel() == Level.WARN)
          .filter(e -> e.getMessage().startsWith("Failed to stream jobs"))
          .map(e -> String.valueOf(e.getArgumentArray()[0]))
          .toList();
    }

    @Override
    public void close() {
      workerLog.detachAppender(appender);
    }
  }
}

package io.gatefork.gateway.app.connection;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * {@code gatefork.rest.keep-alive-on-error=false}: stock Tomcat. The same answers as with the
 * switch on, but after a 400 or 503 the server ends the connection.
 */
@TestPropertySource(properties = "gatefork.rest.keep-alive-on-error=false")
class KeepAliveOnErrorOffTest extends ErrorAnswers {

  @Test
  void tomcatEndsTheConnectionAfterA400OrA503WithTheSameAnswers() throws Exception {
    for (final Step step : STEPS) {
      try (var connection = new Http11Connection(restPort)) {
        final var answer = send(connection, step);
        assertAnswered(step, answer);
        if (tomcatDrops(step.status())) {
          assertThat(answer.header("Connection")).as(step.name()).isEqualTo("close");
          assertThat(connection.closedByServer()).as(step.name()).isTrue();
        } else {
          assertThat(connection.closedByServer()).as(step.name()).isFalse();
        }
      }
    }
  }
}

package io.gatefork.gateway.app.overload;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.gateway.app.GatewayTestSupport;
import io.gatefork.gateway.rest.connection.DispatchTimes.StampingExecutor;
import org.apache.coyote.AbstractProtocol;
import org.apache.tomcat.util.threads.ThreadPoolExecutor;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.web.embedded.tomcat.TomcatWebServer;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;
import org.springframework.test.context.TestPropertySource;

/**
 * With admission on, the API connector's request threads are 4 per CPU unless {@code
 * server.tomcat.threads.max} says otherwise, and their executor stamps each task's hand-over time
 * (the wait before admission) and gives them a thread in a fair order among callers (first come
 * first served with {@code partition-by=none}); with admission off, Spring Boot's 200 and Tomcat's
 * own executor.
 */
class RequestThreadsTest extends GatewayTestSupport {
  @Autowired ServletWebServerApplicationContext context;

  @Test
  void fourRequestThreadsPerCpuBehindTheStampingExecutor() {
    assertThat(stamping(context).maxThreads())
        .isEqualTo(4 * Runtime.getRuntime().availableProcessors());
  }

  @Test
  void queuedTasksGetAThreadInAFairOrderAmongCallers() {
    assertThat(stamping(context).fair()).isTrue();
  }

  @Nested
  @TestPropertySource(properties = "gatefork.overload.partition-by=none")
  class OneBoundForAll extends GatewayTestSupport {
    @Autowired ServletWebServerApplicationContext context;

    @Test
    void firstComeFirstServed() {
      assertThat(stamping(context).fair()).isFalse();
    }
  }

  static StampingExecutor stamping(final ServletWebServerApplicationContext context) {
    return (StampingExecutor) apiProtocol(context).getExecutor();
  }

  static AbstractProtocol<?> apiProtocol(final ServletWebServerApplicationContext context) {
    return (AbstractProtocol<?>)
        ((TomcatWebServer) context.getWebServer()).getTomcat().getConnector().getProtocolHandler();
  }

  @Nested
  @TestPropertySource(properties = "server.tomcat.threads.max=50")
  class Configured extends GatewayTestSupport {
    @Autowired ServletWebServerApplicationContext context;

    @Test
    void theConfiguredNumberWins() {
      assertThat(stamping(context).maxThreads()).isEqualTo(50);
    }
  }

  @Nested
  @TestPropertySource(properties = "gatefork.overload.limit=off")
  class AdmissionOff extends GatewayTestSupport {
    @Autowired ServletWebServerApplicationContext context;

    @Test
    void springBootsThreadsAndTomcatsExecutor() {
      assertThat(apiProtocol(context).getMaxThreads()).isEqualTo(200);
      assertThat(apiProtocol(context).getExecutor()).isInstanceOf(ThreadPoolExecutor.class);
    }
  }
}

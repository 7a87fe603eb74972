package io.gatefork.gateway.rest.frontend;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.gateway.rest.support.RestTestSupport;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * A request the container times out before its service answered (Tomcat's async timeout, here 500
 * ms) is answered 504 ProblemDetail with its whole body. The answer is written from Tomcat's
 * timeout listener, where Tomcat refuses {@code AsyncContext.start}: the write happens there.
 */
@Import(ContainerTimeoutAnswerTest.ShortAsyncTimeout.class)
class ContainerTimeoutAnswerTest extends RestTestSupport {
  @LocalServerPort private int port;

  /** Times out a request whose answer takes longer than half a second. */
  @TestConfiguration
  static class ShortAsyncTimeout {
    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> shortAsyncTimeout() {
      return factory ->
          factory.addConnectorCustomizers(connector -> connector.setAsyncTimeout(500));
    }
  }

  @Test
  void aRequestTheContainerTimesOutIsAnswered504WithItsWholeBody() throws Exception {
    // the faked creation never completes
    final HttpResponse<String> answer =
        HttpClient.newHttpClient()
            .send(
                postCreation(port, "{\"processDefinitionId\":\"p\"}"),
                HttpResponse.BodyHandlers.ofString());

    assertThat(answer.statusCode()).isEqualTo(504);
    assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    assertThat(answer.body()).contains("\"status\":504").endsWith("}");
  }
}

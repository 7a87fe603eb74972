package io.gatefork.gateway.app.connection;

import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/** The REST connection age with stock Tomcat's protocol and Spring Boot's own front end. */
@TestPropertySource(
    properties = {
      "gatefork.rest.max-connection-age=1s",
      "gatefork.rest.keep-alive-on-error=false",
      "gatefork.rest.front-end=stock"
    })
class RestMaxConnectionAgeKeepAliveOnErrorOffTest extends ConnectionAgeSupport {

  @Test
  void theFirstAnswerAfterTheAgeClosesTheConnectionOnStockTomcat() throws Exception {
    theFirstAnswerAfterTheAgeClosesTheConnection();
  }
}

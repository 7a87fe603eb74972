package io.gatefork.gateway.app.connection;

import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/** {@code gatefork.rest.max-connection-age=0} with stock Tomcat's protocol: stock keep-alive. */
@TestPropertySource(
    properties = {"gatefork.rest.max-connection-age=0", "gatefork.rest.keep-alive-on-error=false"})
class RestMaxConnectionAgeOffTest extends ConnectionAgeSupport {

  @Test
  void aConnectionIsKeptForAHundredRequests() throws Exception {
    theConnectionIsKept();
  }
}

package io.gatefork.gateway.app.connection;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * Both connection ages 0 (stock): a gRPC client keeps its one connection, a REST keep-alive
 * connection is kept (with keep-alive-on-error on, the default).
 */
@TestPropertySource(
    properties = {"gatefork.grpc.max-connection-age=0", "gatefork.rest.max-connection-age=0"})
class MaxConnectionAgeOffTest extends ConnectionAgeSupport {

  @Test
  void aGrpcClientKeepsItsConnection() throws Exception {
    assertThat(grpcConnectionsOfRequestsFor5Seconds()).hasSize(1);
  }

  @Test
  void aRestConnectionIsKeptForAHundredRequests() throws Exception {
    theConnectionIsKept();
  }
}

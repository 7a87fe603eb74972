package io.gatefork.gateway.rest.stage;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import org.junit.jupiter.api.Test;

class HandlerOperationsTest {

  static final class Handlers {
    @GatewayOperation(RestOperations.TOPOLOGY)
    public void topology() {}

    public void undeclared() {}
  }

  @Test
  void answersTheOperationTheHandlerDeclaresEveryTime() throws Exception {
    final var operations = new HandlerOperations();
    final Method topology = Handlers.class.getMethod("topology");

    final String first = operations.of(topology);

    assertThat(first).isEqualTo("topology");
    assertThat(operations.of(topology)).isSameAs(first);
  }

  @Test
  void aMethodWithoutDeclarationHasNoOperation() throws Exception {
    assertThat(HandlerOperations.declared(Handlers.class.getMethod("undeclared"))).isNull();
  }
}

package io.gatefork.gateway.rest.operation;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.service.operation.Operation;
import java.lang.reflect.Method;
import org.junit.jupiter.api.Test;

class HandlerOperationsTest {

  static final class Handlers {
    @GatewayOperation(Operation.TOPOLOGY)
    public void topology() {}

    public void undeclared() {}
  }

  @Test
  void answersTheOperationTheHandlerDeclaresEveryTime() throws Exception {
    final var operations = new HandlerOperations();
    final Method topology = Handlers.class.getMethod("topology");

    final Operation first = operations.of(topology);

    assertThat(first).isEqualTo(Operation.TOPOLOGY);
    assertThat(operations.of(topology)).isSameAs(first);
  }

  @Test
  void aMethodWithoutDeclarationHasNoOperation() throws Exception {
    assertThat(HandlerOperations.declared(Handlers.class.getMethod("undeclared"))).isNull();
  }
}

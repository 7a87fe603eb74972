package io.gatefork.gateway.rest.operation;

import io.gatefork.service.operation.Operation;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The operation of each handler method, read from its {@link GatewayOperation} once and cached:
 * requests look it up, they never reflect. One instance serves the stage timing and admission.
 */
public final class HandlerOperations {
  private final Map<Method, Optional<Operation>> operations = new ConcurrentHashMap<>();

  /** The operation the handler method declares; a handler without one is a programming error. */
  public Operation of(final Method handler) {
    final Operation operation = declaredBy(handler);
    if (operation == null) {
      throw new IllegalStateException(
          "Handler "
              + handler.getDeclaringClass().getSimpleName()
              + "."
              + handler.getName()
              + " takes a RequestContext but declares no @GatewayOperation");
    }
    return operation;
  }

  /** The operation the handler method declares, or null when it declares none. */
  public Operation declaredBy(final Method handler) {
    Optional<Operation> operation = operations.get(handler);
    if (operation == null) {
      operation =
          operations.computeIfAbsent(handler, method -> Optional.ofNullable(declared(method)));
    }
    return operation.orElse(null);
  }

  /** The declared operation, or null when the method declares none (not cached). */
  public static Operation declared(final Method handler) {
    final GatewayOperation declaration = handler.getAnnotation(GatewayOperation.class);
    return declaration == null ? null : declaration.value();
  }
}

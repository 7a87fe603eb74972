package io.gatefork.gateway.rest.stage;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The operation of each handler method, read from its {@link GatewayOperation} once and cached:
 * requests look it up, they never reflect.
 */
public final class HandlerOperations {
  private final Map<Method, String> operations = new ConcurrentHashMap<>();

  /** The operation the handler method declares; a handler without one is a programming error. */
  public String of(final Method handler) {
    final String operation = operations.get(handler);
    return operation != null ? operation : operations.computeIfAbsent(handler, this::required);
  }

  /** The declared operation, or null when the method declares none. */
  public static String declared(final Method handler) {
    final GatewayOperation declaration = handler.getAnnotation(GatewayOperation.class);
    return declaration == null ? null : declaration.value();
  }

  private String required(final Method handler) {
    final String operation = declared(handler);
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
}

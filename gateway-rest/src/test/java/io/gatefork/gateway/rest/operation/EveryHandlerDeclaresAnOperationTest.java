package io.gatefork.gateway.rest.operation;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.gateway.rest.contract.UnservedOperationHandler;
import io.gatefork.gateway.rest.stage.OperationLabel;
import io.gatefork.gateway.rest.support.GatewayRestTest;
import io.gatefork.service.RequestContext;
import io.gatefork.service.operation.Operation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.web.servlet.error.ErrorController;
import org.springframework.core.MethodParameter;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Every handler of this module, as the running application maps it, is either an operation (it
 * declares its {@link Operation} and takes the {@link RequestContext} last) or on a class marked
 * {@link NotTimed}; a failure names the handlers that are neither.
 */
@GatewayRestTest
class EveryHandlerDeclaresAnOperationTest {
  private static final String MODULE_PACKAGE = "io.gatefork.gateway.rest.";

  @Autowired
  @Qualifier("requestMappingHandlerMapping")
  private RequestMappingHandlerMapping handlerMapping;

  @Test
  void everyHandlerDeclaresAnOperationAndTakesTheContextLast() {
    final List<String> offenders = new ArrayList<>();
    int operations = 0;
    for (final HandlerMethod handler : moduleHandlers()) {
      if (handler.getBeanType().isAnnotationPresent(NotTimed.class)
          || ErrorController.class.isAssignableFrom(handler.getBeanType())) {
        continue; // the container's error page: no operation of the API
      }
      operations++;
      final Operation operation = HandlerOperations.declared(handler.getMethod());
      if (operation == null) {
        offenders.add(handler.getShortLogMessage() + " declares no @GatewayOperation");
      }
      if (!takesTheContextLast(handler)) {
        offenders.add(
            handler.getShortLogMessage()
                + " does not take the RequestContext after its other arguments");
      }
    }

    assertThat(offenders).as("handlers that are no operation").isEmpty();
    assertThat(operations).as("operations found").isGreaterThan(80);
  }

  @Test
  void untimedHandlersTakeNoContextAndIncludeTheUnservedOperations() {
    final List<String> offenders = new ArrayList<>();
    boolean unservedFound = false;
    for (final HandlerMethod handler : moduleHandlers()) {
      if (!handler.getBeanType().isAnnotationPresent(NotTimed.class)) {
        continue;
      }
      unservedFound |= handler.getBeanType() == UnservedOperationHandler.class;
      if (HandlerOperations.declared(handler.getMethod()) != null || contextIndex(handler) >= 0) {
        offenders.add(handler.getShortLogMessage() + " is @NotTimed but names an operation");
      }
    }

    assertThat(offenders).isEmpty();
    assertThat(unservedFound).as("the unserved operations' handler is mapped").isTrue();
  }

  private List<HandlerMethod> moduleHandlers() {
    final List<HandlerMethod> handlers = new ArrayList<>();
    for (final HandlerMethod handler : handlerMapping.getHandlerMethods().values()) {
      if (handler.getBeanType().getName().startsWith(MODULE_PACKAGE)) {
        handlers.add(handler);
      }
    }
    return handlers;
  }

  /** Arguments resolve in order: entered is marked once everything before it was read. */
  private static boolean takesTheContextLast(final HandlerMethod handler) {
    final MethodParameter[] parameters = handler.getMethodParameters();
    final int context = contextIndex(handler);
    if (context < 0) {
      return false;
    }
    for (int i = context + 1; i < parameters.length; i++) {
      if (parameters[i].getParameterType() != OperationLabel.class) {
        return false;
      }
    }
    return true;
  }

  private static int contextIndex(final HandlerMethod handler) {
    final MethodParameter[] parameters = handler.getMethodParameters();
    for (int i = 0; i < parameters.length; i++) {
      if (parameters[i].getParameterType() == RequestContext.class) {
        return i;
      }
    }
    return -1;
  }
}

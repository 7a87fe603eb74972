package io.gatefork.service.variable;

import io.gatefork.service.RequestContext;
import java.util.concurrent.CompletableFuture;

public interface VariableServices {

  /**
   * Sets variables in a scope ({@code VARIABLE_DOCUMENT.UPDATE}; the broker answers {@code
   * UPDATED}).
   *
   * @return the key of the variable document update
   */
  CompletableFuture<Long> setVariables(RequestContext context, SetVariables command);
}

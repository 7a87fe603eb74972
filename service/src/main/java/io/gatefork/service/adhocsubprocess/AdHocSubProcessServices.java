package io.gatefork.service.adhocsubprocess;

import io.gatefork.service.RequestContext;
import java.util.concurrent.CompletableFuture;

public interface AdHocSubProcessServices {

  /**
   * Activates elements of an active ad-hoc sub-process ({@code
   * AD_HOC_SUB_PROCESS_INSTRUCTION.ACTIVATE}; the broker answers {@code ACTIVATED}).
   */
  CompletableFuture<Void> activateActivities(
      RequestContext context, ActivateAdHocSubProcessActivities command);
}

package io.gatefork.service.adhocsubprocess;

import java.util.List;

/**
 * @param elements the elements to activate, at least one
 * @param cancelRemainingInstances complete the sub-process once these are done, cancelling the
 *     elements still active
 */
public record ActivateAdHocSubProcessActivities(
    long adHocSubProcessInstanceKey, List<Element> elements, boolean cancelRemainingInstances) {

  /**
   * @param variablesJson a JSON object created in the activated element's scope, or null
   */
  public record Element(String elementId, String variablesJson) {}
}

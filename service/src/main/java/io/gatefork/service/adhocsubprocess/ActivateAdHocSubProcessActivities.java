package io.gatefork.service.adhocsubprocess;

import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.validation.FieldRules;
import java.util.List;

/**
 * Its field rules hold once it exists: REST builds it from its request, so a missing or empty list
 * of elements, or an element without its id, is refused there, once, before the service is called.
 * The key and the variables are the service's to check.
 *
 * @param elements the elements to activate, at least one
 * @param cancelRemainingInstances complete the sub-process once these are done, cancelling the
 *     elements still active
 */
public record ActivateAdHocSubProcessActivities(
    long adHocSubProcessInstanceKey, List<Element> elements, boolean cancelRemainingInstances) {

  public ActivateAdHocSubProcessActivities {
    FieldRules.requireNonEmpty("elements", elements);
    FieldRules.texts(
        "elements",
        "elementId",
        elements.stream().map(element -> element == null ? null : element.elementId()).toList());
  }

  /**
   * @param variables a JSON object created in the activated element's scope, or null
   */
  public record Element(String elementId, JsonDocument variables) {}
}

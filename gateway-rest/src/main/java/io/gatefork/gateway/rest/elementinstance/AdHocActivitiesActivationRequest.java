package io.gatefork.gateway.rest.elementinstance;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.gatefork.service.codec.JsonDocument;
import java.util.List;

/** Body of the ad-hoc sub-process activation; at least one element is required. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record AdHocActivitiesActivationRequest(
    List<Element> elements, Boolean cancelRemainingInstances) {

  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Element(String elementId, JsonDocument variables) {}
}

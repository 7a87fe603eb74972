package io.gatefork.service.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gatefork.service.validation.FieldViolation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Both front ends build the result, so an element to activate without its id cannot be sent. */
class JobCompletionResultTest {

  @Test
  void anAdHocElementWithoutIdCannotBeMade() {
    final var elements = new ArrayList<JobCompletionResult.ActivateElement>();
    elements.add(new JobCompletionResult.ActivateElement("a", null));
    elements.add(null);
    assertThatThrownBy(() -> new JobCompletionResult.AdHocSubProcess(elements, false, false))
        .isInstanceOf(FieldViolation.class)
        .hasMessage("result.activateElements[1].elementId: is required");
    assertThatThrownBy(
            () ->
                new JobCompletionResult.AdHocSubProcess(
                    List.of(new JobCompletionResult.ActivateElement("", null)), false, false))
        .isInstanceOf(FieldViolation.class)
        .hasMessage("result.activateElements[0].elementId: must not be blank");
  }

  @Test
  void noElementsActivateNothing() {
    assertThat(new JobCompletionResult.AdHocSubProcess(null, true, false).activateElements())
        .isEmpty();
  }
}

package io.gatefork.gateway.rest.frontend;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.validation.FieldRules;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.web.servlet.ModelAndView;

class ServiceExceptionAnswersTest {
  private final ServiceExceptionAnswers answers =
      new ServiceExceptionAnswers(
          new AnswerWriter(new ObjectMapper().writer(), java.time.Duration.ofSeconds(60)));
  private final MockHttpServletRequest request =
      new MockHttpServletRequest("POST", "/v2/process-instances");
  private final MockHttpServletResponse response = new MockHttpServletResponse();

  @Test
  void answersAServiceExceptionWithItsProblemAndMarksItHandled() throws Exception {
    final ModelAndView handled =
        answers.resolveException(
            request,
            response,
            null,
            FieldRules.invalid("processDefinitionId", "must not be blank"));

    assertThat(handled).isNotNull();
    assertThat(handled.isEmpty()).isTrue();
    assertThat(response.getStatus()).isEqualTo(400);
    assertThat(response.getContentType()).startsWith("application/problem+json");
    assertThat(response.getContentAsString())
        .contains("\"title\":\"INVALID_ARGUMENT\"")
        .contains("\"detail\":\"processDefinitionId: must not be blank\"")
        .contains("\"instance\":\"/v2/process-instances\"");
  }

  @Test
  void answersAMappedStatusOtherThanInvalidArgument() throws Exception {
    answers.resolveException(
        request, response, null, new ServiceException(ServiceStatus.FORBIDDEN, "no"));

    assertThat(response.getStatus()).isEqualTo(403);
  }

  @Test
  void leavesEveryOtherExceptionToSpringMvc() {
    assertThat(answers.resolveException(request, response, null, new IllegalStateException()))
        .isNull();
    assertThat(response.getContentLength()).isZero();
  }
}

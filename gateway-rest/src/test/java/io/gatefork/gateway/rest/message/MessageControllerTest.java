package io.gatefork.gateway.rest.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import io.gatefork.gateway.rest.support.RestTestSupport;
import io.gatefork.service.message.MessagePublished;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

class MessageControllerTest extends RestTestSupport {
  private static final String PATH = "/v2/messages/publication";

  private static MockHttpServletRequestBuilder publish(final String json) {
    return post(PATH).contentType(MediaType.APPLICATION_JSON).content(json);
  }

  @Test
  void publishesAndAnswersTheKeyAsString() throws Exception {
    fakes.messages.publish.succeedWith(new MessagePublished(2251799813685300L, "tenant-a"));

    final var result =
        performAsync(
            publish(
                """
                {"name": "payment-received", "correlationKey": "order-42", "timeToLive": 60000,
                 "messageId": "m-1", "variables": {"amount": 10}, "tenantId": "tenant-a"}
                """));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(200);
    final var body = json(result);
    assertThat(body.path("messageKey").isTextual()).isTrue();
    assertThat(body.path("messageKey").asText()).isEqualTo("2251799813685300");
    assertThat(body.path("tenantId").asText()).isEqualTo("tenant-a");
    final var command = fakes.messages.publish.lastCall().command();
    assertThat(command.name()).isEqualTo("payment-received");
    assertThat(command.correlationKey()).isEqualTo("order-42");
    assertThat(command.timeToLiveMillis()).isEqualTo(60000);
    assertThat(command.messageId()).isEqualTo("m-1");
    assertThat(command.variables().toJson()).isEqualTo("{\"amount\":10}");
    assertThat(command.tenantId()).isEqualTo("tenant-a");
  }

  @Test
  void defaultsOptionalFields() throws Exception {
    fakes.messages.publish.succeedWith(new MessagePublished(1L, "<default>"));

    performAsync(publish("{\"name\": \"ping\"}"));

    final var command = fakes.messages.publish.lastCall().command();
    assertThat(command.correlationKey()).isEmpty();
    assertThat(command.timeToLiveMillis()).isZero();
    assertThat(command.messageId()).isNull();
    assertThat(command.variables()).isNull();
    assertThat(command.tenantId()).isNull();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          name missing          | {"correlationKey": "k"}                  | name: is required
          name blank            | {"name": "  "}                           | name: must not be blank
          negative ttl          | {"name": "n", "timeToLive": -1}          | timeToLive: must not be negative
          ttl not a number      | {"name": "n", "timeToLive": "1h"}        | timeToLive: must be an int64 number
          variables not object  | {"name": "n", "variables": 5}            | variables: must be a JSON object
          correlation key array | {"name": "n", "correlationKey": ["a"]}   | correlationKey: must be a string
          """)
  void rejectsBadInputWithTheFieldNamed(final String name, final String json, final String detail)
      throws Exception {
    final var result = performSync(publish(json));

    assertProblem(result, 400, "INVALID_ARGUMENT", detail, PATH);
    assertThat(fakes.calls()).isZero();
  }
}

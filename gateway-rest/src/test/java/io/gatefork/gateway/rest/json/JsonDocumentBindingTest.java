package io.gatefork.gateway.rest.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import io.gatefork.service.codec.JsonDocument;
import org.junit.jupiter.api.Test;
import org.springframework.http.converter.json.Jackson2ObjectMapperBuilder;

class JsonDocumentBindingTest {
  private final ObjectMapper mapper = mapper();

  record Holder(JsonDocument variables, String after) {}

  private static ObjectMapper mapper() {
    final var builder = new Jackson2ObjectMapperBuilder();
    new StrictJsonBinding().customize(builder);
    return builder.build();
  }

  @Test
  void readsTheObjectAsTheDocumentTheBrokerGets() throws Exception {
    final String variables =
        "{\"a\": 1.10, \"e\": 1e3, \"s\": \"x\\\"y\\u00e9\","
            + " \"nested\": {\"list\": [true, null, {\"k\": []}]}}";
    final Holder holder =
        mapper.readValue(
            "{\"variables\": " + variables + ", \"after\": \"still parsed\"}", Holder.class);

    assertThat(holder.variables()).isEqualTo(JsonDocument.fromJson("variables", variables));
    assertThat(holder.after()).isEqualTo("still parsed");
  }

  @Test
  void writesTheDocumentAsItsObject() throws Exception {
    final var document = JsonDocument.ofJson("{\"a\":1.5,\"s\":\"é\",\"l\":[{}]}");

    assertThat(mapper.writeValueAsString(new Holder(document, "x")))
        .isEqualTo("{\"variables\":{\"a\":1.5,\"s\":\"é\",\"l\":[{}]},\"after\":\"x\"}");
  }

  @Test
  void keepsAnEmptyObject() throws Exception {
    assertThat(mapper.readValue("{\"variables\": {}}", Holder.class).variables())
        .isEqualTo(JsonDocument.EMPTY);
  }

  @Test
  void readsJsonNullAndAbsenceAsNull() throws Exception {
    assertThat(mapper.readValue("{\"variables\": null}", Holder.class).variables()).isNull();
    assertThat(mapper.readValue("{}", Holder.class).variables()).isNull();
  }

  @Test
  void refusesAnythingButAnObjectWithThePropertyPath() {
    for (final String value : new String[] {"[]", "\"{}\"", "1", "true"}) {
      assertThatThrownBy(() -> mapper.readValue("{\"variables\": " + value + "}", Holder.class))
          .as(value)
          .isInstanceOfSatisfying(
              MismatchedInputException.class,
              e -> {
                assertThat(e.getPath()).hasSize(1);
                assertThat(e.getPath().get(0).getFieldName()).isEqualTo("variables");
                assertThat(e.getTargetType()).isEqualTo(JsonDocument.class);
              });
    }
  }

  @Test
  void refusesANumberMessagePackCannotHoldWithThePropertyPath() {
    assertThatThrownBy(
            () ->
                mapper.readValue(
                    "{\"variables\": {\"big\": 123456789012345678901234567890}}", Holder.class))
        .isInstanceOfSatisfying(
            JsonMappingException.class,
            e -> {
              assertThat(e.getPath()).isNotEmpty();
              assertThat(e.getPath().get(0).getFieldName()).isEqualTo("variables");
              assertThat(e.getOriginalMessage()).contains("64 bits");
            });
  }
}

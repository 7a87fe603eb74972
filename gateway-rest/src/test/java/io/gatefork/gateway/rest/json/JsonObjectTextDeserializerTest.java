package io.gatefork.gateway.rest.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import org.junit.jupiter.api.Test;

class JsonObjectTextDeserializerTest {
  private final ObjectMapper mapper = new ObjectMapper();

  record Holder(JsonObjectText variables, String after) {}

  @Test
  void copiesTheObjectAsCompactTextWithoutRoundingNumbers() throws Exception {
    final Holder holder =
        mapper.readValue(
            """
            {"variables": {"a": 1.10, "big": 12345678901234567890123, "e": 1e400,
                           "s": "x\\"y\\u00e9", "nested": {"list": [true, null, {"k": []}]}},
             "after": "still parsed"}
            """,
            Holder.class);

    // no double round trip: 1.10 keeps its scale, 1e400 stays finite (BigDecimal notation)
    assertThat(holder.variables().json())
        .isEqualTo(
            "{\"a\":1.10,\"big\":12345678901234567890123,\"e\":1E+400,\"s\":\"x\\\"yé\","
                + "\"nested\":{\"list\":[true,null,{\"k\":[]}]}}");
    assertThat(holder.after()).isEqualTo("still parsed");
  }

  @Test
  void keepsAnEmptyObject() throws Exception {
    assertThat(mapper.readValue("{\"variables\": {}}", Holder.class).variables().json())
        .isEqualTo("{}");
  }

  @Test
  void readsJsonNullAndAbsenceAsNull() throws Exception {
    assertThat(mapper.readValue("{\"variables\": null}", Holder.class).variables()).isNull();
    assertThat(mapper.readValue("{}", Holder.class).variables()).isNull();
    assertThat(JsonObjectText.jsonOrNull(null)).isNull();
  }

  @Test
  void rejectsAnythingButAnObjectWithThePropertyPath() {
    for (final String value : new String[] {"[]", "\"{}\"", "1", "true"}) {
      assertThatThrownBy(() -> mapper.readValue("{\"variables\": " + value + "}", Holder.class))
          .as(value)
          .isInstanceOfSatisfying(
              MismatchedInputException.class,
              e -> {
                assertThat(e.getPath()).hasSize(1);
                assertThat(e.getPath().get(0).getFieldName()).isEqualTo("variables");
                assertThat(e.getTargetType()).isEqualTo(JsonObjectText.class);
              });
    }
  }
}

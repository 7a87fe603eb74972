package io.gatefork.gateway.rest.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.converter.json.Jackson2ObjectMapperBuilder;

class StrictJsonBindingTest {
  private final ObjectMapper mapper = strictMapper();

  record Body(String name, Long timestamp, Integer retries, Boolean flag, List<String> names) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Lenient(String name) {}

  private static ObjectMapper strictMapper() {
    final var builder = Jackson2ObjectMapperBuilder.json();
    new StrictJsonBinding().customize(builder);
    return builder.build();
  }

  @Test
  void valuesOfTheirOwnTypeBind() throws Exception {
    final Body body =
        mapper.readValue(
            "{\"name\":\"n\",\"timestamp\":12,\"retries\":3,\"flag\":true,\"names\":[\"a\"]}",
            Body.class);

    assertThat(body).isEqualTo(new Body("n", 12L, 3, true, List.of("a")));
  }

  @Test
  void noScalarIsCoercedIntoAnotherType() {
    for (final String json :
        List.of(
            "{\"name\":false}",
            "{\"name\":12}",
            "{\"name\":1.5}",
            "{\"names\":[1]}",
            "{\"timestamp\":\"12\"}",
            "{\"timestamp\":1.5}",
            "{\"timestamp\":true}",
            "{\"retries\":\"\"}",
            "{\"flag\":\"true\"}",
            "{\"flag\":1}")) {
      assertThatThrownBy(() -> mapper.readValue(json, Body.class))
          .as(json)
          .isInstanceOfSatisfying(
              MismatchedInputException.class, e -> assertThat(e.getPath()).isNotEmpty());
    }
  }

  @Test
  void unknownPropertiesFailUnlessTheRecordAllowsThem() throws Exception {
    assertThatThrownBy(() -> mapper.readValue("{\"name\":\"n\",\"other\":1}", Body.class))
        .isInstanceOf(UnrecognizedPropertyException.class);
    assertThat(mapper.readValue("{\"name\":\"n\",\"other\":1}", Lenient.class).name())
        .isEqualTo("n");
  }
}

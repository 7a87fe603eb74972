package io.gatefork.service.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonDocumentsTest {

  @Test
  void roundTripsAnObject() {
    final var msgPack = JsonDocuments.toMsgPack("variables", "{\"a\":1,\"b\":[true,\"x\"]}");

    assertThat(JsonDocuments.toJson(msgPack)).isEqualTo("{\"a\":1,\"b\":[true,\"x\"]}");
  }

  @Test
  void nullOrBlankMeansNoDocument() {
    assertThat(JsonDocuments.toMsgPack("variables", null)).isNull();
    assertThat(JsonDocuments.toMsgPack("variables", "  ")).isNull();
  }

  @Test
  void anEmptyBufferReadsAsAnEmptyObject() {
    assertThat(JsonDocuments.toJson(new UnsafeBuffer(new byte[0]))).isEqualTo("{}");
  }

  @ParameterizedTest
  @ValueSource(strings = {"[1]", "42", "\"text\"", "null", "true", "{\"a\":", "{a b}"})
  void rejectsWhatIsNotAJsonObjectNamingTheField(final String json) {
    assertThatThrownBy(() -> JsonDocuments.toMsgPack("variables", json))
        .isInstanceOf(ServiceException.class)
        .hasMessageStartingWith("variables: expected a JSON object")
        .extracting(e -> ((ServiceException) e).status())
        .isEqualTo(ServiceStatus.INVALID_ARGUMENT);
  }
}

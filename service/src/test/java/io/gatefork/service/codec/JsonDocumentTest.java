package io.gatefork.service.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonDocumentTest {
  private static final JsonFactory JSON = new JsonFactory();

  /** Objects of every kind of value, as clients send them. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "{}",
        "{\"a\":1,\"b\":[true,\"x\",null],\"c\":{\"d\":{}}}",
        "{\"int\":2147483648,\"long\":-9223372036854775808,\"big\":18446744073709551615}",
        "{\"amount\":12.50,\"tiny\":1.0E-300,\"neg\":-0.5,\"e\":1e3}",
        "{\"text\":\"quote \\\" backslash \\\\ tab \\t newline \\n ctl \\u0001 é € 😀\"}",
        "{\"nested\":[[1,[2,[3]]],{\"k\":[{}]}]}"
      })
  void readsAndWritesInOnePassWhatTheConverterMakesInTwo(final String json) throws IOException {
    final byte[] converted = MsgPackConverter.convertToMsgPack(json);

    // in: REST reads the request's object straight into MessagePack
    final JsonDocument read;
    try (JsonParser parser = JSON.createParser("{\"variables\":" + json + ",\"after\":1}")) {
      parser.nextToken(); // the body
      parser.nextToken(); // variables
      parser.nextToken(); // its object
      read = JsonDocument.read(parser);
      assertThat(parser.currentToken()).isEqualTo(JsonToken.END_OBJECT);
      assertThat(parser.nextToken()).isEqualTo(JsonToken.FIELD_NAME); // the rest is left
    }
    assertThat(read).isEqualTo(JsonDocument.copyOf(new UnsafeBuffer(converted)));
    assertThat(read).isEqualTo(JsonDocument.fromJson("variables", json));

    // out: bytes, as an answer is serialised (a writer would not escape characters beyond the BMP)
    final var bytes = new ByteArrayOutputStream();
    try (JsonGenerator generator = JSON.createGenerator(bytes)) {
      read.writeJson(generator);
    }
    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .isEqualTo(MsgPackConverter.convertToJson(converted));
    assertThat(read.toJson()).isEqualTo(MsgPackConverter.convertToJson(converted));
  }

  @Test
  void nullOrBlankTextMeansNoDocument() {
    assertThat(JsonDocument.fromJson("variables", null)).isNull();
    assertThat(JsonDocument.fromJson("variables", "  ")).isNull();
    assertThat(JsonDocument.bufferOf(null)).isNull();
  }

  @ParameterizedTest
  @ValueSource(strings = {"[1]", "42", "\"text\"", "null", "true", "{\"a\":", "{a b}"})
  void refusesWhatIsNotAJsonObjectNamingTheField(final String json) {
    assertThatThrownBy(() -> JsonDocument.fromJson("variables", json))
        .isInstanceOf(ServiceException.class)
        .hasMessageStartingWith("variables: expected a JSON object")
        .extracting(e -> ((ServiceException) e).status())
        .isEqualTo(ServiceStatus.INVALID_ARGUMENT);
  }

  @Test
  void anEmptyObjectFromAnyWhereIsEmpty() throws IOException {
    final var bytes = new ByteArrayOutputStream();
    try (JsonGenerator generator = JSON.createGenerator(bytes)) {
      JsonDocument.ofJson("{}").writeJson(generator);
    }
    assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo("{}");
    assertThat(JsonDocument.ofJson("{}").isEmpty()).isTrue();
    assertThat(JsonDocument.ofJson("{\"a\":{}}").isEmpty()).isFalse();
  }

  @Test
  void noDocumentInARecordReadsAsAnEmptyObject() {
    assertThat(JsonDocument.copyOf(null).toJson()).isEqualTo("{}");
    assertThat(JsonDocument.copyOf(new UnsafeBuffer(new byte[0]))).isEqualTo(JsonDocument.EMPTY);
  }

  @Test
  void isACopyOfTheBufferItCameFrom() {
    final byte[] bytes = MsgPackConverter.convertToMsgPack("{\"a\":1}");
    final JsonDocument document = JsonDocument.copyOf(new UnsafeBuffer(bytes));

    bytes[bytes.length - 1] = 2; // the answer buffer is reused for the next answer

    assertThat(document.toJson()).isEqualTo("{\"a\":1}");
  }
}

package io.gatefork.service.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.validation.FieldRules;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.msgpack.jackson.dataformat.MessagePackFactory;

/**
 * A JSON object — variables, a job's headers — as records carry it: MessagePack. Each edge converts
 * it once, where it reads or writes it: REST copies a request's object straight from its parser
 * ({@link #read}) and an answer's straight into its generator ({@link #writeJson}), on the request
 * thread; gRPC, whose messages carry documents as JSON text, uses {@link #fromJson} and {@link
 * #toJson}. Only objects are documents: arrays, scalars and malformed JSON are bad input, reported
 * with the field's name before anything is sent.
 *
 * <p>Converting through JSON text instead cost a large document two more passes each way, and on
 * the way out its milliseconds on the API executor that every answer of both APIs goes through.
 */
public final class JsonDocument {
  private static final byte[] EMPTY_MAP = {(byte) 0x80}; // fixmap of size 0
  private static final MessagePackFactory MSGPACK = new MessagePackFactory();

  /** {@code {}}. */
  public static final JsonDocument EMPTY = new JsonDocument(EMPTY_MAP);

  private final byte[] msgPack;

  private JsonDocument(final byte[] msgPack) {
    this.msgPack = msgPack;
  }

  /**
   * A copy of the document in {@code buffer}: the records it comes from are flyweights over an
   * answer buffer that is reused. An empty or absent buffer (no document) reads as {@code {}}.
   */
  public static JsonDocument copyOf(final DirectBuffer buffer) {
    if (buffer == null || buffer.capacity() == 0) {
      return EMPTY;
    }
    final byte[] bytes = new byte[buffer.capacity()];
    buffer.getBytes(0, bytes);
    return new JsonDocument(bytes);
  }

  /**
   * The document of a JSON object's text, as gRPC carries it.
   *
   * @return the document, or null when {@code json} is null or blank (nothing to set)
   * @throws ServiceException INVALID_ARGUMENT naming {@code field} when it is not a JSON object
   */
  public static JsonDocument fromJson(final String field, final String json) {
    if (json == null || json.isBlank()) {
      return null;
    }
    final byte[] bytes;
    try {
      bytes = MsgPackConverter.convertToMsgPack(json);
    } catch (final RuntimeException e) {
      throw FieldRules.invalid(
          field, "expected a JSON object, but it is not valid JSON (" + rootMessage(e) + ")");
    }
    if (bytes.length == 0 || !isMap(bytes[0])) {
      throw FieldRules.notA(field, "a JSON object", describe(bytes));
    }
    return new JsonDocument(bytes);
  }

  /** The document of a JSON object's text; for tests and fakes. */
  public static JsonDocument ofJson(final String json) {
    final JsonDocument document = fromJson("document", json);
    return document == null ? EMPTY : document;
  }

  /**
   * Reads the JSON object at {@code parser}'s current token (which must be its start) into a
   * document, in one pass, leaving the parser at the object's end.
   */
  public static JsonDocument read(final JsonParser parser) throws IOException {
    if (parser.currentToken() != JsonToken.START_OBJECT) {
      throw new IllegalArgumentException("Expected the start of a JSON object");
    }
    final var bytes = new ByteArrayOutputStream(256);
    try (JsonGenerator generator = MSGPACK.createGenerator(bytes)) {
      int depth = 0;
      JsonToken token = parser.currentToken();
      do {
        if (token == JsonToken.VALUE_STRING) {
          // not copyCurrentEvent: jackson-dataformat-msgpack 0.9.10 mis-indexes a string handed
          // over as a slice of the parser's buffer (writeString(char[], offset, length))
          generator.writeString(parser.getText());
        } else {
          // numbers as the stock converter copies them (its copyCurrentStructure)
          generator.copyCurrentEvent(parser);
        }
        if (token.isStructStart()) {
          depth++;
        } else if (token.isStructEnd()) {
          depth--;
        }
        token = depth == 0 ? null : parser.nextToken();
      } while (token != null);
    }
    return new JsonDocument(bytes.toByteArray());
  }

  /** The document to set on a record, or null for none. */
  public static DirectBuffer bufferOf(final JsonDocument document) {
    return document == null ? null : new UnsafeBuffer(document.msgPack);
  }

  /** The JSON text (gRPC's documents are strings). */
  public String toJson() {
    return isEmpty() ? "{}" : MsgPackConverter.convertToJson(msgPack);
  }

  /** Whether it is {@code {}}. */
  public boolean isEmpty() {
    return msgPack.length == 1 && msgPack[0] == EMPTY_MAP[0];
  }

  /** Writes the document as the next JSON value of {@code generator}, in one pass. */
  public void writeJson(final JsonGenerator generator) throws IOException {
    if (isEmpty()) {
      // most answers' documents (a create's variables): no parser for them
      generator.writeStartObject();
      generator.writeEndObject();
      return;
    }
    try (JsonParser parser = MSGPACK.createParser(msgPack)) {
      parser.nextToken();
      generator.copyCurrentStructure(parser);
    }
  }

  @Override
  public boolean equals(final Object other) {
    return other instanceof final JsonDocument document && Arrays.equals(msgPack, document.msgPack);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(msgPack);
  }

  /** The JSON text. */
  @Override
  public String toString() {
    return toJson();
  }

  // msgpack map headers: fixmap 0x80-0x8f, map16 0xde, map32 0xdf
  private static boolean isMap(final byte header) {
    final int b = header & 0xff;
    return (b >= 0x80 && b <= 0x8f) || b == 0xde || b == 0xdf;
  }

  private static String describe(final byte[] msgPack) {
    if (msgPack.length == 0) {
      return "nothing";
    }
    final int b = msgPack[0] & 0xff;
    if ((b >= 0x90 && b <= 0x9f) || b == 0xdc || b == 0xdd) {
      return "an array";
    }
    return b == 0xc0 ? "null" : "a scalar value";
  }

  private static String rootMessage(final Throwable e) {
    Throwable current = e;
    while (current.getCause() != null && current.getCause() != current) {
      current = current.getCause();
    }
    final String message = current.getMessage();
    if (message == null) {
      return current.getClass().getSimpleName();
    }
    // Jackson appends the source location on further lines
    final int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}

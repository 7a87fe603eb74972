package io.gatefork.service.codec;

import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.validation.FieldRules;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * JSON objects (as clients send them) to MessagePack documents (as records carry them) and back.
 * Only objects are documents: arrays, scalars and malformed JSON are bad input, reported with the
 * field's name before anything is sent.
 */
public final class JsonDocuments {
  private static final String EMPTY_OBJECT = "{}";

  private JsonDocuments() {}

  /**
   * @return the document, or null when {@code json} is null or blank (nothing to set)
   * @throws ServiceException INVALID_ARGUMENT naming {@code field} when it is not a JSON object
   */
  public static DirectBuffer toMsgPack(final String field, final String json) {
    if (json == null || json.isBlank()) {
      return null;
    }
    final byte[] msgPack;
    try {
      msgPack = MsgPackConverter.convertToMsgPack(json);
    } catch (final RuntimeException e) {
      throw FieldRules.invalid(
          field, "expected a JSON object, but it is not valid JSON (" + rootMessage(e) + ")");
    }
    if (msgPack.length == 0 || !isMap(msgPack[0])) {
      throw FieldRules.notA(field, "a JSON object", describe(msgPack));
    }
    return new UnsafeBuffer(msgPack);
  }

  /** A document as JSON; an empty buffer (no document) reads as {@code {}}. */
  public static String toJson(final DirectBuffer document) {
    if (document == null || document.capacity() == 0) {
      return EMPTY_OBJECT;
    }
    return MsgPackConverter.convertToJson(document);
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

package io.gatefork.gateway.rest.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.gatefork.service.codec.JsonDocument;
import java.io.IOException;

/**
 * How a {@link JsonDocument} — variables, a job's headers — binds in REST bodies (registered by
 * {@link StrictJsonBinding}): read straight from the request's parser into MessagePack, written
 * straight from MessagePack into the answer's generator; no JSON text, tree or map in between.
 */
public final class JsonDocumentBinding {
  private JsonDocumentBinding() {}

  /** Writes a document as its JSON object. */
  public static final class Writer extends StdSerializer<JsonDocument> {
    public Writer() {
      super(JsonDocument.class);
    }

    @Override
    public void serialize(
        final JsonDocument document,
        final JsonGenerator generator,
        final SerializerProvider provider)
        throws IOException {
      document.writeJson(generator);
    }
  }

  /**
   * Reads a JSON object into a document. Anything but an object (or JSON null, which Jackson turns
   * into null before calling this) fails with a mismatched-input error that carries the property
   * path, so the 400 names the field.
   */
  public static final class Reader extends StdDeserializer<JsonDocument> {
    public Reader() {
      super(JsonDocument.class);
    }

    @Override
    public JsonDocument deserialize(final JsonParser parser, final DeserializationContext context)
        throws IOException {
      if (parser.currentToken() != JsonToken.START_OBJECT) {
        return (JsonDocument) context.handleUnexpectedToken(JsonDocument.class, parser);
      }
      try {
        return JsonDocument.read(parser);
      } catch (final IllegalArgumentException unrepresentable) {
        // e.g. an integer beyond 64 bits: MessagePack has no such number
        throw JsonMappingException.from(
            parser,
            "expected a JSON object whose numbers fit in 64 bits, but "
                + unrepresentable.getMessage(),
            unrepresentable);
      }
    }
  }
}

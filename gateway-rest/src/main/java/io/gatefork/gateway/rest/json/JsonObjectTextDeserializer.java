package io.gatefork.gateway.rest.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import java.io.IOException;
import java.io.StringWriter;

/**
 * Copies a JSON object token by token into its text in one pass. Anything but an object (or JSON
 * null, which Jackson turns into null before calling us) fails with a mismatched-input error that
 * carries the property path, so the 400 names the field.
 */
public final class JsonObjectTextDeserializer extends StdDeserializer<JsonObjectText> {
  private static final JsonFactory FALLBACK_FACTORY = new JsonFactory();

  public JsonObjectTextDeserializer() {
    super(JsonObjectText.class);
  }

  @Override
  public JsonObjectText deserialize(final JsonParser parser, final DeserializationContext context)
      throws IOException {
    if (parser.currentToken() != JsonToken.START_OBJECT) {
      return (JsonObjectText) context.handleUnexpectedToken(JsonObjectText.class, parser);
    }
    final JsonFactory factory =
        parser.getCodec() != null ? parser.getCodec().getFactory() : FALLBACK_FACTORY;
    final var text = new StringWriter(128);
    try (JsonGenerator generator = factory.createGenerator(text)) {
      int depth = 0;
      JsonToken token = parser.currentToken();
      do {
        // exact copy keeps number literals as written (no double round trip)
        generator.copyCurrentEventExact(parser);
        if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
          depth++;
        } else if (token == JsonToken.END_OBJECT || token == JsonToken.END_ARRAY) {
          depth--;
        }
        if (depth == 0) {
          break;
        }
        token = parser.nextToken();
      } while (token != null);
    }
    return new JsonObjectText(text.toString());
  }
}

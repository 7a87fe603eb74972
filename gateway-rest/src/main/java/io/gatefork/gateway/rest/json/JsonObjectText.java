package io.gatefork.gateway.rest.json;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;

/**
 * A JSON object from a request body, kept as its JSON text: the service layer wants variables as a
 * JSON string, so copying the tokens once beats building a tree or a map and serialising it again.
 */
@JsonDeserialize(using = JsonObjectTextDeserializer.class)
public record JsonObjectText(String json) {

  /** The JSON text, or null when the property was absent or JSON null. */
  public static String jsonOrNull(final JsonObjectText value) {
    return value == null ? null : value.json;
  }
}

package io.gatefork.gateway.rest.error;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonMappingException.Reference;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import io.gatefork.service.codec.JsonDocument;
import java.util.Collection;
import java.util.List;
import org.springframework.http.converter.HttpMessageNotReadableException;

/**
 * Turns an unreadable request body into a detail that names the field ({@code "maxJobsToActivate:
 * must be an int32 number"}), from the property path Jackson records or, for broken JSON, the field
 * the parser was in.
 */
public final class JsonReadErrors {
  static final String BODY = "request body";

  private JsonReadErrors() {}

  public static String describe(final HttpMessageNotReadableException exception) {
    final String detail = describeCause(exception.getCause());
    if (detail != null) {
      return detail;
    }
    // Spring's own messages, e.g. "Required request body is missing: ..."
    final String message = exception.getMessage();
    if (message != null && message.startsWith("Required request body is missing")) {
      return BODY + ": is required";
    }
    return BODY + ": cannot be read";
  }

  /** The same for a JSON value read by hand (e.g. a multipart part), "field: problem". */
  public static String describe(final JsonProcessingException exception) {
    final String detail = describeCause(exception);
    return detail != null ? detail : BODY + ": cannot be read";
  }

  private static String describeCause(final Throwable cause) {
    if (cause instanceof final JsonMappingException mapping && !mapping.getPath().isEmpty()) {
      final String field = path(mapping.getPath());
      if (mapping instanceof UnrecognizedPropertyException) {
        return field + ": is not a property of this request";
      }
      if (mapping instanceof final MismatchedInputException mismatch) {
        return field + ": " + expectation(mismatch.getTargetType());
      }
      if (mapping.getCause() instanceof final InputCoercionException coercion) {
        // a number out of the target's range
        return field + ": " + expectation(coercion.getTargetType());
      }
      return field + ": " + mapping.getOriginalMessage();
    }
    if (cause instanceof final InputCoercionException coercion) {
      return fieldOf(coercion) + ": " + expectation(coercion.getTargetType());
    }
    if (cause instanceof final MismatchedInputException mismatch) {
      // no path: the body itself has the wrong shape (e.g. an array instead of an object)
      return BODY + ": " + expectation(mismatch.getTargetType());
    }
    if (cause instanceof final JsonProcessingException json) {
      return fieldOf(json)
          + ": malformed JSON"
          + location(json.getLocation())
          + ": "
          + json.getOriginalMessage();
    }
    return null;
  }

  static String path(final List<Reference> references) {
    final var field = new StringBuilder();
    for (final Reference reference : references) {
      if (reference.getFieldName() != null) {
        if (!field.isEmpty()) {
          field.append('.');
        }
        field.append(reference.getFieldName());
      } else if (reference.getIndex() >= 0) {
        field.append('[').append(reference.getIndex()).append(']');
      }
    }
    return field.isEmpty() ? BODY : field.toString();
  }

  private static String fieldOf(final JsonProcessingException exception) {
    if (exception.getProcessor() instanceof final JsonParser parser) {
      JsonStreamContext context = parser.getParsingContext();
      while (context != null) {
        if (context.getCurrentName() != null) {
          return context.getCurrentName();
        }
        context = context.getParent();
      }
    }
    return BODY;
  }

  private static String location(final JsonLocation location) {
    if (location == null || location.getLineNr() < 0) {
      return "";
    }
    return " at line " + location.getLineNr() + ", column " + location.getColumnNr();
  }

  static String expectation(final Class<?> type) {
    if (type == null) {
      return "has a value of the wrong type";
    }
    if (type == Long.class || type == long.class) {
      // also what a fraction (1.5) or a quoted number ("15") for such a field is told
      return "must be an int64 number";
    }
    if (type == Integer.class || type == int.class) {
      return "must be an int32 number";
    }
    if (type == Double.class || type == double.class || type == Float.class) {
      return "must be a number";
    }
    if (type == Boolean.class || type == boolean.class) {
      return "must be a boolean";
    }
    if (type == String.class) {
      return "must be a string";
    }
    if (type.isArray() || Collection.class.isAssignableFrom(type)) {
      return "must be an array";
    }
    if (type == JsonDocument.class || type.isRecord()) {
      return "must be a JSON object";
    }
    return "has a value of the wrong type";
  }
}

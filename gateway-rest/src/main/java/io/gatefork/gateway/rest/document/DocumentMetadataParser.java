package io.gatefork.gateway.rest.document;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatefork.gateway.rest.error.JsonReadErrors;
import io.gatefork.gateway.rest.validation.LongKeys;
import io.gatefork.service.document.DocumentMetadata;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.validation.FieldRules;
import io.gatefork.service.validation.ProcessDefinitionIdRules;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads the JSON metadata of uploads into {@link DocumentMetadata}, naming the field it rejects.
 * The spec's {@code DocumentMetadata} has no nullable property, so an explicit JSON null is refused
 * like any other wrong type; {@code expiresAt} must be a date-time in the future.
 */
final class DocumentMetadataParser {
  private final ObjectMapper json;
  private final Clock clock;

  DocumentMetadataParser(final ObjectMapper json) {
    this(json, Clock.systemUTC());
  }

  DocumentMetadataParser(final ObjectMapper json, final Clock clock) {
    this.json = json;
    this.clock = clock;
  }

  /** {@link DocumentMetadata#EMPTY} for null or blank (the part or header is absent). */
  DocumentMetadata parse(final String field, final String text) {
    if (text == null || text.isBlank()) {
      return DocumentMetadata.EMPTY;
    }
    return toMetadata(field, read(field, text, "a DocumentMetadata JSON object"));
  }

  /** A JSON array of metadata objects; empty for null or blank (the part is absent). */
  List<DocumentMetadata> parseList(final String field, final String text) {
    if (text == null || text.isBlank()) {
      return List.of();
    }
    final JsonNode list = read(field, text, "a JSON array of DocumentMetadata objects");
    if (!list.isArray()) {
      throw FieldRules.notA(field, "a JSON array of DocumentMetadata objects");
    }
    final var metadata = new ArrayList<DocumentMetadata>(list.size());
    for (int i = 0; i < list.size(); i++) {
      metadata.add(toMetadata(field + "[" + i + "]", list.get(i)));
    }
    return metadata;
  }

  private JsonNode read(final String field, final String text, final String expected) {
    try {
      return json.readTree(text);
    } catch (final JsonProcessingException e) {
      throw FieldRules.invalid(field, "not " + expected + ": " + e.getOriginalMessage());
    }
  }

  private DocumentMetadata toMetadata(final String field, final JsonNode node) {
    if (node == null || !node.isObject()) {
      throw FieldRules.notA(field, "a DocumentMetadata JSON object");
    }
    for (final var property : node.properties()) {
      if (property.getValue().isNull()) {
        throw FieldRules.isNull(field + "." + property.getKey());
      }
    }
    final DocumentMetadataRequest request;
    try {
      request = json.treeToValue(node, DocumentMetadataRequest.class);
    } catch (final JsonProcessingException e) {
      throw new ServiceException(
          ServiceStatus.INVALID_ARGUMENT, field + "." + JsonReadErrors.describe(e));
    }
    final Map<String, Object> customProperties =
        request.customProperties() == null ? Map.of() : request.customProperties();
    return new DocumentMetadata(
        request.contentType(),
        request.fileName(),
        expiresAt(field + ".expiresAt", request.expiresAt()),
        null,
        ProcessDefinitionIdRules.optional(
            field + ".processDefinitionId", request.processDefinitionId()),
        LongKeys.parseOptional(field + ".processInstanceKey", request.processInstanceKey()),
        customProperties);
  }

  private OffsetDateTime expiresAt(final String field, final String value) {
    if (value == null) {
      return null;
    }
    final OffsetDateTime expiresAt;
    try {
      expiresAt = OffsetDateTime.parse(value);
    } catch (final DateTimeParseException e) {
      throw FieldRules.notDateTime(field, value);
    }
    if (!expiresAt.toInstant().isAfter(clock.instant())) {
      throw FieldRules.invalid(field, "must be in the future, but was " + value);
    }
    return expiresAt;
  }
}

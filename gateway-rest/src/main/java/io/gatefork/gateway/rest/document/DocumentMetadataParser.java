package io.gatefork.gateway.rest.document;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatefork.gateway.rest.validation.LongKeys;
import io.gatefork.gateway.rest.validation.RequestChecks;
import io.gatefork.service.document.DocumentMetadata;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Reads the JSON metadata of uploads into {@link DocumentMetadata}, naming the field it rejects. */
final class DocumentMetadataParser {
  private final ObjectMapper json;

  DocumentMetadataParser(final ObjectMapper json) {
    this.json = json;
  }

  /** {@link DocumentMetadata#EMPTY} for null or blank. */
  DocumentMetadata parse(final String field, final String text) {
    if (text == null || text.isBlank()) {
      return DocumentMetadata.EMPTY;
    }
    try {
      return toMetadata(field, json.readValue(text, DocumentMetadataRequest.class));
    } catch (final JsonProcessingException e) {
      throw RequestChecks.invalid(field, "not a DocumentMetadata JSON object: " + e.getOriginalMessage());
    }
  }

  /** A JSON array of metadata objects; empty for null or blank. */
  List<DocumentMetadata> parseList(final String field, final String text) {
    if (text == null || text.isBlank()) {
      return List.of();
    }
    final DocumentMetadataRequest[] requests;
    try {
      requests = json.readValue(text, DocumentMetadataRequest[].class);
    } catch (final JsonProcessingException e) {
      throw RequestChecks.invalid(
          field, "not a JSON array of DocumentMetadata objects: " + e.getOriginalMessage());
    }
    final var metadata = new ArrayList<DocumentMetadata>(requests.length);
    for (int i = 0; i < requests.length; i++) {
      metadata.add(toMetadata(field + "[" + i + "]", requests[i]));
    }
    return metadata;
  }

  private static DocumentMetadata toMetadata(
      final String field, final DocumentMetadataRequest request) {
    if (request == null) {
      return DocumentMetadata.EMPTY;
    }
    final Map<String, Object> customProperties =
        request.customProperties() == null ? Map.of() : request.customProperties();
    return new DocumentMetadata(
        request.contentType(),
        request.fileName(),
        expiresAt(field + ".expiresAt", request.expiresAt()),
        null,
        request.processDefinitionId(),
        LongKeys.parseOptional(field + ".processInstanceKey", request.processInstanceKey()),
        customProperties);
  }

  private static OffsetDateTime expiresAt(final String field, final String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    try {
      return OffsetDateTime.parse(value);
    } catch (final DateTimeParseException e) {
      throw RequestChecks.invalid(field, "'" + value + "' is not an ISO-8601 date-time with offset");
    }
  }
}

package io.gatefork.gateway.rest.document;

import io.gatefork.gateway.rest.error.ProblemResponses;
import io.gatefork.service.document.DocumentBatchResult;
import io.gatefork.service.document.DocumentLink;
import io.gatefork.service.document.DocumentMetadata;
import io.gatefork.service.document.DocumentReference;
import io.gatefork.service.document.DocumentTooLargeException;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

/** The JSON shapes of the document API ({@code DocumentReference}, batch, link) and its errors. */
final class DocumentResponses {
  static final String DOCUMENT_TYPE_FIELD = "camunda.document.type";
  static final String DOCUMENT_TYPE = "camunda";
  static final String PAYLOAD_TOO_LARGE_TITLE = HttpStatus.PAYLOAD_TOO_LARGE.name();

  private DocumentResponses() {}

  static Map<String, Object> reference(final DocumentReference reference) {
    final var body = new LinkedHashMap<String, Object>();
    body.put(DOCUMENT_TYPE_FIELD, DOCUMENT_TYPE);
    body.put("storeId", reference.storeId());
    body.put("documentId", reference.document().documentId());
    body.put("contentHash", reference.document().contentHash());
    body.put("metadata", metadata(reference.document().metadata()));
    return body;
  }

  static Map<String, Object> batch(final DocumentBatchResult result) {
    final var body = new LinkedHashMap<String, Object>();
    body.put(
        "createdDocuments", result.created().stream().map(DocumentResponses::reference).toList());
    body.put(
        "failedDocuments",
        result.failed().stream()
            .map(
                failure -> {
                  final var detail = new LinkedHashMap<String, Object>();
                  detail.put("fileName", failure.fileName());
                  detail.put("detail", failure.detail());
                  return detail;
                })
            .toList());
    return body;
  }

  static Map<String, Object> link(final DocumentLink link) {
    final var body = new LinkedHashMap<String, Object>();
    body.put("url", link.url());
    body.put("expiresAt", dateTime(link.expiresAt()));
    return body;
  }

  /** Like {@link ProblemResponses#of(Throwable)}, plus 413 for a document over the size limit. */
  static ResponseEntity<Object> problem(final Throwable failure) {
    if (ProblemResponses.unwrap(failure) instanceof final DocumentTooLargeException tooLarge) {
      return ProblemResponses.of(
          HttpStatus.PAYLOAD_TOO_LARGE.value(), PAYLOAD_TOO_LARGE_TITLE, tooLarge.getMessage());
    }
    return ProblemResponses.of(failure);
  }

  private static Map<String, Object> metadata(final DocumentMetadata metadata) {
    final var body = new LinkedHashMap<String, Object>();
    putIfSet(body, "contentType", metadata.contentType());
    putIfSet(body, "fileName", metadata.fileName());
    putIfSet(body, "expiresAt", dateTime(metadata.expiresAt()));
    putIfSet(body, "size", metadata.size());
    putIfSet(body, "processDefinitionId", metadata.processDefinitionId());
    putIfSet(
        body,
        "processInstanceKey",
        metadata.processInstanceKey() == null ? null : metadata.processInstanceKey().toString());
    body.put(
        "customProperties",
        metadata.customProperties() == null ? Map.of() : metadata.customProperties());
    return body;
  }

  /**
   * RFC 3339 with seconds always written ({@code OffsetDateTime.toString()} drops zero seconds:
   * {@code 2000-01-01T00:00Z}, which is not a valid {@code date-time}).
   */
  static String dateTime(final OffsetDateTime value) {
    return value == null ? null : DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(value);
  }

  private static void putIfSet(
      final Map<String, Object> body, final String key, final Object value) {
    if (value != null) {
      body.put(key, value);
    }
  }

  static boolean allCreated(final DocumentBatchResult result) {
    return result.failed().isEmpty();
  }
}

package io.gatefork.service.document;

import java.util.Objects;

/**
 * One document to create.
 *
 * @param documentId the client's id; null lets the store choose one
 * @param fileName how the document is named in a batch's failure list (metadata or part name)
 */
public record CreateDocument(
    String documentId, DocumentMetadata metadata, ContentSource content, String fileName) {
  public CreateDocument {
    Objects.requireNonNull(metadata, "metadata");
    Objects.requireNonNull(content, "content");
  }
}

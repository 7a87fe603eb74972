package io.gatefork.service.document;

/**
 * A document as a store holds it: its id, the hash of its bytes (SHA-256, lower-case hex, as the
 * stock stores compute it) and its metadata.
 */
public record StoredDocument(String documentId, String contentHash, DocumentMetadata metadata) {

  /** Expired documents are gone for clients: stores answer them as not found. */
  public boolean expiredAt(final java.time.Instant now) {
    return metadata.expiresAt() != null && !metadata.expiresAt().toInstant().isAfter(now);
  }
}

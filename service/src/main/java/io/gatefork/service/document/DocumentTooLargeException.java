package io.gatefork.service.document;

/**
 * A document's bytes exceed the store's maximum document size. Its own type because REST answers it
 * as 413 PAYLOAD_TOO_LARGE, like an upload over the servlet's multipart limit, which has no {@link
 * io.gatefork.service.error.ServiceStatus}.
 */
public final class DocumentTooLargeException extends RuntimeException {
  private final long maxSize;

  public DocumentTooLargeException(final long maxSize) {
    super(
        "file: the document exceeds the maximum document size of %d bytes (gatefork.document.max-document-size)"
            .formatted(maxSize),
        null,
        false,
        false);
    this.maxSize = maxSize;
  }

  public long maxSize() {
    return maxSize;
  }
}

package io.gatefork.service.document;

import java.time.OffsetDateTime;
import java.util.Map;

/**
 * What is known about a document besides its bytes, as the 8.8 API shows it ({@code
 * DocumentMetadata}). Every field may be null; {@code size} is set by the store from the bytes it
 * actually stored, whatever the client claimed.
 */
public record DocumentMetadata(
    String contentType,
    String fileName,
    OffsetDateTime expiresAt,
    Long size,
    String processDefinitionId,
    Long processInstanceKey,
    Map<String, Object> customProperties) {

  public static final DocumentMetadata EMPTY =
      new DocumentMetadata(null, null, null, null, null, null, null);

  public DocumentMetadata withSize(final long storedSize) {
    return new DocumentMetadata(
        contentType,
        fileName,
        expiresAt,
        storedSize,
        processDefinitionId,
        processInstanceKey,
        customProperties);
  }

  /** The client's values win; the multipart part's content type and file name fill the gaps. */
  public DocumentMetadata withDefaults(final String partContentType, final String partFileName) {
    return new DocumentMetadata(
        contentType != null ? contentType : partContentType,
        fileName != null ? fileName : partFileName,
        expiresAt,
        size,
        processDefinitionId,
        processInstanceKey,
        customProperties);
  }
}

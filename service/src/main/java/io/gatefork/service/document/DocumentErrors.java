package io.gatefork.service.document;

import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.validation.FieldRules;

/**
 * The failures of the document API with the statuses and details a stock 8.8 gateway answers (its
 * acceptance tests assert these texts, so clients may match on them).
 */
public final class DocumentErrors {
  private DocumentErrors() {}

  public static ServiceException notFound(final String documentId) {
    return new ServiceException(
        ServiceStatus.NOT_FOUND, "Document with id '%s' not found".formatted(documentId));
  }

  public static ServiceException alreadyExists(final String documentId) {
    return new ServiceException(
        ServiceStatus.ALREADY_EXISTS, "Document with id '%s' already exists".formatted(documentId));
  }

  public static ServiceException storeDoesNotExist(final String storeId) {
    return new ServiceException(
        ServiceStatus.INVALID_ARGUMENT,
        "Document store with id '%s' does not exist".formatted(storeId));
  }

  /** Stock answers an operation a store cannot do with 403 FORBIDDEN and the store's message. */
  public static ServiceException notSupported(final String message) {
    return new ServiceException(ServiceStatus.FORBIDDEN, message);
  }

  public static ServiceException hashMissing(final String documentId) {
    return new ServiceException(
        ServiceStatus.INVALID_ARGUMENT,
        "No document hash provided for document %s".formatted(documentId));
  }

  public static ServiceException hashMismatch(final String documentId, final String providedHash) {
    return new ServiceException(
        ServiceStatus.INVALID_ARGUMENT,
        "Document hash for document %s doesn't match the provided hash %s"
            .formatted(documentId, providedHash));
  }

  /**
   * gatefork's bound on the in-memory store: retry later, once documents expired or were deleted.
   */
  public static ServiceException storeFull(final String storeId, final long capacity) {
    return new ServiceException(
        ServiceStatus.RESOURCE_EXHAUSTED,
        "Document store '%s' is full: it holds at most %d bytes in total"
            .formatted(storeId, capacity));
  }

  public static ServiceException storeFull(final String storeId, final int maxDocuments) {
    return new ServiceException(
        ServiceStatus.RESOURCE_EXHAUSTED,
        "Document store '%s' is full: it holds at most %d documents"
            .formatted(storeId, maxDocuments));
  }

  public static ServiceException invalidDocumentId(final String documentId) {
    return FieldRules.invalid(
        "documentId",
        "'%s' is not a valid document id (1 to 255 characters, no '/', '\\' or control characters, not '.' or '..')"
            .formatted(documentId));
  }

  public static ServiceException storageFailed(final String documentId, final Throwable cause) {
    return new ServiceException(
        ServiceStatus.INTERNAL,
        "Failed to access document with id '%s': %s".formatted(documentId, cause.getMessage()),
        cause);
  }
}

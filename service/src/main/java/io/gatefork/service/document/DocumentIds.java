package io.gatefork.service.document;

import java.util.UUID;

/**
 * Document ids: the client's, checked so that no id can name a path outside a local store's
 * directory, or a random UUID as stock generates them.
 */
public final class DocumentIds {
  static final int MAX_LENGTH = 255;

  private DocumentIds() {}

  /** The client's id when it gave one (checked), otherwise a new one. */
  public static String orNew(final String documentId) {
    if (documentId == null) {
      return UUID.randomUUID().toString();
    }
    check(documentId);
    return documentId;
  }

  public static void check(final String documentId) {
    if (!valid(documentId)) {
      throw DocumentErrors.invalidDocumentId(documentId);
    }
  }

  static boolean valid(final String documentId) {
    if (documentId == null
        || documentId.isEmpty()
        || documentId.length() > MAX_LENGTH
        || documentId.equals(".")
        || documentId.equals("..")) {
      return false;
    }
    for (int i = 0; i < documentId.length(); i++) {
      final char c = documentId.charAt(i);
      if (c == '/' || c == '\\' || Character.isISOControl(c)) {
        return false;
      }
    }
    return true;
  }
}

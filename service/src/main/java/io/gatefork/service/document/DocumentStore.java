package io.gatefork.service.document;

import java.io.InputStream;
import java.time.Duration;

/**
 * Where documents live. Blocking: {@link DocumentServices} calls it on the document I/O executor,
 * never on a Tomcat or Netty thread. Failures are thrown as the exceptions {@link DocumentErrors}
 * builds (and {@link DocumentTooLargeException}).
 */
public interface DocumentStore {

  /**
   * Stores the bytes of {@code content} (closing it) under {@code documentId}.
   *
   * @throws io.gatefork.service.error.ServiceException ALREADY_EXISTS when the id is taken by a
   *     document that has not expired
   */
  StoredDocument create(String documentId, DocumentMetadata metadata, InputStream content);

  /**
   * The document and an open stream of its bytes; the caller closes the stream.
   *
   * @throws io.gatefork.service.error.ServiceException NOT_FOUND when missing or expired
   */
  Found get(String documentId);

  /**
   * @throws io.gatefork.service.error.ServiceException NOT_FOUND when missing or expired
   */
  void delete(String documentId);

  /**
   * A link valid for {@code timeToLive}.
   *
   * @throws io.gatefork.service.error.ServiceException FORBIDDEN when the store cannot link
   */
  DocumentLink link(String documentId, Duration timeToLive);

  record Found(StoredDocument document, InputStream content) {}
}

package io.gatefork.service.document;

import java.io.IOException;
import java.io.InputStream;

/**
 * Where the bytes of a new document come from (a multipart part, a test's array). Opened once, on
 * the document I/O executor, and closed by the store.
 */
@FunctionalInterface
public interface ContentSource {
  InputStream open() throws IOException;
}

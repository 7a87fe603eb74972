package io.gatefork.service.document;

import java.io.InputStream;

/**
 * The bytes of a document, to be streamed to the client and closed by whoever writes them.
 *
 * @param size the stored size in bytes
 */
public record DocumentContent(InputStream stream, String contentType, long size) {}

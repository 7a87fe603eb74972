package io.gatefork.service.document;

import java.time.OffsetDateTime;

/** A link through which a document can be fetched without the API, until it expires. */
public record DocumentLink(String url, OffsetDateTime expiresAt) {}

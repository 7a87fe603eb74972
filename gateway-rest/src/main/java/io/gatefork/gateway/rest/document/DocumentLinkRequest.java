package io.gatefork.gateway.rest.document;

/** Body of {@code POST /v2/documents/{documentId}/links}; optional, as is its field. */
public record DocumentLinkRequest(Long timeToLive) {}

package io.gatefork.gateway.rest.document;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * Body of {@code POST /v2/documents/{documentId}/links}; optional, as is its field. The spec allows
 * other properties here.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record DocumentLinkRequest(Long timeToLive) {}

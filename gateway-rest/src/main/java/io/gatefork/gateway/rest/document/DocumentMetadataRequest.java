package io.gatefork.gateway.rest.document;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.Map;

/**
 * The {@code metadata} part of an upload (or one entry of {@code metadataList} / an {@code
 * X-Document-Metadata} header) as the client sends it. {@code size} is accepted and ignored: the
 * store counts the bytes itself.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record DocumentMetadataRequest(
    String contentType,
    String fileName,
    String expiresAt,
    Long size,
    String processDefinitionId,
    String processInstanceKey,
    Map<String, Object> customProperties) {}

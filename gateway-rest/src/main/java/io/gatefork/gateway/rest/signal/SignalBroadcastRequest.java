package io.gatefork.gateway.rest.signal;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.gatefork.gateway.rest.json.JsonObjectText;

/** Body of {@code POST /v2/signals/broadcast}; signalName is required. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SignalBroadcastRequest(
    String signalName, JsonObjectText variables, String tenantId) {}

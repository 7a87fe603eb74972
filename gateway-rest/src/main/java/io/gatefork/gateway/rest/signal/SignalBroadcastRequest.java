package io.gatefork.gateway.rest.signal;

import io.gatefork.gateway.rest.json.JsonObjectText;

/** Body of {@code POST /v2/signals/broadcast}; signalName is required. */
public record SignalBroadcastRequest(
    String signalName, JsonObjectText variables, String tenantId) {}

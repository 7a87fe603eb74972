package io.gatefork.gateway.rest.signal;

import io.gatefork.service.codec.JsonDocument;

/** Body of {@code POST /v2/signals/broadcast}; signalName is required. */
public record SignalBroadcastRequest(String signalName, JsonDocument variables, String tenantId) {}

package io.gatefork.gateway.rest.signal;

/** {@code SignalBroadcastResult} of the 8.8 spec; the key as a string. */
public record SignalBroadcastResponse(String tenantId, String signalKey) {}

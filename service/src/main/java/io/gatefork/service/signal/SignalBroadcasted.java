package io.gatefork.service.signal;

public record SignalBroadcasted(long signalKey, String tenantId) {}

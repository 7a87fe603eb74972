package io.gatefork.gateway.rest.clock;

/** Body of {@code PUT /v2/clock}: the instant in epoch milliseconds; required. */
public record ClockPinRequest(Long timestamp) {}

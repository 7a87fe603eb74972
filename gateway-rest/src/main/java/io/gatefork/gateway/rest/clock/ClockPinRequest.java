package io.gatefork.gateway.rest.clock;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** Body of {@code PUT /v2/clock}: the instant in epoch milliseconds; required. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ClockPinRequest(Long timestamp) {}

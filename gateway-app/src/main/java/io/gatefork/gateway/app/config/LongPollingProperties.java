package io.gatefork.gateway.app.config;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.convert.DurationUnit;

/**
 * Long polling of job activation under the stock gateway's keys {@code zeebe.gateway.longPolling.*}
 * (env {@code ZEEBE_GATEWAY_LONGPOLLING_TIMEOUT}, ...). Stock's {@code probeTimeout} and {@code
 * minEmptyResponses} have no counterpart: gatefork does not probe the brokers on a timer, a parked
 * request is walked again on every job-available notification of its type. The cap of waiting
 * requests is gatefork's {@code gatefork.long-polling.*}.
 *
 * @param enabled whether activation requests wait for jobs; off, each answers after asking every
 *     partition once
 * @param timeout how long a request that sets no request timeout of its own waits for jobs;
 *     milliseconds when written without a unit, as in stock
 */
@ConfigurationProperties("zeebe.gateway.long-polling")
public record LongPollingProperties(
    @DefaultValue("true") boolean enabled,
    @DefaultValue("10s") @DurationUnit(ChronoUnit.MILLIS) Duration timeout) {}

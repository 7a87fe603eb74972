package io.gatefork.gateway.app.config;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.convert.DurationUnit;

/**
 * Long polling of job activation under the stock gateway's keys {@code zeebe.gateway.longPolling.*}
 * (env {@code ZEEBE_GATEWAY_LONGPOLLING_TIMEOUT}, ...). Stock's {@code minEmptyResponses} has no
 * counterpart: a waiting request walks the partitions again on every job-available notification of
 * its type. The cap of waiting requests is gatefork's {@code gatefork.long-polling.*}.
 *
 * @param enabled whether activation requests wait for jobs; off, each answers after asking every
 *     partition once
 * @param timeout how long a request that sets no request timeout of its own waits for jobs;
 *     milliseconds when written without a unit, as in stock
 * @param probeTimeout how long the waiting requests of a job type may hear no job-available
 *     notification before one of them asks the partitions again (a notification can be lost: a
 *     broker sends none to a gateway it does not know yet); 0: never. Milliseconds without a unit
 */
@ConfigurationProperties("zeebe.gateway.long-polling")
public record LongPollingProperties(
    @DefaultValue("true") boolean enabled,
    @DefaultValue("10s") @DurationUnit(ChronoUnit.MILLIS) Duration timeout,
    @DefaultValue("10s") @DurationUnit(ChronoUnit.MILLIS) Duration probeTimeout) {}

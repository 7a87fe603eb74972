package io.gatefork.gateway.rest.frontend;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code gatefork.rest.*}.
 *
 * @param frontEnd {@code lean} (default) or {@code stock}, see {@link RestFrontEnd}
 */
@ConfigurationProperties("gatefork.rest")
public record RestFrontEndProperties(@DefaultValue("lean") RestFrontEnd frontEnd) {}

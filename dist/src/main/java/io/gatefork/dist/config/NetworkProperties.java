package io.gatefork.dist.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** The stock gateway's gRPC endpoint keys {@code zeebe.gateway.network.*}. */
@ConfigurationProperties("zeebe.gateway.network")
public record NetworkProperties(
    @DefaultValue("0.0.0.0") String host,
    @DefaultValue("26500") int port,
    @DefaultValue("30s") Duration minKeepAliveInterval) {}

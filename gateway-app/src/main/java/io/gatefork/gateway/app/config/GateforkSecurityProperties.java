package io.gatefork.gateway.app.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * gatefork's own authentication settings ({@code gatefork.security.*}).
 *
 * @param tenantsClaim the token claim that lists an OIDC caller's tenants (tenant checks on)
 * @param credentialsCacheTtl how long a verified credential (bcrypt check, token signature) is
 *     remembered; tokens never longer than their expiry
 * @param credentialsCacheSize how many verified credentials are remembered at most
 */
@ConfigurationProperties("gatefork.security")
public record GateforkSecurityProperties(
    @DefaultValue("tenants") String tenantsClaim,
    @DefaultValue("60s") Duration credentialsCacheTtl,
    @DefaultValue("10000") int credentialsCacheSize) {}

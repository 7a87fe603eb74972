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
 * @param failedCredentialsCacheSize basic authentication: how many credentials that failed are
 *     remembered at most, each answered 401 again without a bcrypt check
 * @param failedCredentialsCacheTtl basic authentication: how long a credential that failed is
 *     remembered
 * @param passwordChecks basic authentication: how many bcrypt checks run at once at most; a new
 *     credential that finds them all busy is answered with the backpressure answer (REST 503, gRPC
 *     RESOURCE_EXHAUSTED) and not checked; 0: half the CPU quota, at least 1
 */
@ConfigurationProperties("gatefork.security")
public record GateforkSecurityProperties(
    @DefaultValue("tenants") String tenantsClaim,
    @DefaultValue("60s") Duration credentialsCacheTtl,
    @DefaultValue("10000") int credentialsCacheSize,
    @DefaultValue("10000") int failedCredentialsCacheSize,
    @DefaultValue("10m") Duration failedCredentialsCacheTtl,
    @DefaultValue("0") int passwordChecks) {

  /** {@link #passwordChecks()} with 0 resolved against the CPU quota. */
  public int effectivePasswordChecks() {
    return passwordChecks > 0
        ? passwordChecks
        : Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
  }
}

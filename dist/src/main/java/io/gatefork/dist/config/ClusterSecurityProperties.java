package io.gatefork.dist.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * TLS of the cluster messaging under the stock gateway's keys {@code
 * zeebe.gateway.cluster.security.*} (env {@code ZEEBE_GATEWAY_CLUSTER_SECURITY_ENABLED}, ...). The
 * unified 8.8 keys {@code camunda.security.transport-layer-security.cluster.*} ({@link
 * UnifiedClusterTlsProperties}) win when set.
 */
@ConfigurationProperties("zeebe.gateway.cluster.security")
public record ClusterSecurityProperties(
    @DefaultValue("false") boolean enabled,
    String certificateChainPath,
    String privateKeyPath,
    KeyStoreProperties keyStore) {}

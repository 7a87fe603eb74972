package io.gatefork.dist.config;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The 8.8 unified cluster TLS keys {@code camunda.security.transport-layer-security.cluster.*};
 * each one set wins over its {@code zeebe.gateway.cluster.security.*} counterpart.
 *
 * @param certificatePrivateKeyPath the PEM private key (legacy {@code privateKeyPath})
 */
@ConfigurationProperties("camunda.security.transport-layer-security.cluster")
public record UnifiedClusterTlsProperties(
    Boolean enabled,
    String certificateChainPath,
    String certificatePrivateKeyPath,
    KeyStoreProperties keyStore) {}

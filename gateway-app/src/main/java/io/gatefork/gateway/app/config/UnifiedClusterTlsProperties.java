package io.gatefork.gateway.app.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;

/**
 * The 8.8 unified cluster TLS keys {@code camunda.security.transport-layer-security.cluster.*};
 * each one set wins over its {@code zeebe.gateway.cluster.security.*} counterpart, so none has a
 * default here.
 *
 * @param enabled unified form of {@code zeebe.gateway.cluster.security.enabled}
 * @param certificateChainPath unified form of {@code
 *     zeebe.gateway.cluster.security.certificateChainPath}
 * @param certificatePrivateKeyPath unified form of {@code
 *     zeebe.gateway.cluster.security.privateKeyPath}
 * @param keyStore unified form of {@code zeebe.gateway.cluster.security.keyStore}
 */
@ConfigurationProperties("camunda.security.transport-layer-security.cluster")
public record UnifiedClusterTlsProperties(
    Boolean enabled,
    String certificateChainPath,
    String certificatePrivateKeyPath,
    @NestedConfigurationProperty KeyStoreProperties keyStore) {}

package io.gatefork.gateway.app.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * TLS of the cluster messaging under the stock gateway's keys {@code
 * zeebe.gateway.cluster.security.*} (env {@code ZEEBE_GATEWAY_CLUSTER_SECURITY_ENABLED}, ...). The
 * unified 8.8 keys {@code camunda.security.transport-layer-security.cluster.*} ({@link
 * UnifiedClusterTlsProperties}) win when set.
 *
 * @param enabled TLS on the cluster messaging (membership, broker requests, job streams); a gateway
 *     without it does not join a TLS cluster
 * @param certificateChainPath the PEM certificate chain, leaf first; it is also what the gateway
 *     trusts, so it must end in the brokers' CA
 * @param privateKeyPath the PEM private key of the chain's leaf
 * @param keyStore a PKCS12 key store instead of the PEM files (wins when both are set)
 */
@ConfigurationProperties("zeebe.gateway.cluster.security")
public record ClusterSecurityProperties(
    @DefaultValue("false") boolean enabled,
    String certificateChainPath,
    String privateKeyPath,
    @NestedConfigurationProperty KeyStoreProperties keyStore) {}

package io.gatefork.dist.config;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The 8.8 unified gRPC TLS keys {@code camunda.api.grpc.ssl.*}; each one set wins over its
 * {@code zeebe.gateway.security.*} counterpart.
 *
 * @param certificate the PEM certificate chain (legacy {@code certificateChainPath})
 * @param certificatePrivateKey the PEM private key (legacy {@code privateKeyPath})
 */
@ConfigurationProperties("camunda.api.grpc.ssl")
public record UnifiedGrpcSslProperties(
    Boolean enabled,
    String certificate,
    String certificatePrivateKey,
    KeyStoreProperties keyStore) {}

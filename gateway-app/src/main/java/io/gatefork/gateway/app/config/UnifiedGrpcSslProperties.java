package io.gatefork.gateway.app.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;

/**
 * The 8.8 unified gRPC TLS keys {@code camunda.api.grpc.ssl.*}; each one set wins over its {@code
 * zeebe.gateway.security.*} counterpart, so none has a default here.
 *
 * @param enabled unified form of {@code zeebe.gateway.security.enabled}
 * @param certificate unified form of {@code zeebe.gateway.security.certificateChainPath}
 * @param certificatePrivateKey unified form of {@code zeebe.gateway.security.privateKeyPath}
 * @param keyStore unified form of {@code zeebe.gateway.security.keyStore}
 */
@ConfigurationProperties("camunda.api.grpc.ssl")
public record UnifiedGrpcSslProperties(
    Boolean enabled,
    String certificate,
    String certificatePrivateKey,
    @NestedConfigurationProperty KeyStoreProperties keyStore) {}

package io.gatefork.gateway.app.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * TLS of the gRPC API under the stock gateway's keys {@code zeebe.gateway.security.*} (env {@code
 * ZEEBE_GATEWAY_SECURITY_ENABLED}, ...). The unified 8.8 keys {@code camunda.api.grpc.ssl.*}
 * ({@link UnifiedGrpcSslProperties}) win when set.
 *
 * @param enabled TLS on the gRPC API; plaintext clients are then refused
 * @param certificateChainPath the PEM certificate chain the gRPC API presents, leaf first
 * @param privateKeyPath the PEM private key of the chain's leaf
 * @param keyStore a PKCS12 key store instead of the PEM files (wins when both are set)
 */
@ConfigurationProperties("zeebe.gateway.security")
public record GrpcSecurityProperties(
    @DefaultValue("false") boolean enabled,
    String certificateChainPath,
    String privateKeyPath,
    @NestedConfigurationProperty KeyStoreProperties keyStore) {}

package io.gatefork.dist.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * TLS of the gRPC API under the stock gateway's keys {@code zeebe.gateway.security.*} (env {@code
 * ZEEBE_GATEWAY_SECURITY_ENABLED}, ...). The unified 8.8 keys {@code camunda.api.grpc.ssl.*}
 * ({@link UnifiedGrpcSslProperties}) win when set.
 */
@ConfigurationProperties("zeebe.gateway.security")
public record GrpcSecurityProperties(
    @DefaultValue("false") boolean enabled,
    String certificateChainPath,
    String privateKeyPath,
    KeyStoreProperties keyStore) {}

package io.gatefork.gateway.app;

import io.gatefork.broker.client.BrokerClientConfig;
import io.gatefork.gateway.app.config.ClusterSecurityProperties;
import io.gatefork.gateway.app.config.GrpcSecurityProperties;
import io.gatefork.gateway.app.config.KeyStoreProperties;
import io.gatefork.gateway.app.config.UnifiedClusterTlsProperties;
import io.gatefork.gateway.app.config.UnifiedGrpcSslProperties;
import io.gatefork.gateway.grpc.server.GrpcTlsConfig;
import java.nio.file.Path;

/**
 * Resolves the TLS keys into the modules' settings: a unified 8.8 key that is set wins over its
 * legacy {@code zeebe.gateway.*} counterpart, key by key (as in the stock 8.8 gateway). REST TLS is
 * Spring Boot's own {@code server.ssl.*} and needs nothing here.
 */
final class TlsSettings {
  private TlsSettings() {}

  static GrpcTlsConfig grpc(
      final GrpcSecurityProperties legacy, final UnifiedGrpcSslProperties unified) {
    final boolean enabled = unified.enabled() != null ? unified.enabled() : legacy.enabled();
    if (!enabled) {
      return GrpcTlsConfig.disabled();
    }
    final KeyStoreProperties keyStore = keyStore(unified.keyStore(), legacy.keyStore());
    return new GrpcTlsConfig(
        true,
        path(first(unified.certificate(), legacy.certificateChainPath())),
        path(first(unified.certificatePrivateKey(), legacy.privateKeyPath())),
        path(keyStore.filePath()),
        keyStore.password());
  }

  static BrokerClientConfig.Security cluster(
      final ClusterSecurityProperties legacy, final UnifiedClusterTlsProperties unified) {
    final boolean enabled = unified.enabled() != null ? unified.enabled() : legacy.enabled();
    if (!enabled) {
      return BrokerClientConfig.Security.disabled();
    }
    final KeyStoreProperties keyStore = keyStore(unified.keyStore(), legacy.keyStore());
    return new BrokerClientConfig.Security(
        true,
        path(first(unified.certificateChainPath(), legacy.certificateChainPath())),
        path(first(unified.certificatePrivateKeyPath(), legacy.privateKeyPath())),
        path(keyStore.filePath()),
        keyStore.password());
  }

  private static KeyStoreProperties keyStore(
      final KeyStoreProperties unified, final KeyStoreProperties legacy) {
    final var none = new KeyStoreProperties(null, null);
    final var u = unified == null ? none : unified;
    final var l = legacy == null ? none : legacy;
    return new KeyStoreProperties(
        first(u.filePath(), l.filePath()), first(u.password(), l.password()));
  }

  private static String first(final String preferred, final String fallback) {
    return blank(preferred) ? fallback : preferred;
  }

  private static Path path(final String value) {
    return blank(value) ? null : Path.of(value.trim());
  }

  private static boolean blank(final String value) {
    return value == null || value.isBlank();
  }
}

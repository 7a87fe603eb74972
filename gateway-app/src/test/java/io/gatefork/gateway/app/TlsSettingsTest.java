package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gatefork.gateway.app.config.ClusterSecurityProperties;
import io.gatefork.gateway.app.config.GrpcSecurityProperties;
import io.gatefork.gateway.app.config.KeyStoreProperties;
import io.gatefork.gateway.app.config.UnifiedClusterTlsProperties;
import io.gatefork.gateway.app.config.UnifiedGrpcSslProperties;
import io.gatefork.gateway.app.tls.TestCertificates;
import io.gatefork.gateway.grpc.server.GrpcServerSslContexts;
import io.gatefork.gateway.grpc.server.GrpcTlsConfig;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TlsSettingsTest {

  @Test
  void unifiedGrpcKeysWinOverTheStockOnesKeyByKey() {
    final var legacy =
        new GrpcSecurityProperties(
            false,
            "/legacy/chain.pem",
            "/legacy/key.pem",
            new KeyStoreProperties(null, "legacy-password"));
    final var unified = new UnifiedGrpcSslProperties(true, "/unified/chain.pem", null, null);

    final GrpcTlsConfig tls = TlsSettings.grpc(legacy, unified);

    assertThat(tls.enabled()).isTrue();
    assertThat(tls.certificateChain()).isEqualTo(Path.of("/unified/chain.pem"));
    assertThat(tls.privateKey()).isEqualTo(Path.of("/legacy/key.pem"));
    assertThat(tls.keyStorePassword()).isEqualTo("legacy-password");
  }

  @Test
  void grpcTlsIsOffUnlessEnabled() {
    final var legacy = new GrpcSecurityProperties(false, "/chain.pem", "/key.pem", null);
    final var unified = new UnifiedGrpcSslProperties(null, null, null, null);

    assertThat(TlsSettings.grpc(legacy, unified).enabled()).isFalse();
  }

  @Test
  void clusterTlsFromTheStockKeysWithAKeyStore() {
    final var legacy =
        new ClusterSecurityProperties(
            true, null, null, new KeyStoreProperties("/stores/cluster.p12", "secret"));
    final var unified = new UnifiedClusterTlsProperties(null, null, null, null);

    final var security = TlsSettings.cluster(legacy, unified);

    assertThat(security.enabled()).isTrue();
    assertThat(security.keyStore()).isEqualTo(Path.of("/stores/cluster.p12"));
    assertThat(security.keyStorePassword()).isEqualTo("secret");
  }

  @Test
  void unifiedClusterSwitchTurnsOffWhatTheStockKeyTurnedOn() {
    final var legacy = new ClusterSecurityProperties(true, "/chain.pem", "/key.pem", null);
    final var unified = new UnifiedClusterTlsProperties(false, null, null, null);

    assertThat(TlsSettings.cluster(legacy, unified).enabled()).isFalse();
  }

  @Test
  void grpcServerContextLoadsFromPemFilesAndFromAKeyStore(@TempDir final Path dir) {
    final var certs = TestCertificates.generate(dir);

    assertThat(
            GrpcServerSslContexts.create(
                    GrpcTlsConfig.pem(certs.certificateChain(), certs.privateKey()))
                .isServer())
        .isTrue();
    assertThat(
            GrpcServerSslContexts.create(
                    GrpcTlsConfig.keyStore(certs.keyStore(), TestCertificates.KEY_STORE_PASSWORD))
                .isServer())
        .isTrue();
  }

  @Test
  void wrongKeyStorePasswordIsReportedWithTheKeyStoreSetting(@TempDir final Path dir) {
    final var certs = TestCertificates.generate(dir);

    assertThatThrownBy(
            () -> GrpcServerSslContexts.create(GrpcTlsConfig.keyStore(certs.keyStore(), "wrong")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(certs.keyStore().toString())
        .hasMessageContaining("zeebe.gateway.security.keyStore.password");
  }
}

package io.gatefork.gateway.grpc.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GrpcServerSslContextsTest {
  @TempDir Path dir;

  @Test
  void plaintextNeedsNoContext() {
    assertThat(GrpcServerSslContexts.create(GrpcTlsConfig.disabled())).isNull();
  }

  @Test
  void missingCertificateChainIsNamedWithItsSetting() {
    final Path chain = dir.resolve("chain.pem");

    assertThatThrownBy(
            () -> GrpcServerSslContexts.create(GrpcTlsConfig.pem(chain, dir.resolve("key.pem"))))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(chain.toString())
        .hasMessageContaining("zeebe.gateway.security.certificateChainPath");
  }

  @Test
  void missingPrivateKeyIsNamedWithItsSetting() throws IOException {
    final Path chain = Files.writeString(dir.resolve("chain.pem"), "not read before the key");
    final Path key = dir.resolve("key.pem");

    assertThatThrownBy(() -> GrpcServerSslContexts.create(GrpcTlsConfig.pem(chain, key)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(key.toString())
        .hasMessageContaining("zeebe.gateway.security.privateKeyPath");
  }

  @Test
  void enabledWithoutFilesSaysWhichSettingIsMissing() {
    assertThatThrownBy(
            () -> GrpcServerSslContexts.create(new GrpcTlsConfig(true, null, null, null, null)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no certificate chain is configured")
        .hasMessageContaining("zeebe.gateway.security.certificateChainPath");
  }

  @Test
  void filesThatAreNotPemAreRefused() throws IOException {
    final Path chain = Files.writeString(dir.resolve("chain.pem"), "garbage");
    final Path key = Files.writeString(dir.resolve("key.pem"), "garbage");

    assertThatThrownBy(() -> GrpcServerSslContexts.create(GrpcTlsConfig.pem(chain, key)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("gRPC TLS")
        .hasMessageContaining(chain.toString());
  }

  @Test
  void missingKeyStoreIsNamedWithItsSetting() {
    final Path store = dir.resolve("store.p12");

    assertThatThrownBy(() -> GrpcServerSslContexts.create(GrpcTlsConfig.keyStore(store, "pw")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(store.toString())
        .hasMessageContaining("zeebe.gateway.security.keyStore.filePath");
  }
}

package io.gatefork.broker.client.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.atomix.cluster.messaging.MessagingConfig;
import io.gatefork.broker.client.BrokerClientConfig.Security;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterTlsTest {
  @TempDir Path dir;

  @Test
  void disabledLeavesTheMessagingPlaintext() {
    final var messaging = new MessagingConfig();

    ClusterTls.apply(Security.disabled(), messaging);

    assertThat(messaging.isTlsEnabled()).isFalse();
  }

  @Test
  void pemFilesTurnTlsOn() throws IOException {
    final Path chain = Files.writeString(dir.resolve("chain.pem"), "chain");
    final Path key = Files.writeString(dir.resolve("key.pem"), "key");
    final var messaging = new MessagingConfig();

    ClusterTls.apply(Security.pem(chain, key), messaging);

    assertThat(messaging.isTlsEnabled()).isTrue();
    assertThat(messaging.getCertificateChain()).isEqualTo(chain.toFile());
    assertThat(messaging.getPrivateKey()).isEqualTo(key.toFile());
  }

  @Test
  void missingPrivateKeyIsNamedWithItsSetting() throws IOException {
    final Path chain = Files.writeString(dir.resolve("chain.pem"), "chain");
    final Path key = dir.resolve("missing-key.pem");

    assertThatThrownBy(() -> ClusterTls.apply(Security.pem(chain, key), new MessagingConfig()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(key.toString())
        .hasMessageContaining("zeebe.gateway.cluster.security.privateKeyPath");
  }

  @Test
  void enabledWithoutFilesSaysWhichSettingIsMissing() {
    assertThatThrownBy(
            () ->
                ClusterTls.apply(new Security(true, null, null, null, null), new MessagingConfig()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("zeebe.gateway.cluster.security.certificateChainPath");
  }
}

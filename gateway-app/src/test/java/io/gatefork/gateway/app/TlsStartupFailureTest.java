package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;

/** The application refuses to start when TLS is on and a certificate file is not there. */
class TlsStartupFailureTest {

  @Test
  void missingGrpcCertificateStopsTheStartupNamingFileAndSetting(@TempDir final Path dir) {
    final Path missing = dir.resolve("no-such-chain.pem");

    // command-line arguments: default properties would lose to application.yaml's ports
    assertThatThrownBy(
            () ->
                new SpringApplicationBuilder(GateforkApplication.class)
                    .run(
                        "--server.port=0",
                        "--server.address=127.0.0.1",
                        "--management.server.port=0",
                        "--zeebe.gateway.network.host=127.0.0.1",
                        "--zeebe.gateway.network.port=0",
                        "--zeebe.gateway.cluster.host=127.0.0.1",
                        "--zeebe.gateway.cluster.port=" + GatewayTestSupport.freePort(),
                        "--zeebe.gateway.security.enabled=true",
                        "--zeebe.gateway.security.certificateChainPath=" + missing,
                        "--zeebe.gateway.security.privateKeyPath=" + dir.resolve("key.pem"))
                    .close())
        .rootCause()
        .hasMessageContaining(missing.toString())
        .hasMessageContaining("zeebe.gateway.security.certificateChainPath");
  }
}

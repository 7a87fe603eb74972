package io.gatefork.broker.dev.cluster;

import java.nio.file.Path;
import java.util.Objects;

/**
 * PEM files for TLS of the cluster messaging, as the stock broker's {@code
 * zeebe.broker.network.security.*}: the chain (leaf first, ending in the CA other members'
 * certificates chain to; it is also what this broker trusts) and the leaf's PKCS8 private key.
 */
public record ClusterTls(Path certificateChain, Path privateKey) {
  public ClusterTls {
    Objects.requireNonNull(certificateChain, "certificateChain");
    Objects.requireNonNull(privateKey, "privateKey");
  }
}

package io.gatefork.broker.client.security;

import io.atomix.cluster.messaging.MessagingConfig;
import io.gatefork.broker.client.BrokerClientConfig.Security;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Turns the cluster {@link Security} settings into Atomix messaging TLS. Atomix reads the files
 * only when the messaging service starts, deep inside the cluster start; checking them here first
 * gives the operator one clear message naming the setting instead of a Netty stack trace.
 */
public final class ClusterTls {
  private ClusterTls() {}

  /**
   * Enables TLS on {@code messaging} when {@code security} asks for it.
   *
   * @throws IllegalArgumentException when TLS is on and a file is not given, missing or unreadable
   */
  public static void apply(final Security security, final MessagingConfig messaging) {
    if (!security.enabled()) {
      return;
    }
    messaging.setTlsEnabled(true);
    if (security.keyStore() != null) {
      requireReadable(security.keyStore(), "key store", "keyStore.filePath");
      messaging.configureTls(security.keyStore().toFile(), security.keyStorePassword(), null, null);
    } else {
      requireReadable(security.certificateChain(), "certificate chain", "certificateChainPath");
      requireReadable(security.privateKey(), "private key", "privateKeyPath");
      messaging.configureTls(
          null, null, security.privateKey().toFile(), security.certificateChain().toFile());
    }
  }

  private static void requireReadable(final Path file, final String what, final String key) {
    if (file == null) {
      throw new IllegalArgumentException(
          "Cluster TLS is enabled but no %s is configured (zeebe.gateway.cluster.security.%s)"
              .formatted(what, key));
    }
    if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
      throw new IllegalArgumentException(
          "Cluster TLS %s '%s' is missing or not readable (zeebe.gateway.cluster.security.%s)"
              .formatted(what, file.toAbsolutePath(), key));
    }
  }
}

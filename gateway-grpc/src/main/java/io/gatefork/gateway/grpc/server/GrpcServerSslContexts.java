package io.gatefork.gateway.grpc.server;

import io.grpc.netty.GrpcSslContexts;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.Collections;
import javax.net.ssl.SSLException;

/**
 * Builds the gRPC server's Netty {@link SslContext} (HTTP/2 ALPN, grpc-java's cipher choice) from
 * {@link GrpcTlsConfig}. Everything is read and checked here, when the server is created, so a
 * wrong path stops the application at startup with a message naming the setting, never on the first
 * client handshake.
 */
public final class GrpcServerSslContexts {
  private static final String PREFIX = "zeebe.gateway.security.";

  private GrpcServerSslContexts() {}

  /**
   * @return the server context, or null when TLS is off
   * @throws IllegalStateException when a file is not configured, missing, unreadable or invalid
   */
  public static SslContext create(final GrpcTlsConfig tls) {
    if (!tls.enabled()) {
      return null;
    }
    final SslContextBuilder builder = tls.keyStore() != null ? fromKeyStore(tls) : fromPem(tls);
    try {
      return GrpcSslContexts.configure(builder).build();
    } catch (final SSLException | IllegalArgumentException e) {
      throw new IllegalStateException(
          "gRPC TLS: cannot build the server TLS context from the configured certificate and "
              + "key: "
              + e.getMessage(),
          e);
    }
  }

  private static SslContextBuilder fromPem(final GrpcTlsConfig tls) {
    final Path chain =
        requireReadable(tls.certificateChain(), "certificate chain", "certificateChainPath");
    final Path key = requireReadable(tls.privateKey(), "private key", "privateKeyPath");
    try {
      return SslContextBuilder.forServer(chain.toFile(), key.toFile());
    } catch (final IllegalArgumentException e) {
      throw new IllegalStateException(
          "gRPC TLS: certificate chain '%s' or private key '%s' is not valid PEM: %s"
              .formatted(chain, key, e.getMessage()),
          e);
    }
  }

  private static SslContextBuilder fromKeyStore(final GrpcTlsConfig tls) {
    final Path file = requireReadable(tls.keyStore(), "key store", "keyStore.filePath");
    final char[] password =
        tls.keyStorePassword() == null ? null : tls.keyStorePassword().toCharArray();
    try (InputStream in = Files.newInputStream(file)) {
      final KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(in, password);
      for (final String alias : Collections.list(store.aliases())) {
        if (store.isKeyEntry(alias)) {
          final var key = (PrivateKey) store.getKey(alias, password);
          final X509Certificate[] chain =
              Arrays.stream(store.getCertificateChain(alias))
                  .map(X509Certificate.class::cast)
                  .toArray(X509Certificate[]::new);
          return SslContextBuilder.forServer(key, chain);
        }
      }
      throw new IllegalStateException(
          "gRPC TLS: key store '%s' holds no private key (%skeyStore.filePath)"
              .formatted(file, PREFIX));
    } catch (final IOException | GeneralSecurityException e) {
      throw new IllegalStateException(
          "gRPC TLS: cannot read key store '%s' (%skeyStore.filePath, %skeyStore.password): %s"
              .formatted(file, PREFIX, PREFIX, e.getMessage()),
          e);
    }
  }

  private static Path requireReadable(final Path file, final String what, final String key) {
    if (file == null) {
      throw new IllegalStateException(
          "gRPC TLS is enabled but no %s is configured (%s%s)".formatted(what, PREFIX, key));
    }
    if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
      throw new IllegalStateException(
          "gRPC TLS %s '%s' is missing or not readable (%s%s)"
              .formatted(what, file.toAbsolutePath(), PREFIX, key));
    }
    return file;
  }
}

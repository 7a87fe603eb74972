package io.gatefork.gateway.grpc.server;

import java.nio.file.Path;

/**
 * TLS of the gRPC server, as the stock gateway's {@code zeebe.gateway.security.*} (unified 8.8:
 * {@code camunda.api.grpc.ssl.*}): PEM files, or a PKCS12 key store, which wins when both are
 * given.
 *
 * @param enabled TLS on; the files are then required and loaded when the server is created
 * @param certificateChain {@code certificateChainPath}: PEM certificate chain, leaf first
 * @param privateKey {@code privateKeyPath}: PEM private key of the leaf
 * @param keyStore {@code keyStore.filePath}: PKCS12 key store with the key and its chain
 * @param keyStorePassword {@code keyStore.password}; null for none
 */
public record GrpcTlsConfig(
    boolean enabled,
    Path certificateChain,
    Path privateKey,
    Path keyStore,
    String keyStorePassword) {

  public static GrpcTlsConfig disabled() {
    return new GrpcTlsConfig(false, null, null, null, null);
  }

  public static GrpcTlsConfig pem(final Path certificateChain, final Path privateKey) {
    return new GrpcTlsConfig(true, certificateChain, privateKey, null, null);
  }

  public static GrpcTlsConfig keyStore(final Path keyStore, final String password) {
    return new GrpcTlsConfig(true, null, null, keyStore, password);
  }
}

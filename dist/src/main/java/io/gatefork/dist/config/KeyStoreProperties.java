package io.gatefork.dist.config;

/**
 * A PKCS12 key store holding a private key and its certificate chain ({@code ...keyStore.*} under
 * the stock TLS keys).
 *
 * @param filePath the key store file
 * @param password its password; unset for none
 */
public record KeyStoreProperties(String filePath, String password) {}

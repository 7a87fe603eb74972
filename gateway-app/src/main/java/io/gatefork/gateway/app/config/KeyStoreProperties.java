package io.gatefork.gateway.app.config;

/**
 * A PKCS12 key store holding a private key and its certificate chain ({@code ...keyStore.*} under
 * the stock TLS keys).
 *
 * @param filePath the PKCS12 key store file (key and certificate chain)
 * @param password the key store's password; unset for none
 */
public record KeyStoreProperties(String filePath, String password) {}

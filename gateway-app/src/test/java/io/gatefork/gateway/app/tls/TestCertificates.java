package io.gatefork.gateway.app.tls;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A throw-away PKI for TLS tests, written into a directory: a CA and one certificate signed by it
 * for {@code 127.0.0.1} and {@code localhost} (server and client use, so cluster members can share
 * it). EC P-256 keys: cheap to generate on a busy two-core machine.
 *
 * @param caCertificate PEM of the CA: what clients trust
 * @param certificateChain PEM of the leaf then the CA (the chain servers present; the cluster
 *     messaging also trusts it)
 * @param privateKey PEM (PKCS8) of the leaf's key
 * @param keyStore PKCS12 with the leaf's key and chain, password {@link #KEY_STORE_PASSWORD}
 */
public record TestCertificates(
    Path caCertificate, Path certificateChain, Path privateKey, Path keyStore) {

  public static final String KEY_STORE_PASSWORD = "changeit";
  private static final AtomicLong SERIAL = new AtomicLong(System.currentTimeMillis());

  /** A fresh CA and leaf in a new temporary directory (left for the JVM's temp cleanup). */
  public static TestCertificates generate() {
    try {
      return generate(Files.createTempDirectory("gatefork-tls-"));
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static TestCertificates generate(final Path directory) {
    try {
      final KeyPair caKeys = ecKeyPair();
      final X500Name caName = new X500Name("CN=gatefork test CA");
      final X509Certificate ca =
          sign(
              new JcaX509v3CertificateBuilder(
                      caName, serial(), notBefore(), notAfter(), caName, caKeys.getPublic())
                  .addExtension(Extension.basicConstraints, true, new BasicConstraints(true))
                  .addExtension(
                      Extension.keyUsage,
                      true,
                      new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign)),
              caKeys.getPrivate());

      final KeyPair leafKeys = ecKeyPair();
      final var extensions = new JcaX509ExtensionUtils();
      final X509Certificate leaf =
          sign(
              new JcaX509v3CertificateBuilder(
                      ca,
                      serial(),
                      notBefore(),
                      notAfter(),
                      new X500Name("CN=localhost"),
                      leafKeys.getPublic())
                  .addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
                  .addExtension(
                      Extension.keyUsage,
                      true,
                      new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyAgreement))
                  .addExtension(
                      Extension.extendedKeyUsage,
                      false,
                      new ExtendedKeyUsage(
                          new KeyPurposeId[] {
                            KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth
                          }))
                  .addExtension(
                      Extension.subjectAlternativeName,
                      false,
                      new GeneralNames(
                          new GeneralName[] {
                            new GeneralName(GeneralName.iPAddress, "127.0.0.1"),
                            new GeneralName(GeneralName.dNSName, "localhost")
                          }))
                  .addExtension(
                      Extension.authorityKeyIdentifier,
                      false,
                      extensions.createAuthorityKeyIdentifier(ca))
                  .addExtension(
                      Extension.subjectKeyIdentifier,
                      false,
                      extensions.createSubjectKeyIdentifier(leafKeys.getPublic())),
              caKeys.getPrivate());

      final var result =
          new TestCertificates(
              directory.resolve("ca.pem"),
              directory.resolve("chain.pem"),
              directory.resolve("key.pem"),
              directory.resolve("keystore.p12"));
      Files.writeString(result.caCertificate(), pem("CERTIFICATE", ca.getEncoded()));
      Files.writeString(
          result.certificateChain(),
          pem("CERTIFICATE", leaf.getEncoded()) + pem("CERTIFICATE", ca.getEncoded()));
      Files.writeString(
          result.privateKey(), pem("PRIVATE KEY", leafKeys.getPrivate().getEncoded()));
      final KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      store.setKeyEntry(
          "gatefork",
          leafKeys.getPrivate(),
          KEY_STORE_PASSWORD.toCharArray(),
          new Certificate[] {leaf, ca});
      try (OutputStream out = Files.newOutputStream(result.keyStore())) {
        store.store(out, KEY_STORE_PASSWORD.toCharArray());
      }
      return result;
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    } catch (final GeneralSecurityException | OperatorCreationException e) {
      throw new IllegalStateException("Cannot generate test certificates", e);
    }
  }

  private static KeyPair ecKeyPair() throws GeneralSecurityException {
    final var generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(new ECGenParameterSpec("secp256r1"));
    return generator.generateKeyPair();
  }

  private static X509Certificate sign(
      final X509v3CertificateBuilder builder, final PrivateKey signer)
      throws OperatorCreationException, GeneralSecurityException {
    return new JcaX509CertificateConverter()
        .getCertificate(
            builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(signer)));
  }

  private static BigInteger serial() {
    return BigInteger.valueOf(SERIAL.incrementAndGet());
  }

  private static Date notBefore() {
    return Date.from(Instant.now().minus(Duration.ofHours(1)));
  }

  private static Date notAfter() {
    return Date.from(Instant.now().plus(Duration.ofDays(2)));
  }

  private static String pem(final String type, final byte[] der) {
    final var encoder = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII));
    return "-----BEGIN "
        + type
        + "-----\n"
        + encoder.encodeToString(der)
        + "\n-----END "
        + type
        + "-----\n";
  }
}

package io.gatefork.gateway.app.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpServer;
import io.camunda.client.CredentialsProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;

/**
 * An identity provider for tests: an RSA key generated per instance, its public JWK set served over
 * HTTP on loopback (as an IdP's {@code jwks_uri}), and tokens signed with it.
 */
public final class TestTokens implements AutoCloseable {
  public static final String ISSUER = "http://idp.test/realms/gatefork";
  public static final String AUDIENCE = "gatefork-api";

  private final RSAKey key;
  private final HttpServer server;

  public TestTokens() {
    key = newKey("gatefork-test-key");
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
    final byte[] jwks =
        new JWKSet(key.toPublicJWK()).toString(true).getBytes(StandardCharsets.UTF_8);
    server.createContext(
        "/jwks",
        exchange -> {
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, jwks.length);
          exchange.getResponseBody().write(jwks);
          exchange.close();
        });
    server.start();
  }

  public String jwkSetUri() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/jwks";
  }

  /** A valid token for 10 minutes with these claims on top of issuer and audience. */
  public String token(final Map<String, Object> claims) {
    return sign(key, claims, Instant.now().plusSeconds(600));
  }

  /** A token whose expiry passed long before any clock skew covers. */
  public String expired(final Map<String, Object> claims) {
    return sign(key, claims, Instant.now().minusSeconds(3600));
  }

  /** A well-formed token signed by a key the gateway does not know. */
  public String signedByStranger(final Map<String, Object> claims) {
    return sign(newKey("gatefork-test-key"), claims, Instant.now().plusSeconds(600));
  }

  /** A token for the wrong audience. */
  public String forAudience(final String audience, final Map<String, Object> claims) {
    final var builder = claimsBuilder(claims, Instant.now().plusSeconds(600)).audience(audience);
    return signClaims(key, builder.build());
  }

  /** Sends {@code Authorization: Bearer <token>} with every request, REST and gRPC. */
  public static CredentialsProvider bearer(final String token) {
    return new CredentialsProvider() {
      @Override
      public void applyCredentials(final CredentialsApplier applier) {
        applier.put("Authorization", "Bearer " + token);
      }

      @Override
      public boolean shouldRetryRequest(final StatusCode statusCode) {
        return false;
      }
    };
  }

  @Override
  public void close() {
    server.stop(0);
  }

  private static String sign(
      final RSAKey key, final Map<String, Object> claims, final Instant expiresAt) {
    return signClaims(key, claimsBuilder(claims, expiresAt).audience(List.of(AUDIENCE)).build());
  }

  private static JWTClaimsSet.Builder claimsBuilder(
      final Map<String, Object> claims, final Instant expiresAt) {
    final var builder =
        new JWTClaimsSet.Builder()
            .issuer(ISSUER)
            .issueTime(Date.from(expiresAt.minusSeconds(3600 * 2)))
            .expirationTime(Date.from(expiresAt));
    claims.forEach(builder::claim);
    return builder;
  }

  private static String signClaims(final RSAKey key, final JWTClaimsSet claims) {
    try {
      final var jwt =
          new SignedJWT(
              new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(), claims);
      jwt.sign(new RSASSASigner(key));
      return jwt.serialize();
    } catch (final JOSEException e) {
      throw new IllegalStateException(e);
    }
  }

  private static RSAKey newKey(final String keyId) {
    try {
      return new RSAKeyGenerator(2048).keyID(keyId).generate();
    } catch (final JOSEException e) {
      throw new IllegalStateException(e);
    }
  }
}

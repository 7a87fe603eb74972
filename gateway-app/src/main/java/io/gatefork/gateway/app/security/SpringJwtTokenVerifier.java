package io.gatefork.gateway.app.security;

import io.gatefork.gateway.app.config.CamundaSecurityProperties;
import io.gatefork.service.auth.AuthenticationFailure;
import io.gatefork.service.auth.TokenVerifier;
import java.net.URL;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimNames;
import org.springframework.security.oauth2.jwt.JwtClaimValidator;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.jwt.JwtIssuerValidator;
import org.springframework.security.oauth2.jwt.JwtTimestampValidator;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;

/**
 * Bearer tokens checked as Spring Security's OAuth2 resource server checks them: signature against
 * the issuer's JWK set (Nimbus fetches and caches the set, refetching only for an unknown key id,
 * never per request), expiry and not-before with the configured clock skew, the issuer, and the
 * audience.
 */
final class SpringJwtTokenVerifier implements TokenVerifier {
  private final JwtDecoder decoder;

  private SpringJwtTokenVerifier(final JwtDecoder decoder) {
    this.decoder = decoder;
  }

  static SpringJwtTokenVerifier create(final CamundaSecurityProperties.Oidc oidc) {
    final NimbusJwtDecoder decoder;
    if (oidc.jwkSetUri() != null && !oidc.jwkSetUri().isBlank()) {
      decoder = NimbusJwtDecoder.withJwkSetUri(oidc.jwkSetUri()).build();
    } else if (oidc.issuerUri() != null && !oidc.issuerUri().isBlank()) {
      // discovery happens on the first token, not at startup: the IdP may start later
      decoder = NimbusJwtDecoder.withIssuerLocation(oidc.issuerUri()).build();
    } else {
      throw new IllegalArgumentException(
          "camunda.security.authentication.method=oidc needs"
              + " camunda.security.authentication.oidc.jwk-set-uri or issuer-uri");
    }
    final List<OAuth2TokenValidator<Jwt>> validators = new ArrayList<>();
    validators.add(new JwtTimestampValidator(oidc.clockSkew()));
    if (oidc.issuerUri() != null && !oidc.issuerUri().isBlank()) {
      validators.add(new JwtIssuerValidator(oidc.issuerUri()));
    }
    final List<String> audiences = oidc.audiences() == null ? List.of() : oidc.audiences();
    if (!audiences.isEmpty()) {
      validators.add(
          new JwtClaimValidator<List<String>>(
              JwtClaimNames.AUD, aud -> aud != null && aud.stream().anyMatch(audiences::contains)));
    }
    decoder.setJwtValidator(new DelegatingOAuth2TokenValidator<>(validators));
    return new SpringJwtTokenVerifier(decoder);
  }

  @Override
  public VerifiedToken verify(final String token) throws AuthenticationFailure {
    final Jwt jwt;
    try {
      jwt = decoder.decode(token);
    } catch (final JwtException e) {
      throw new AuthenticationFailure("The bearer token was not accepted: " + e.getMessage());
    }
    return new VerifiedToken(plain(jwt.getClaims()), jwt.getExpiresAt());
  }

  /** Claims as plain msgpack-friendly values: times as epoch seconds, URLs as text. */
  private static Map<String, Object> plain(final Map<String, Object> claims) {
    final var plain = new LinkedHashMap<String, Object>(claims.size());
    claims.forEach((name, value) -> plain.put(name, plainValue(value)));
    return plain;
  }

  private static Object plainValue(final Object value) {
    if (value == null
        || value instanceof String
        || value instanceof Number
        || value instanceof Boolean) {
      return value;
    }
    if (value instanceof Instant instant) {
      return instant.getEpochSecond();
    }
    if (value instanceof URL url) {
      return url.toString();
    }
    if (value instanceof Collection<?> values) {
      return values.stream().map(SpringJwtTokenVerifier::plainValue).toList();
    }
    if (value instanceof Map<?, ?> map) {
      final var plain = new LinkedHashMap<String, Object>();
      map.forEach((k, v) -> plain.put(String.valueOf(k), plainValue(v)));
      return plain;
    }
    return value.toString();
  }
}

package io.gatefork.gateway.app.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The 8.7 gateway's authentication switch {@code zeebe.gateway.security.authentication.mode}
 * ({@code none} | {@code identity}), which the 8.7 Helm chart sets to {@code identity} by default.
 * gatefork authenticates with the 8.8 keys ({@link CamundaSecurityProperties}); this is read only
 * so that a deployment asking for Identity is never silently served unauthenticated.
 *
 * @param mode the 8.7 switch: {@code none}, or {@code identity}, which stops the start unless the
 *     8.8 keys {@code camunda.security.*} protect the API
 */
@ConfigurationProperties("zeebe.gateway.security.authentication")
public record LegacyGatewayAuthenticationProperties(@DefaultValue("none") String mode) {

  public boolean asksForIdentity() {
    return "identity".equalsIgnoreCase(mode.trim());
  }
}

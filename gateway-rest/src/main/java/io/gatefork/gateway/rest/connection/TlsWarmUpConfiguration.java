package io.gatefork.gateway.rest.connection;

import io.gatefork.gateway.rest.config.RestFrontEndProperties;
import java.time.Duration;
import javax.net.ssl.SSLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.web.ServerProperties;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.boot.web.server.Ssl;
import org.springframework.boot.web.server.WebServerSslBundle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * With REST on TLS ({@code server.ssl.*}) and {@code gatefork.rest.tls-warm-up} above 0, the TLS
 * path is compiled before the REST port opens ({@link TlsWarmUp}): after every singleton exists and
 * before Spring Boot starts the web server. A warm-up that fails (a key it cannot use, client
 * certificates required) is logged and skipped; it never stops the gateway.
 */
@Configuration(proxyBeanMethods = false)
public class TlsWarmUpConfiguration {
  private static final Logger LOG = LoggerFactory.getLogger(TlsWarmUp.class);

  @Bean
  SmartInitializingSingleton gatewayRestTlsWarmUp(
      final RestFrontEndProperties properties,
      final ObjectProvider<ServerProperties> server,
      final ObjectProvider<SslBundles> bundles) {
    return () -> {
      final Duration budget = properties.tlsWarmUp();
      final ServerProperties settings = server.getIfAvailable();
      final Ssl ssl = settings == null ? null : settings.getSsl();
      if (budget.isZero() || !Ssl.isEnabled(ssl)) {
        return;
      }
      try {
        final var bundle = WebServerSslBundle.get(ssl, bundles.getIfAvailable());
        final TlsWarmUp.Done done = new TlsWarmUp(bundle.createSslContext()).run(budget);
        LOG.info(
            "TLS warmed up before the REST port opens: {} handshakes, {} requests in {} ms",
            done.handshakes(),
            done.exchanges(),
            done.took().toMillis());
      } catch (final SSLException | RuntimeException e) {
        LOG.warn(
            "TLS warm-up skipped ({}); the first TLS requests compile the TLS path", e.toString());
      }
    };
  }
}

package io.gatefork.gateway.rest.connection;

import java.time.Duration;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;

/**
 * A request body that stops coming times out after {@code gatefork.rest.body-read-timeout} between
 * two of its bytes, whatever {@code server.tomcat.connection-timeout} says: gatefork waits 620 s
 * for a new connection's first request (as for a kept connection's next one), but a body is read by
 * a blocking request thread, and a client gone mid-body must not hold one of the few for ten
 * minutes. Tomcat's own upload timeout, through its public connector settings; the whole body's
 * deadline, which Tomcat does not have, is the body package's {@code RequestBodyGuard}.
 */
final class BodyReadTimeout implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {
  private final Duration timeout;

  BodyReadTimeout(final Duration timeout) {
    this.timeout = timeout;
  }

  @Override
  public void customize(final TomcatServletWebServerFactory factory) {
    factory.addConnectorCustomizers(
        connector -> {
          if (connector.getProtocolHandler() instanceof final AbstractHttp11Protocol<?> http) {
            http.setDisableUploadTimeout(false);
            http.setConnectionUploadTimeout((int) timeout.toMillis());
          }
        });
  }
}

package io.gatefork.gateway.rest.connection;

import org.apache.tomcat.util.buf.EncodedSolidusHandling;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;

/**
 * Tomcat refuses a path with an encoded slash ({@code %2F}) itself, with a bare 400 and no body,
 * before any filter runs. Letting it through unchanged hands the decision to Spring Security's
 * firewall, which refuses it too, but answers with a ProblemDetail (the error package's {@code
 * ProblemRequestRejectedHandler}) like every other error.
 */
final class EncodedSlashesToTheFirewall
    implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

  @Override
  public void customize(final TomcatServletWebServerFactory factory) {
    factory.addConnectorCustomizers(
        connector ->
            connector.setEncodedSolidusHandling(EncodedSolidusHandling.PASS_THROUGH.getValue()));
  }
}

package io.gatefork.gateway.app;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.web.server.Ssl;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/** One line that tells a user where to point a client once everything listens. */
@Component
public class ReadyBanner implements ApplicationListener<ApplicationReadyEvent> {
  private static final Logger LOG = LoggerFactory.getLogger(ReadyBanner.class);

  private final GrpcServerLifecycle grpc;

  public ReadyBanner(final GrpcServerLifecycle grpc) {
    this.grpc = grpc;
  }

  @Override
  public void onApplicationEvent(final ApplicationReadyEvent event) {
    final Environment env = event.getApplicationContext().getEnvironment();
    LOG.info(
        "gatefork ready: REST {}://localhost:{}/v2  gRPC localhost:{}{}  management "
            + "{}://localhost:{}/actuator",
        scheme(env, "server.ssl"),
        env.getProperty("local.server.port", env.getProperty("server.port")),
        grpc.port(),
        grpc.tlsEnabled() ? " (TLS)" : "",
        scheme(env, "management.server.ssl"),
        env.getProperty("local.management.port", env.getProperty("management.server.port")));
  }

  /** https when Spring Boot's {@code server.ssl.*} (or the management server's) is on. */
  private static String scheme(final Environment env, final String sslPrefix) {
    final Ssl ssl = Binder.get(env).bind(sslPrefix, Ssl.class).orElse(null);
    return Ssl.isEnabled(ssl) ? "https" : "http";
  }
}

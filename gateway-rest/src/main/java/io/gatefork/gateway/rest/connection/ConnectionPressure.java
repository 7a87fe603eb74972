package io.gatefork.gateway.rest.connection;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.connector.Connector;
import org.apache.coyote.AbstractProtocol;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;

/**
 * Shortens the idle timeouts while the API connector holds many connections, as Envoy's overload
 * manager does: gatefork keeps idle HTTP/1.1 connections for 620 s, so clients never send into its
 * close, but then a client that opens connections and sends nothing holds each ten times longer
 * than with Tomcat's 60 s. Once a second, when the connections reach {@code
 * gatefork.rest.connection-pressure} of {@code server.tomcat.max-connections}, new connections and
 * connections that finish a request get {@code gatefork.rest.idle-timeout-under-pressure} to send
 * their next request; below it, the configured timeouts again. So a flood of idle connections can
 * keep at most that share of the connections for long, and the rest keep turning over for the
 * clients that need them.
 */
final class ConnectionPressure
    implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {
  private final double share;
  private final int shortMillis;

  ConnectionPressure(final double share, final Duration idleTimeoutUnderPressure) {
    this.share = share;
    shortMillis = (int) idleTimeoutUnderPressure.toMillis();
  }

  @Override
  public void customize(final TomcatServletWebServerFactory factory) {
    factory.addConnectorCustomizers(this::watch);
  }

  /** After Spring Boot's own customizer has set the timeouts: those are the ones restored. */
  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }

  private void watch(final Connector connector) {
    if (!(connector.getProtocolHandler() instanceof final AbstractProtocol<?> protocol)) {
      return;
    }
    final var watcher = new Watcher(protocol);
    connector.addLifecycleListener(
        event -> {
          if (Lifecycle.AFTER_START_EVENT.equals(event.getType())) {
            watcher.start();
          } else if (Lifecycle.BEFORE_STOP_EVENT.equals(event.getType())) {
            watcher.stop();
          }
        });
  }

  private final class Watcher {
    private final AbstractProtocol<?> protocol;
    private int connectionTimeout;
    private int keepAliveTimeout;
    private boolean pressed;
    private ScheduledFuture<?> task;

    Watcher(final AbstractProtocol<?> protocol) {
      this.protocol = protocol;
    }

    void start() {
      connectionTimeout = protocol.getConnectionTimeout();
      keepAliveTimeout = protocol.getKeepAliveTimeout();
      task =
          protocol.getUtilityExecutor().scheduleWithFixedDelay(this::check, 1, 1, TimeUnit.SECONDS);
    }

    void stop() {
      if (task != null) {
        task.cancel(false);
      }
    }

    private void check() {
      final int max = protocol.getMaxConnections();
      final boolean now = max > 0 && protocol.getConnectionCount() >= share * max;
      if (now == pressed) {
        return;
      }
      pressed = now;
      protocol.setConnectionTimeout(
          now ? Math.min(shortMillis, connectionTimeout) : connectionTimeout);
      protocol.setKeepAliveTimeout(
          now ? Math.min(shortMillis, keepAliveTimeout) : keepAliveTimeout);
    }
  }
}

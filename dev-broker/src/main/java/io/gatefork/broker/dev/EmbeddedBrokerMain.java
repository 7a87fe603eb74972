package io.gatefork.broker.dev;

import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs an {@link EmbeddedBroker} as its own process (multi-process QA, containers). Settings come
 * from flags or {@code GATEFORK_BROKER_*} environment variables, see {@link BrokerSettings}. Prints
 * one line when ready:
 *
 * <pre>embedded broker 0 listening on 127.0.0.1:26501, partitions [1, 2, 3]</pre>
 *
 * and stops cleanly on SIGTERM / Ctrl-C. Logging goes through logback with the bundled {@code
 * embedded-broker-logback.xml} unless {@code -Dlogback.configurationFile} says otherwise.
 */
public final class EmbeddedBrokerMain {

  static final String LOGBACK_CONFIG_PROPERTY = "logback.configurationFile";
  static final String BUNDLED_LOGBACK_CONFIG = "embedded-broker-logback.xml";

  private EmbeddedBrokerMain() {}

  public static void main(final String[] args) throws InterruptedException {
    // before the first logger is created; library users bring their own logging configuration
    if (System.getProperty(LOGBACK_CONFIG_PROPERTY) == null) {
      System.setProperty(LOGBACK_CONFIG_PROPERTY, BUNDLED_LOGBACK_CONFIG);
    }
    final Logger log = LoggerFactory.getLogger(EmbeddedBrokerMain.class);

    final EmbeddedBrokerConfig config;
    try {
      config = BrokerSettings.parse(args, System.getenv());
    } catch (final IllegalArgumentException e) {
      System.err.println("embedded broker: " + e.getMessage());
      System.exit(2);
      return;
    }

    final EmbeddedBroker broker;
    try {
      broker = EmbeddedBroker.start(config);
    } catch (final RuntimeException e) {
      log.error("Embedded broker failed to start", e);
      System.exit(1);
      return;
    }

    final var stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  broker.close();
                  stopped.countDown();
                },
                "embedded-broker-shutdown"));
    System.out.printf(
        "embedded broker %d listening on %s, partitions %s%n",
        config.nodeId(), broker.clusterAddress(), broker.partitions());
    System.out.flush();
    stopped.await();
  }
}

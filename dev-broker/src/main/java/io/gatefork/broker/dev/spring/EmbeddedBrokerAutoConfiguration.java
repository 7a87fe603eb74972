package io.gatefork.broker.dev.spring;

import io.gatefork.broker.dev.EmbeddedBroker;
import io.gatefork.broker.dev.EmbeddedBrokerConfig;
import io.gatefork.broker.dev.cluster.ClusterTls;
import java.nio.file.Path;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * A development broker inside a Spring Boot application (gatefork's {@code dev} profile and its
 * tests): the real Zeebe engine, not for production. Active only where this module is on the
 * classpath, which the production gateway's is not (its distribution keeps the broker's jars in
 * {@code lib/broker/}, which only {@code bin/broker} and {@code ./gatefork-dev} load), and only
 * with {@code gatefork.embedded-broker.enabled=true}.
 *
 * <p>The bean is named {@value #BEAN_NAME}; an application that joins the broker from the same JVM
 * makes its cluster client depend on that name, so the broker is up first (gatefork does so without
 * a compile dependency on this module). The broker takes the cluster name the gateway in the same
 * process uses, so that it can join: {@code camunda.cluster.name}, else {@code
 * zeebe.gateway.cluster.cluster-name}, else {@code zeebe-cluster}.
 */
@AutoConfiguration
@ConditionalOnProperty(name = "gatefork.embedded-broker.enabled", havingValue = "true")
@EnableConfigurationProperties(EmbeddedBrokerProperties.class)
public class EmbeddedBrokerAutoConfiguration {
  /** The name of the broker's bean: what a cluster client in the same JVM depends on. */
  public static final String BEAN_NAME = "embeddedBroker";

  @Bean(name = BEAN_NAME, destroyMethod = "close")
  public EmbeddedBroker embeddedBroker(
      final EmbeddedBrokerProperties settings, final Environment environment) {
    return EmbeddedBroker.start(
        EmbeddedBrokerConfig.builder()
            .clusterName(clusterName(environment))
            .host(settings.host())
            .port(settings.port())
            .partitionCount(settings.partitions())
            .requestLimit(settings.requestLimit())
            .refuseUserCommands(settings.refuseUserCommands())
            .jobNotifications(settings.jobNotifications())
            .recordJournal(settings.recordJournal())
            .tls(tls(settings.security()))
            .build());
  }

  /** The gateway's cluster name, bound as the gateway binds it (relaxed names, env variables). */
  static String clusterName(final Environment environment) {
    final Binder binder = Binder.get(environment);
    final String unified = binder.bind("camunda.cluster.name", String.class).orElse(null);
    if (!blank(unified)) {
      return unified;
    }
    final String legacy =
        binder.bind("zeebe.gateway.cluster.cluster-name", String.class).orElse(null);
    return blank(legacy) ? EmbeddedBrokerConfig.DEFAULT_CLUSTER_NAME : legacy;
  }

  /** The broker's cluster TLS, or null for plaintext. */
  static ClusterTls tls(final EmbeddedBrokerProperties.Security security) {
    if (!security.enabled()) {
      return null;
    }
    if (blank(security.certificateChainPath()) || blank(security.privateKeyPath())) {
      throw new IllegalStateException(
          "gatefork.embedded-broker.security.enabled is true: set certificate-chain-path and "
              + "private-key-path too");
    }
    return new ClusterTls(
        Path.of(security.certificateChainPath()), Path.of(security.privateKeyPath()));
  }

  private static boolean blank(final String value) {
    return value == null || value.isBlank();
  }
}

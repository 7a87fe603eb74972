package io.gatefork.dist;

import io.gatefork.broker.embedded.EmbeddedBroker;
import io.gatefork.broker.embedded.EmbeddedBrokerConfig;
import io.gatefork.dist.config.ClusterProperties;
import io.gatefork.dist.config.GateforkProperties;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A development broker in the gateway's JVM (the {@code dev} profile): the real Zeebe engine, not
 * for production.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "gatefork.embedded-broker.enabled", havingValue = "true")
public class EmbeddedBrokerConfiguration {

  @Bean(destroyMethod = "close")
  public EmbeddedBroker embeddedBroker(
      final GateforkProperties gatefork, final ClusterProperties cluster) {
    final var settings = gatefork.embeddedBroker();
    return EmbeddedBroker.start(
        EmbeddedBrokerConfig.builder()
            .clusterName(cluster.clusterName())
            .host(settings.host())
            .port(settings.port())
            .partitionCount(settings.partitions())
            .requestLimit(settings.requestLimit())
            .recordJournal(settings.recordJournal())
            .tls(TlsSettings.embeddedBroker(settings.security()))
            .build());
  }
}

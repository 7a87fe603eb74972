package io.gatefork.dist.config;

import io.gatefork.broker.client.ResourceExhaustedRetry;
import io.gatefork.service.executor.ApiExecutorStrategy;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * gatefork's own switches, each able to restore stock behaviour for A/B runs and rollback (the
 * path-matching switch is Spring's own {@code spring.mvc.pathmatch.matching-strategy}).
 *
 * @param api {@code gatefork.api.executor-strategy}: dedicated (default), common-pool, direct
 * @param retry {@code gatefork.retry.resource-exhausted}: fail-fast (default), next-partition
 * @param embeddedBroker a development broker in the same JVM (the {@code dev} profile turns it on)
 */
@ConfigurationProperties("gatefork")
public record GateforkProperties(
    @DefaultValue Api api, @DefaultValue Retry retry, @DefaultValue EmbeddedBroker embeddedBroker) {

  public record Api(@DefaultValue("dedicated") ApiExecutorStrategy executorStrategy) {}

  public record Retry(@DefaultValue("fail-fast") ResourceExhaustedRetry resourceExhausted) {}

  /**
   * @param port one port for the broker's membership and command API
   * @param requestLimit per-partition in-flight command limit; 0 = none
   * @param security TLS of the broker's cluster messaging; gateways joining it need cluster TLS
   */
  public record EmbeddedBroker(
      @DefaultValue("false") boolean enabled,
      @DefaultValue("127.0.0.1") String host,
      @DefaultValue("26501") int port,
      @DefaultValue("3") int partitions,
      @DefaultValue("0") int requestLimit,
      @DefaultValue("false") boolean recordJournal,
      @DefaultValue EmbeddedBrokerSecurity security) {}

  /**
   * {@code gatefork.embedded-broker.security.*}: PEM files, as the stock broker's {@code
   * zeebe.broker.network.security.*}.
   */
  public record EmbeddedBrokerSecurity(
      @DefaultValue("false") boolean enabled,
      String certificateChainPath,
      String privateKeyPath) {}
}

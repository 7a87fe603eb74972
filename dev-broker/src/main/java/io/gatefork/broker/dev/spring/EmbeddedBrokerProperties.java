package io.gatefork.broker.dev.spring;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code gatefork.embedded-broker.*}: a broker started inside a Spring Boot application (gatefork's
 * {@code dev} profile turns it on). The defaults are those of {@code EmbeddedBrokerConfig}.
 *
 * @param enabled whether to start one (the {@code dev} profile and the tests turn it on); it needs
 *     the broker's jars, which the gateway's own classpath ({@code lib/}) leaves out
 * @param host the interface it listens on
 * @param port one port for the broker's membership and command API
 * @param partitions partitions in the cluster, all led by this broker
 * @param requestLimit per-partition in-flight command limit; 0 = none
 * @param refuseUserCommands refuse every user command with RESOURCE_EXHAUSTED, as a broker at its
 *     limit (those the brokers' limiter spares still pass: deployments, job completion and failure,
 *     cancellation); overrides {@code requestLimit}
 * @param jobNotifications announce jobs that become activatable to the gateways' long polls; off
 *     stands in for announcements a gateway never hears (tests of long polling's probe)
 * @param recordJournal whether to keep a journal of every record (tests look at it)
 * @param security TLS of the broker's cluster messaging; gateways joining it need cluster TLS
 */
@ConfigurationProperties("gatefork.embedded-broker")
public record EmbeddedBrokerProperties(
    @DefaultValue("false") boolean enabled,
    @DefaultValue("127.0.0.1") String host,
    @DefaultValue("26501") int port,
    @DefaultValue("3") int partitions,
    @DefaultValue("0") int requestLimit,
    @DefaultValue("false") boolean refuseUserCommands,
    @DefaultValue("true") boolean jobNotifications,
    @DefaultValue("false") boolean recordJournal,
    @DefaultValue Security security) {

  /**
   * {@code gatefork.embedded-broker.security.*}: PEM files, as the stock broker's {@code
   * zeebe.broker.network.security.*}.
   *
   * @param enabled TLS on the broker's cluster messaging
   * @param certificateChainPath the leaf first, ending in the CA (also what the broker trusts)
   * @param privateKeyPath the leaf's PKCS8 private key
   */
  public record Security(
      @DefaultValue("false") boolean enabled, String certificateChainPath, String privateKeyPath) {}
}

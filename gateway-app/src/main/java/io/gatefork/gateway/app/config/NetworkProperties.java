package io.gatefork.gateway.app.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The stock gateway's gRPC endpoint keys {@code zeebe.gateway.network.*} (env {@code
 * ZEEBE_GATEWAY_NETWORK_PORT}, ...), defaults as upstream's. gatefork's own gRPC settings are
 * {@code gatefork.grpc.*} ({@link GateforkProperties.Grpc}).
 *
 * @param host the interface the gRPC API binds to
 * @param port the port of the gRPC API
 * @param minKeepAliveInterval the shortest keep-alive ping interval a client may use; clients that
 *     ping more often are disconnected
 * @param maxMessageSize the largest gRPC message accepted; activated jobs beyond it are split over
 *     several responses (set the brokers' {@code zeebe.broker.network.maxMessageSize} alike)
 */
@ConfigurationProperties("zeebe.gateway.network")
public record NetworkProperties(
    @DefaultValue("0.0.0.0") String host,
    @DefaultValue("26500") int port,
    @DefaultValue("30s") Duration minKeepAliveInterval,
    @DefaultValue("4MB") DataSize maxMessageSize) {

  /** gRPC takes the size as an int of bytes. */
  public int maxMessageSizeBytes() {
    return Math.toIntExact(maxMessageSize.toBytes());
  }
}

package io.gatefork.bench.config;

/**
 * Loopback ports of one cell's gateway and broker (host networking). Away from the stock ports so
 * that a gateway someone runs on 8080/26500 does not collide with the benchmark.
 */
public record Ports(int rest, int grpc, int management, int gatewayCluster, int broker) {
  public static Ports withOffset(final int offset) {
    return new Ports(
        28080 + offset, 28500 + offset, 28600 + offset, 28502 + offset, 28501 + offset);
  }
}

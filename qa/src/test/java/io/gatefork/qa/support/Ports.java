package io.gatefork.qa.support;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Containers share the host's network: every port is picked free on loopback, below the kernel's
 * ephemeral range (Linux: 32768 and up). A port is picked when a container is built and bound only
 * when it starts, seconds later; in the ephemeral range a client connection opened meanwhile could
 * take it as its local port ("Address already in use", seen once in CI). Below it only a listener
 * can, and no port is handed out twice in this JVM.
 */
public final class Ports {
  private static final int LOWEST = 20_000;
  private static final int BELOW_EPHEMERAL = 32_768;
  private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

  private Ports() {}

  public static int freeLoopbackPort() {
    for (int attempt = 0; attempt < 1_000; attempt++) {
      final int port = ThreadLocalRandom.current().nextInt(LOWEST, BELOW_EPHEMERAL);
      if (!HANDED_OUT.contains(port) && bindable(port) && HANDED_OUT.add(port)) {
        return port;
      }
    }
    throw new IllegalStateException(
        "no free loopback port between " + LOWEST + " and " + BELOW_EPHEMERAL);
  }

  private static boolean bindable(final int port) {
    try (var socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
      return true;
    } catch (final IOException taken) {
      return false;
    }
  }
}

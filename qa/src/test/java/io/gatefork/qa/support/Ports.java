package io.gatefork.qa.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Containers share the host's network: every port is picked free on loopback. */
public final class Ports {
  private Ports() {}

  public static int freeLoopbackPort() {
    try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

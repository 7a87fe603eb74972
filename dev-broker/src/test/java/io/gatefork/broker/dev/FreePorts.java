package io.gatefork.broker.dev;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Free loopback ports for tests: never a fixed port. */
final class FreePorts {

  private FreePorts() {}

  static int next() {
    try (var socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      socket.setReuseAddress(true);
      return socket.getLocalPort();
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

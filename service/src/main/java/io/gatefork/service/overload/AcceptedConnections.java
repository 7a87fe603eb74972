package io.gatefork.service.overload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * TCP connections the kernel has accepted in this network namespace ({@code PassiveOpens} of {@code
 * /proc/net/snmp}): in a pod, the gateway's own. A gateway at its CPU quota that keeps accepting
 * connections has clients waiting on it: HTTP/1.1 clients open another connection for each request
 * they cannot put on a busy one.
 */
final class AcceptedConnections {
  private static final String TCP = "Tcp:";

  private final Path snmp;

  static AcceptedConnections ofThisNamespace() {
    return new AcceptedConnections(Path.of("/proc/net/snmp"));
  }

  AcceptedConnections(final Path snmp) {
    this.snmp = snmp;
  }

  /** The running count; -1 where it cannot be read. */
  long count() {
    try {
      return count(Files.readAllLines(snmp));
    } catch (final IOException | RuntimeException e) {
      return -1;
    }
  }

  private static long count(final List<String> lines) {
    String[] names = null;
    for (final String line : lines) {
      if (!line.startsWith(TCP)) {
        continue;
      }
      final String[] fields = line.trim().split("\\s+");
      if (names == null) {
        names = fields;
        continue;
      }
      for (int i = 1; i < Math.min(names.length, fields.length); i++) {
        if ("PassiveOpens".equals(names[i])) {
          return Long.parseLong(fields[i]);
        }
      }
    }
    return -1;
  }
}

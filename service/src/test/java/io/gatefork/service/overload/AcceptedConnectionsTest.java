package io.gatefork.service.overload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AcceptedConnectionsTest {
  @TempDir Path dir;

  @Test
  void passiveOpensOfTheTcpLines() throws IOException {
    final Path snmp = dir.resolve("snmp");
    Files.writeString(
        snmp,
        "Ip: Forwarding DefaultTTL\nIp: 1 64\n"
            + "Tcp: RtoAlgorithm RtoMin RtoMax MaxConn ActiveOpens PassiveOpens AttemptFails\n"
            + "Tcp: 1 200 120000 -1 1139470 566027 388327\n"
            + "Udp: InDatagrams\nUdp: 5\n");
    assertThat(new AcceptedConnections(snmp).count()).isEqualTo(566027);
  }

  @Test
  void unknownWithoutTheFile() {
    assertThat(new AcceptedConnections(dir.resolve("none")).count()).isEqualTo(-1);
  }
}

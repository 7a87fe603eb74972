package io.gatefork.gateway.rest.connection;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.catalina.util.ServerInfo;
import org.junit.jupiter.api.Test;

/**
 * This package reaches into Tomcat below its servlet API (the HTTP/1.1 processor's keep-alive
 * decision, the request threads' executor, a valve): tested on one Tomcat minor, the one the root
 * pom names ({@code gatefork.tomcat.tested-minor}, which its enforcer rule also holds). A Tomcat of
 * another minor on the classpath fails here, before anything relies on it.
 */
class TomcatMinorTest {
  @Test
  void tomcatIsTheTestedMinor() {
    final String tested = System.getProperty("gatefork.tomcat.tested-minor");
    assertThat(tested)
        .as("the tested minor, from the root pom via surefire")
        .matches("\\d+\\.\\d+");
    assertThat(ServerInfo.getServerNumber())
        .as(
            "Tomcat on the classpath (%s); test this package on it, then raise the pom's"
                + " gatefork.tomcat.tested-minor",
            ServerInfo.getServerInfo())
        .startsWith(tested + ".");
  }
}

package io.gatefork.gateway.app.robustness;

import java.util.Arrays;

/** What the gateway's Tomcat request threads are doing, read from their live stacks. */
final class RequestThreads {
  private RequestThreads() {}

  /** Tomcat request threads blocked in a read of a request body. */
  static long readingABody() {
    return Thread.getAllStackTraces().entrySet().stream()
        .filter(e -> e.getKey().getName().contains("-exec-"))
        .filter(
            e ->
                Arrays.stream(e.getValue())
                    .anyMatch(
                        frame ->
                            frame
                                .getClassName()
                                .equals("org.apache.catalina.connector.InputBuffer")))
        .count();
  }
}

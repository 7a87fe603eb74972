package io.gatefork.gateway.app.robustness;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * What the gateway's Tomcat request threads are doing, read from their live stacks, and uploads
 * that hold one.
 */
final class RequestThreads {
  /** A create the broker refuses (nothing deployed): cheap, and answered 404. */
  static final String CREATE_BODY = "{\"processDefinitionId\":\"nothing-deployed\"}";

  private RequestThreads() {}

  /**
   * The head of a create announcing the whole {@link #CREATE_BODY}, and {@code body} after it: a
   * part of it stalls the upload, which then holds a request thread while it waits.
   */
  static void sendCreate(final Socket socket, final String body) throws IOException {
    socket
        .getOutputStream()
        .write(
            ("POST /v2/process-instances HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Content-Type: application/json\r\nContent-Length: "
                    + CREATE_BODY.length()
                    + "\r\n\r\n"
                    + body)
                .getBytes(StandardCharsets.US_ASCII));
    socket.getOutputStream().flush();
  }

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

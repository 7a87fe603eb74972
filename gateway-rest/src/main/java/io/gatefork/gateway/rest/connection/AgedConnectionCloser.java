package io.gatefork.gateway.rest.connection;

import jakarta.servlet.ServletException;
import java.io.IOException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;

/**
 * Ends HTTP/1.1 keep-alive connections that have been open for {@code
 * gatefork.rest.max-connection-age}: the first answer on such a connection carries {@code
 * Connection: close}, after which Tomcat closes it (with or without {@link
 * KeepAliveOnErrorProtocol}), and the client's next request opens a new connection, which a
 * Kubernetes Service may send to another gateway.
 *
 * <p>HTTP/2 streams are left alone: they share one connection, which a {@code Connection} header
 * cannot end. The management server has its own Tomcat without this valve.
 */
final class AgedConnectionCloser extends ValveBase {
  private static final String HTTP_2 = "HTTP/2.0";

  private final ConnectionAges ages;

  AgedConnectionCloser(final ConnectionAges ages) {
    super(true); // async requests (long polls) pass through
    this.ages = ages;
  }

  @Override
  public void invoke(final Request request, final Response response)
      throws IOException, ServletException {
    // set before the application answers, so the head that goes out carries it
    if (!HTTP_2.equals(request.getProtocol())
        && ages.reached(request.getServletConnection().getConnectionId())) {
      response.setHeader("Connection", "close");
    }
    getNext().invoke(request, response);
  }
}

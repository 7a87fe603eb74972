package io.gatefork.gateway.rest.connection;

import io.gatefork.service.connection.ConnectionsPerAddress;
import org.apache.coyote.Adapter;
import org.apache.coyote.http11.Http11NioProtocol;

/**
 * Tomcat's HTTP/1.1 NIO protocol on a {@link ClientBoundsEndpoint}, so that bounds on what one
 * client takes can be given to it: the connections per remote address and the requests one
 * connection has served in a row; without them it is stock. The API connector speaks this protocol,
 * or {@link KeepAliveOnErrorProtocol} (a subclass) with {@code gatefork.rest.keep-alive-on-error}
 * on, so the bounds hold with either.
 */
public class ClientBoundsProtocol extends Http11NioProtocol {

  public ClientBoundsProtocol() {
    super(new ClientBoundsEndpoint());
  }

  /** Limits the connections per address; before the connector starts. */
  void limitConnectionsPerAddress(final ConnectionsPerAddress limit) {
    endpoint().limit(limit);
  }

  /**
   * Serves at most {@code max} pipelined requests of a connection in a row; before the connector
   * starts. Tomcat's own keep-alive count does it: the endpoint gives each connection {@code max}
   * again whenever it is handed to a request thread, so Tomcat's {@code Connection: close} comes
   * only to a connection whose requests kept one thread busy {@code max} times over.
   */
  void boundPipelinedRequests(final int max) {
    endpoint().boundPipelining(max);
  }

  /**
   * Tomcat's adapter; with the bound of requests in a row, one that tells pipelined requests apart.
   */
  @Override
  public void setAdapter(final Adapter adapter) {
    super.setAdapter(endpoint().adapter(adapter));
  }

  private ClientBoundsEndpoint endpoint() {
    return (ClientBoundsEndpoint) getEndpoint();
  }
}

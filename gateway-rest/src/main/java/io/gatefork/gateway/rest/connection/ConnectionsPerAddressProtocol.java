package io.gatefork.gateway.rest.connection;

import io.gatefork.service.connection.ConnectionsPerAddress;
import org.apache.coyote.http11.Http11NioProtocol;

/**
 * Tomcat's HTTP/1.1 NIO protocol on a {@link ConnectionsPerAddressEndpoint}, so that a limit of
 * connections per remote address can be given to it; without one it is stock. The API connector
 * speaks this protocol, or {@link KeepAliveOnErrorProtocol} (a subclass) with {@code
 * gatefork.rest.keep-alive-on-error} on, so the limit holds with either.
 */
public class ConnectionsPerAddressProtocol extends Http11NioProtocol {

  public ConnectionsPerAddressProtocol() {
    super(new ConnectionsPerAddressEndpoint());
  }

  /** Limits the connections per address; before the connector starts. */
  void limitConnectionsPerAddress(final ConnectionsPerAddress limit) {
    ((ConnectionsPerAddressEndpoint) getEndpoint()).limit(limit);
  }
}

package io.gatefork.gateway.app.connection;

import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

/** The limit per address with the stock HTTP/1.1 protocol (keep-alive-on-error off). */
@TestPropertySource(
    properties = {
      "gatefork.rest.keep-alive-on-error=false",
      "gatefork.rest.max-connections-per-address=" + RestConnectionsPerAddress.LIMIT
    })
@DirtiesContext // a setting no other test shares: not for the context cache
class ConnectionsPerAddressKeepAliveOnErrorOffTest extends RestConnectionsPerAddress {}

package io.gatefork.gateway.app.connection;

import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

/** The connections per address of REST on the gateway's own HTTP/1.1 protocol. */
@TestPropertySource(
    properties = "gatefork.rest.max-connections-per-address=" + RestConnectionsPerAddress.LIMIT)
@DirtiesContext // a setting no other test shares: not for the context cache
class ConnectionsPerAddressTest extends RestConnectionsPerAddress {}

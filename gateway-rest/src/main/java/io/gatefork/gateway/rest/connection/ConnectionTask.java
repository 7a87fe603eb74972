package io.gatefork.gateway.rest.connection;

/** A Tomcat task that says which connection, from which client address, it runs for. */
interface ConnectionTask {
  /** The connection (its identity is the key); null once it is closed (no state is made for it). */
  Object connection();

  /** The client's address; null when it has none (a Unix socket, a connection closed already). */
  Object address();

  /**
   * Whether the connection carries several requests at once (HTTP/2), whose tasks may wait for one
   * another's (a stream's body for the connection's next frames).
   */
  boolean multiplexed();

  /**
   * Whether the task starts a TLS handshake (the client's hello not yet taken up): a connection's
   * dearest task, and the one a client adds when it finds its other connections busy.
   */
  boolean startsHandshake();
}

package io.gatefork.gateway.rest.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * {@code gatefork.rest.*}.
 *
 * @param frontEnd how REST requests pass through Tomcat, Spring Security and Spring MVC: {@code
 *     lean} (one servlet pass per request, security on the REQUEST dispatch only) or {@code stock}
 *     (as Spring Boot sets it up), see {@link RestFrontEnd}
 * @param keepAliveOnError whether the gateway's own 400, 500, 501 and 503 answers (bad input,
 *     backpressure, shed requests) keep the HTTP/1.1 keep-alive connection, as a 2xx does; {@code
 *     false} is stock Tomcat, which closes it after each
 * @param maxConnectionAge the first answer on an HTTP/1.1 connection open this long (counted from
 *     its first request) carries {@code Connection: close} and the connection ends after it, so
 *     that clients reconnect and gateways added behind a load balancer get their share; 0 keeps
 *     connections as long as the clients do (stock). HTTP/2 connections are not limited
 * @param tlsWarmUp with REST on TLS ({@code server.ssl.*}), how long the gateway runs TLS
 *     handshakes and records in memory with its own key before the REST port opens, so that a new
 *     gateway does not compile the TLS path while it serves its first requests; 0 = none (stock)
 * @param writeTimeout how long an answer may wait for a client that reads none of it (its socket
 *     buffer full) before its connection is closed; answers are written without a thread waiting on
 *     the client, so this bounds only the connection and the answer's memory (nginx's {@code
 *     send_timeout}). Stock writes block a thread for up to Tomcat's connection timeout
 * @param bodyReadTimeout how long a request body may take to arrive, in total; a body still
 *     incomplete then is refused with 408 and its connection closed (nginx's {@code
 *     client_body_timeout}, as a total)
 * @param maxWaitingBodies how many requests at once may hold a request thread while their body has
 *     not arrived (slow uploads; multipart uploads count for their whole parsing); beyond it a
 *     request that would wait for its body is answered 503 at once, so that slow uploads can never
 *     take every request thread (a request in its first second may also take one of half as many
 *     grace places: bodies often come a moment after their head). 0: half the request threads
 * @param maxWaitingBodiesPerAddress how many of those places (grace ones included) the requests of
 *     one client address may hold at once, so that slow uploads from one address leave places to
 *     the others; beyond it such a request is answered 503 at once. 0: as many as {@link
 *     #maxWaitingBodies}, so that one address never takes the grace places from the others;
 *     negative (-1): no limit per address
 * @param maxBodySize the largest JSON request body; a larger one is refused with 413 before it is
 *     read (keep it at the brokers' message limit, {@code zeebe.gateway.network.maxMessageSize}:
 *     the broker could not take the command anyway). Multipart uploads have Spring's own limits,
 *     {@code spring.servlet.multipart.*}
 * @param connectionPressure the share of {@code server.tomcat.max-connections} from which idle
 *     connections get {@link #idleTimeoutUnderPressure} (checked once a second), so that idle
 *     connections cannot keep every place for ten minutes
 * @param idleTimeoutUnderPressure how long a new or kept connection may be idle while the
 *     connections are at {@link #connectionPressure}: instead of the connection and keep-alive
 *     timeouts (620 s)
 * @param maxConnectionsPerAddress how many connections one client address may hold open at once;
 *     another one is answered 503 at accept and closed, so that one address cannot take all of
 *     {@code server.tomcat.max-connections}. 0: half of {@code server.tomcat.max-connections} (none
 *     when that is unlimited); negative (-1): no limit (stock). Behind a proxy or a NAT that
 *     connects from one address, raise it or switch it off
 * @param maxPipelinedRequests how many requests one HTTP/1.1 connection may have served in a row
 *     while it pipelines them (each sent before the answer to the one before came): Tomcat serves
 *     such requests back to back on one request thread, so the answer to the last of them carries
 *     {@code Connection: close} and the connection ends after it, so that a few connections that
 *     pipeline and never read cannot keep every request thread. While other requests wait for a
 *     request thread the bound is 2, so that a few connections that pipeline cheap requests do not
 *     hold another client's request back for hundreds of theirs. A connection whose requests come
 *     one at a time is never closed by it. 0 or negative: no bound (stock); not applied while
 *     {@code server.tomcat.max-keep-alive-requests} is positive (Tomcat's limit per connection,
 *     which bounds pipelining too)
 * @param maxThreadsPerAddress how many request threads the HTTP/1.1 requests and later answers of
 *     one client address may take at once while other addresses have connections (with admission
 *     shared among callers: {@code gatefork.overload.partition-by} not {@code none}); its further
 *     requests wait in the request threads' queue, holding no thread, until one of its own ends. So
 *     a client that sends megabyte documents on many connections shares the CPU with another
 *     client's request one to a few, not eight to one. 0: as many as the CPUs; negative (-1): no
 *     limit. HTTP/2 streams are not held back (they may wait for one another's frames)
 */
@ConfigurationProperties("gatefork.rest")
public record RestFrontEndProperties(
    @DefaultValue("lean") RestFrontEnd frontEnd,
    @DefaultValue("true") boolean keepAliveOnError,
    @DefaultValue("5m") Duration maxConnectionAge,
    @DefaultValue("2s") Duration tlsWarmUp,
    @DefaultValue("60s") Duration writeTimeout,
    @DefaultValue("30s") Duration bodyReadTimeout,
    @DefaultValue("0") int maxWaitingBodies,
    @DefaultValue("0") int maxWaitingBodiesPerAddress,
    @DefaultValue("4MB") DataSize maxBodySize,
    @DefaultValue("0.5") double connectionPressure,
    @DefaultValue("10s") Duration idleTimeoutUnderPressure,
    @DefaultValue("0") int maxConnectionsPerAddress,
    @DefaultValue("100") int maxPipelinedRequests,
    @DefaultValue("0") int maxThreadsPerAddress) {

  /**
   * The request threads one address may take at once, resolving the default: 0 for no limit.
   *
   * @param cpus the CPUs the gateway sees
   */
  public int threadsPerAddress(final int cpus) {
    if (maxThreadsPerAddress != 0) {
      return Math.max(maxThreadsPerAddress, 0);
    }
    return Math.max(cpus, 1);
  }

  /** Whether HTTP/1.1 connections end after {@link #maxConnectionAge()}. */
  public boolean limitsConnectionAge() {
    return !maxConnectionAge.isZero();
  }

  /**
   * The waiting places the requests of one address may hold of {@code places}, resolving the
   * default.
   */
  public int waitingBodiesPerAddress(final int places) {
    if (maxWaitingBodiesPerAddress < 0) {
      return Integer.MAX_VALUE;
    }
    return maxWaitingBodiesPerAddress > 0 ? maxWaitingBodiesPerAddress : places;
  }

  /**
   * The connections one address may hold on a connector that holds {@code maxConnections} at most
   * (Tomcat's {@code -1}: unlimited), resolving the default; 0 for no limit.
   */
  public int connectionsPerAddress(final int maxConnections) {
    if (maxConnectionsPerAddress != 0) {
      return Math.max(maxConnectionsPerAddress, 0);
    }
    return maxConnections > 0 ? Math.max(maxConnections / 2, 1) : 0;
  }
}

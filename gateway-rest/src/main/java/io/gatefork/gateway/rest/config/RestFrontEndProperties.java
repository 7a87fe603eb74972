package io.gatefork.gateway.rest.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

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
 */
@ConfigurationProperties("gatefork.rest")
public record RestFrontEndProperties(
    @DefaultValue("lean") RestFrontEnd frontEnd,
    @DefaultValue("true") boolean keepAliveOnError,
    @DefaultValue("5m") Duration maxConnectionAge,
    @DefaultValue("2s") Duration tlsWarmUp) {

  /** Whether HTTP/1.1 connections end after {@link #maxConnectionAge()}. */
  public boolean limitsConnectionAge() {
    return !maxConnectionAge.isZero();
  }
}

package io.gatefork.broker.client;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How the gateway joins the cluster and talks to brokers. Field names follow the stock gateway's
 * {@code zeebe.gateway.cluster.*} keys; the defaults are the stock defaults.
 *
 * @param clusterName must equal the brokers' cluster name
 * @param memberId this gateway's member id (the 8.7 Helm chart sets it to the pod name)
 * @param host interface the cluster messaging binds to
 * @param port port the cluster messaging binds to
 * @param advertisedHost address other members use to reach us (defaults to {@code host})
 * @param advertisedPort port other members use to reach us (defaults to {@code port})
 * @param initialContactPoints brokers to join through, as {@code host:port}
 * @param requestTimeout default deadline of one broker request
 * @param membership SWIM settings
 * @param resourceExhaustedRetry what the partition retry does on {@code RESOURCE_EXHAUSTED}
 * @param security TLS of the cluster messaging ({@code zeebe.gateway.cluster.security.*})
 */
public record BrokerClientConfig(
    String clusterName,
    String memberId,
    String host,
    int port,
    String advertisedHost,
    int advertisedPort,
    List<String> initialContactPoints,
    Duration requestTimeout,
    Membership membership,
    ResourceExhaustedRetry resourceExhaustedRetry,
    Security security) {

  public static final String DEFAULT_CLUSTER_NAME = "zeebe-cluster";
  public static final String DEFAULT_MEMBER_ID = "gateway";
  public static final String DEFAULT_HOST = "0.0.0.0";
  public static final int DEFAULT_PORT = 26502;
  public static final List<String> DEFAULT_CONTACT_POINTS = List.of("127.0.0.1:26502");
  public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(15);

  public BrokerClientConfig {
    clusterName = clusterName == null ? DEFAULT_CLUSTER_NAME : clusterName;
    memberId = memberId == null || memberId.isBlank() ? DEFAULT_MEMBER_ID : memberId;
    host = host == null ? DEFAULT_HOST : host;
    port = port <= 0 ? DEFAULT_PORT : port;
    advertisedHost = advertisedHost == null || advertisedHost.isBlank() ? null : advertisedHost;
    advertisedPort = advertisedPort <= 0 ? port : advertisedPort;
    initialContactPoints =
        initialContactPoints == null ? DEFAULT_CONTACT_POINTS : List.copyOf(initialContactPoints);
    requestTimeout = requestTimeout == null ? DEFAULT_REQUEST_TIMEOUT : requestTimeout;
    membership = membership == null ? Membership.defaults() : membership;
    resourceExhaustedRetry =
        Objects.requireNonNullElse(resourceExhaustedRetry, ResourceExhaustedRetry.FAIL_FAST);
    security = security == null ? Security.disabled() : security;
  }

  /** Plaintext cluster messaging; the shape before TLS existed. */
  public BrokerClientConfig(
      final String clusterName,
      final String memberId,
      final String host,
      final int port,
      final String advertisedHost,
      final int advertisedPort,
      final List<String> initialContactPoints,
      final Duration requestTimeout,
      final Membership membership,
      final ResourceExhaustedRetry resourceExhaustedRetry) {
    this(clusterName, memberId, host, port, advertisedHost, advertisedPort, initialContactPoints,
        requestTimeout, membership, resourceExhaustedRetry, null);
  }

  public static BrokerClientConfig defaults() {
    return new BrokerClientConfig(null, null, null, 0, null, 0, null, null, null, null);
  }

  public BrokerClientConfig withClusterName(final String value) {
    return new BrokerClientConfig(value, memberId, host, port, advertisedHost, advertisedPort,
        initialContactPoints, requestTimeout, membership, resourceExhaustedRetry, security);
  }

  public BrokerClientConfig withMemberId(final String value) {
    return new BrokerClientConfig(clusterName, value, host, port, advertisedHost, advertisedPort,
        initialContactPoints, requestTimeout, membership, resourceExhaustedRetry, security);
  }

  /** Binds (and advertises, unless set separately) this host and port. */
  public BrokerClientConfig withAddress(final String newHost, final int newPort) {
    return new BrokerClientConfig(clusterName, memberId, newHost, newPort, advertisedHost, 0,
        initialContactPoints, requestTimeout, membership, resourceExhaustedRetry, security);
  }

  public BrokerClientConfig withAdvertisedAddress(final String newHost, final int newPort) {
    return new BrokerClientConfig(clusterName, memberId, host, port, newHost, newPort,
        initialContactPoints, requestTimeout, membership, resourceExhaustedRetry, security);
  }

  public BrokerClientConfig withInitialContactPoints(final List<String> value) {
    return new BrokerClientConfig(clusterName, memberId, host, port, advertisedHost,
        advertisedPort, value, requestTimeout, membership, resourceExhaustedRetry, security);
  }

  public BrokerClientConfig withRequestTimeout(final Duration value) {
    return new BrokerClientConfig(clusterName, memberId, host, port, advertisedHost,
        advertisedPort, initialContactPoints, value, membership, resourceExhaustedRetry, security);
  }

  public BrokerClientConfig withMembership(final Membership value) {
    return new BrokerClientConfig(clusterName, memberId, host, port, advertisedHost,
        advertisedPort, initialContactPoints, requestTimeout, value, resourceExhaustedRetry,
        security);
  }

  public BrokerClientConfig withResourceExhaustedRetry(final ResourceExhaustedRetry value) {
    return new BrokerClientConfig(clusterName, memberId, host, port, advertisedHost,
        advertisedPort, initialContactPoints, requestTimeout, membership, value, security);
  }

  public BrokerClientConfig withSecurity(final Security value) {
    return new BrokerClientConfig(clusterName, memberId, host, port, advertisedHost,
        advertisedPort, initialContactPoints, requestTimeout, membership, resourceExhaustedRetry,
        value);
  }

  /** The host other members reach us on: the advertised one, else the bind host. */
  public String effectiveAdvertisedHost() {
    if (advertisedHost != null) {
      return advertisedHost;
    }
    return "0.0.0.0".equals(host) ? "127.0.0.1" : host;
  }

  /** SWIM membership settings ({@code zeebe.gateway.cluster.membership.*}). */
  public record Membership(
      Duration gossipInterval,
      int gossipFanout,
      Duration probeInterval,
      Duration probeTimeout,
      int suspectProbes,
      Duration failureTimeout,
      Duration syncInterval,
      boolean broadcastUpdates,
      boolean broadcastDisputes,
      boolean notifySuspect) {

    public static Membership defaults() {
      return new Membership(Duration.ofMillis(250), 2, Duration.ofSeconds(1),
          Duration.ofMillis(100), 3, Duration.ofSeconds(10), Duration.ofSeconds(10), false, true,
          false);
    }

    public Membership withFailureTimeout(final Duration value) {
      return new Membership(gossipInterval, gossipFanout, probeInterval, probeTimeout,
          suspectProbes, value, syncInterval, broadcastUpdates, broadcastDisputes, notifySuspect);
    }
  }

  /**
   * TLS of the cluster messaging (membership, broker requests, job streams), with the brokers'
   * {@code zeebe.broker.network.security.*} counterpart. Either PEM files or a PKCS12 key store
   * (which wins when both are given). The certificate chain doubles as the trust anchors: it must
   * end in the CA that signed the brokers' certificates, as with the stock gateway.
   *
   * @param enabled TLS on; all files are then required and checked at start
   * @param certificateChain PEM certificate chain, leaf first
   * @param privateKey PEM (PKCS8) private key of the chain's leaf
   * @param keyStore PKCS12 key store with the key and its chain
   * @param keyStorePassword password of {@code keyStore}; null for none
   */
  public record Security(
      boolean enabled,
      Path certificateChain,
      Path privateKey,
      Path keyStore,
      String keyStorePassword) {

    public static Security disabled() {
      return new Security(false, null, null, null, null);
    }

    public static Security pem(final Path certificateChain, final Path privateKey) {
      return new Security(true, certificateChain, privateKey, null, null);
    }

    public static Security keyStore(final Path keyStore, final String password) {
      return new Security(true, null, null, keyStore, password);
    }
  }
}

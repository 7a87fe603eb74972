package io.gatefork.broker.client;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How the gateway joins the cluster and talks to brokers; built with {@link #builder()}. Field
 * names follow the stock gateway's {@code zeebe.gateway.cluster.*} keys.
 *
 * <p>No setting the gateway binds from its properties has a default here: the gateway's defaults
 * (cluster port 26502 and the rest) live with its property binding in gateway-app's {@code
 * ClusterProperties}, and a builder that misses one fails at {@link Builder#build()}. Only the
 * settings that are off or derived when absent are optional: the advertised address (then the bind
 * address) and TLS (then plaintext). Tests and tools that start a client by hand take the stock
 * values from {@link #testDefaults()}, the one place that spells them out.
 */
public final class BrokerClientConfig {
  private final String clusterName;
  private final String memberId;
  private final String host;
  private final int port;
  private final String advertisedHost;
  private final int advertisedPort;
  private final List<String> initialContactPoints;
  private final Duration requestTimeout;
  private final Membership membership;
  private final ResourceExhaustedRetry resourceExhaustedRetry;
  private final Security security;

  private BrokerClientConfig(final Builder builder) {
    clusterName = requireText(builder.clusterName, "clusterName");
    memberId = requireText(builder.memberId, "memberId");
    host = requireText(builder.host, "host");
    port = requirePort(builder.port, "port");
    advertisedHost =
        builder.advertisedHost == null || builder.advertisedHost.isBlank()
            ? null
            : builder.advertisedHost;
    advertisedPort =
        builder.advertisedPort <= 0 ? 0 : requirePort(builder.advertisedPort, "advertisedPort");
    initialContactPoints =
        List.copyOf(
            Objects.requireNonNull(
                builder.initialContactPoints, "initialContactPoints must be set"));
    requestTimeout = Objects.requireNonNull(builder.requestTimeout, "requestTimeout must be set");
    membership = Objects.requireNonNull(builder.membership, "membership must be set");
    resourceExhaustedRetry =
        Objects.requireNonNull(
            builder.resourceExhaustedRetry, "resourceExhaustedRetry must be set");
    security = builder.security == null ? Security.disabled() : builder.security;
  }

  /** A builder with nothing set. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * A builder preset with the stock gateway's values (cluster {@code zeebe-cluster}, member {@code
   * gateway}, bound on {@code 0.0.0.0:26502}, joining through {@code 127.0.0.1:26502}, 15 s request
   * timeout, the stock SWIM settings, {@code fail-fast}, no TLS), for tests and tools that start a
   * client by hand. The gateway does not use it: it binds each of these settings from its
   * properties, whose defaults are the ones that count.
   */
  public static Builder testDefaults() {
    return builder()
        .clusterName("zeebe-cluster")
        .memberId("gateway")
        .host("0.0.0.0")
        .port(26502)
        .initialContactPoints(List.of("127.0.0.1:26502"))
        .requestTimeout(Duration.ofSeconds(15))
        .membership(
            new Membership(
                Duration.ofMillis(250),
                2,
                Duration.ofSeconds(1),
                Duration.ofMillis(100),
                3,
                Duration.ofSeconds(10),
                Duration.ofSeconds(10),
                false,
                true,
                false))
        .resourceExhaustedRetry(ResourceExhaustedRetry.FAIL_FAST);
  }

  /** A builder holding this config's settings, to derive another config from it. */
  public Builder toBuilder() {
    return builder()
        .clusterName(clusterName)
        .memberId(memberId)
        .host(host)
        .port(port)
        .advertisedHost(advertisedHost)
        .advertisedPort(advertisedPort)
        .initialContactPoints(initialContactPoints)
        .requestTimeout(requestTimeout)
        .membership(membership)
        .resourceExhaustedRetry(resourceExhaustedRetry)
        .security(security);
  }

  /** Must equal the brokers' cluster name. */
  public String clusterName() {
    return clusterName;
  }

  /** This gateway's member id (the 8.7 Helm chart sets it to the pod name). */
  public String memberId() {
    return memberId;
  }

  /** Interface the cluster messaging binds to. */
  public String host() {
    return host;
  }

  /** Port the cluster messaging binds to. */
  public int port() {
    return port;
  }

  /** Address other members use to reach us, or null when it is the bind host. */
  public String advertisedHost() {
    return advertisedHost;
  }

  /** Port other members use to reach us: the advertised one, else {@link #port()}. */
  public int advertisedPort() {
    return advertisedPort == 0 ? port : advertisedPort;
  }

  /** Brokers to join through, as {@code host:port}. */
  public List<String> initialContactPoints() {
    return initialContactPoints;
  }

  /** Default deadline of one broker request. */
  public Duration requestTimeout() {
    return requestTimeout;
  }

  /** SWIM settings. */
  public Membership membership() {
    return membership;
  }

  /** What the partition retry does on {@code RESOURCE_EXHAUSTED}. */
  public ResourceExhaustedRetry resourceExhaustedRetry() {
    return resourceExhaustedRetry;
  }

  /** TLS of the cluster messaging ({@code zeebe.gateway.cluster.security.*}). */
  public Security security() {
    return security;
  }

  /** The host other members reach us on: the advertised one, else the bind host. */
  public String effectiveAdvertisedHost() {
    if (advertisedHost != null) {
      return advertisedHost;
    }
    return "0.0.0.0".equals(host) ? "127.0.0.1" : host;
  }

  @Override
  public String toString() {
    return "BrokerClientConfig{cluster="
        + clusterName
        + ", member="
        + memberId
        + ", bind="
        + host
        + ":"
        + port
        + ", advertised="
        + effectiveAdvertisedHost()
        + ":"
        + advertisedPort()
        + ", contactPoints="
        + initialContactPoints
        + ", requestTimeout="
        + requestTimeout
        + ", resourceExhaustedRetry="
        + resourceExhaustedRetry
        + ", tls="
        + security.enabled()
        + "}";
  }

  private static String requireText(final String value, final String name) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(
          "Expected " + name + " to be set, but it was " + (value == null ? "not" : "blank"));
    }
    return value;
  }

  private static int requirePort(final int value, final String name) {
    if (value < 1 || value > 65_535) {
      throw new IllegalArgumentException(
          "Expected " + name + " to be a port in 1..65535, but was " + value);
    }
    return value;
  }

  /** Collects the settings of a {@link BrokerClientConfig}; {@link #build()} checks them. */
  public static final class Builder {
    private String clusterName;
    private String memberId;
    private String host;
    private int port;
    private String advertisedHost;
    private int advertisedPort;
    private List<String> initialContactPoints;
    private Duration requestTimeout;
    private Membership membership;
    private ResourceExhaustedRetry resourceExhaustedRetry;
    private Security security;

    private Builder() {}

    public Builder clusterName(final String value) {
      clusterName = value;
      return this;
    }

    public Builder memberId(final String value) {
      memberId = value;
      return this;
    }

    public Builder host(final String value) {
      host = value;
      return this;
    }

    public Builder port(final int value) {
      port = value;
      return this;
    }

    /** Null or blank: other members reach us on the bind host. */
    public Builder advertisedHost(final String value) {
      advertisedHost = value;
      return this;
    }

    /** 0 or less: other members reach us on the bind port. */
    public Builder advertisedPort(final int value) {
      advertisedPort = value;
      return this;
    }

    public Builder initialContactPoints(final List<String> value) {
      initialContactPoints = value;
      return this;
    }

    public Builder requestTimeout(final Duration value) {
      requestTimeout = value;
      return this;
    }

    public Builder membership(final Membership value) {
      membership = value;
      return this;
    }

    public Builder resourceExhaustedRetry(final ResourceExhaustedRetry value) {
      resourceExhaustedRetry = value;
      return this;
    }

    /** Null: plaintext. */
    public Builder security(final Security value) {
      security = value;
      return this;
    }

    /**
     * @throws IllegalArgumentException or {@link NullPointerException} when a required setting is
     *     missing or out of range, naming it
     */
    public BrokerClientConfig build() {
      return new BrokerClientConfig(this);
    }
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

    public Membership {
      Objects.requireNonNull(gossipInterval, "gossipInterval must be set");
      Objects.requireNonNull(probeInterval, "probeInterval must be set");
      Objects.requireNonNull(probeTimeout, "probeTimeout must be set");
      Objects.requireNonNull(failureTimeout, "failureTimeout must be set");
      Objects.requireNonNull(syncInterval, "syncInterval must be set");
    }

    /** These settings with another failure timeout (tests of a broker that goes away). */
    public Membership withFailureTimeout(final Duration value) {
      return new Membership(
          gossipInterval,
          gossipFanout,
          probeInterval,
          probeTimeout,
          suspectProbes,
          value,
          syncInterval,
          broadcastUpdates,
          broadcastDisputes,
          notifySuspect);
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

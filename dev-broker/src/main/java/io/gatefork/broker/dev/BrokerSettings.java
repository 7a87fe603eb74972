package io.gatefork.broker.dev;

import io.gatefork.broker.dev.cluster.ClusterTls;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Reads an {@link EmbeddedBrokerConfig} for the standalone broker from command-line flags and
 * {@code GATEFORK_BROKER_*} environment variables (flags win), so that a container can be
 * configured by environment alone.
 *
 * <table>
 *   <caption>settings</caption>
 *   <tr><th>flag</th><th>environment variable</th></tr>
 *   <tr><td>--node-id</td><td>GATEFORK_BROKER_NODE_ID</td></tr>
 *   <tr><td>--cluster-name</td><td>GATEFORK_BROKER_CLUSTER_NAME</td></tr>
 *   <tr><td>--host</td><td>GATEFORK_BROKER_HOST</td></tr>
 *   <tr><td>--port</td><td>GATEFORK_BROKER_PORT</td></tr>
 *   <tr><td>--advertised-host</td><td>GATEFORK_BROKER_ADVERTISED_HOST</td></tr>
 *   <tr><td>--contact-points a:1,b:2</td><td>GATEFORK_BROKER_CONTACT_POINTS</td></tr>
 *   <tr><td>--partitions</td><td>GATEFORK_BROKER_PARTITIONS</td></tr>
 *   <tr><td>--hosted-partitions 1,2</td><td>GATEFORK_BROKER_HOSTED_PARTITIONS</td></tr>
 *   <tr><td>--cluster-size</td><td>GATEFORK_BROKER_CLUSTER_SIZE</td></tr>
 *   <tr><td>--term</td><td>GATEFORK_BROKER_TERM</td></tr>
 *   <tr><td>--request-limit</td><td>GATEFORK_BROKER_REQUEST_LIMIT</td></tr>
 *   <tr><td>--refuse-user-commands [true|false]</td>
 *     <td>GATEFORK_BROKER_REFUSE_USER_COMMANDS</td></tr>
 *   <tr><td>--data-dir</td><td>GATEFORK_BROKER_DATA_DIR</td></tr>
 *   <tr><td>--record-journal [true|false]</td><td>GATEFORK_BROKER_RECORD_JOURNAL</td></tr>
 *   <tr><td>--record-journal-file PATH (JSON lines; implies the journal)</td>
 *     <td>GATEFORK_BROKER_RECORD_JOURNAL_FILE</td></tr>
 *   <tr><td>--tls-certificate-chain (PEM; with the key: TLS on)</td>
 *     <td>GATEFORK_BROKER_TLS_CERTIFICATE_CHAIN</td></tr>
 *   <tr><td>--tls-private-key (PEM, PKCS8)</td><td>GATEFORK_BROKER_TLS_PRIVATE_KEY</td></tr>
 * </table>
 */
final class BrokerSettings {

  static final String ENV_PREFIX = "GATEFORK_BROKER_";

  private static final List<String> NAMES =
      List.of(
          "node-id",
          "cluster-name",
          "host",
          "port",
          "advertised-host",
          "contact-points",
          "partitions",
          "hosted-partitions",
          "cluster-size",
          "term",
          "request-limit",
          "refuse-user-commands",
          "data-dir",
          "record-journal",
          "record-journal-file",
          "tls-certificate-chain",
          "tls-private-key");

  private final Map<String, String> values;

  private BrokerSettings(final Map<String, String> values) {
    this.values = values;
  }

  /**
   * @throws IllegalArgumentException on an unknown flag, a flag without value or a bad value
   */
  static EmbeddedBrokerConfig parse(final String[] args, final Map<String, String> environment) {
    final Map<String, String> values = new HashMap<>();
    for (final String name : NAMES) {
      final String fromEnv = environment.get(ENV_PREFIX + name.replace('-', '_').toUpperCase());
      if (fromEnv != null && !fromEnv.isBlank()) {
        values.put(name, fromEnv.trim());
      }
    }
    for (int i = 0; i < args.length; i++) {
      final String arg = args[i];
      if (!arg.startsWith("--")) {
        throw new IllegalArgumentException("Unexpected argument '" + arg + "'");
      }
      String name = arg.substring(2);
      String value = null;
      final int equals = name.indexOf('=');
      if (equals >= 0) {
        value = name.substring(equals + 1);
        name = name.substring(0, equals);
      }
      if (!NAMES.contains(name)) {
        throw new IllegalArgumentException("Unknown option --" + name + "; known: " + NAMES);
      }
      if (value == null) {
        final boolean hasValue = i + 1 < args.length && !args[i + 1].startsWith("--");
        if (hasValue) {
          value = args[++i];
        } else if (name.equals("record-journal") || name.equals("refuse-user-commands")) {
          value = "true";
        } else {
          throw new IllegalArgumentException("Option --" + name + " needs a value");
        }
      }
      values.put(name, value.trim());
    }
    return new BrokerSettings(values).toConfig();
  }

  private EmbeddedBrokerConfig toConfig() {
    final var config = EmbeddedBrokerConfig.builder();
    apply("node-id", Integer::parseInt, config::nodeId);
    apply("cluster-name", v -> v, config::clusterName);
    apply("host", v -> v, config::host);
    apply("port", Integer::parseInt, config::port);
    apply("advertised-host", v -> v, config::advertisedHost);
    apply("contact-points", BrokerSettings::list, config::initialContactPoints);
    apply("partitions", Integer::parseInt, config::partitionCount);
    apply(
        "hosted-partitions",
        v -> list(v).stream().map(Integer::parseInt).toList(),
        config::hostedPartitions);
    apply("cluster-size", Integer::parseInt, config::clusterSize);
    apply("term", Long::parseLong, config::term);
    apply("request-limit", Integer::parseInt, config::requestLimit);
    apply("refuse-user-commands", BrokerSettings::bool, config::refuseUserCommands);
    apply("data-dir", Path::of, config::dataDirectory);
    apply("record-journal", BrokerSettings::bool, config::recordJournal);
    apply("record-journal-file", Path::of, config::recordJournalFile);
    final String chain = values.get("tls-certificate-chain");
    final String key = values.get("tls-private-key");
    if ((chain == null) != (key == null)) {
      throw new IllegalArgumentException(
          "Cluster TLS needs both --tls-certificate-chain and --tls-private-key");
    }
    if (chain != null) {
      config.tls(new ClusterTls(Path.of(chain), Path.of(key)));
    }
    return config.build();
  }

  /** Parses the setting if given and hands it to the setter. */
  private <T> void apply(
      final String name, final Function<String, T> parser, final Consumer<T> setter) {
    final String raw = values.get(name);
    if (raw == null) {
      return;
    }
    final T value;
    try {
      value = parser.apply(raw);
    } catch (final RuntimeException e) {
      throw new IllegalArgumentException("Bad value for " + name + ": '" + raw + "'", e);
    }
    setter.accept(value);
  }

  private static List<String> list(final String value) {
    return Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }

  private static boolean bool(final String value) {
    return switch (value.toLowerCase()) {
      case "true", "1", "yes" -> true;
      case "false", "0", "no" -> false;
      default -> throw new IllegalArgumentException("not a boolean");
    };
  }
}

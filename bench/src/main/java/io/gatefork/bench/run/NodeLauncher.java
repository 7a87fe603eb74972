package io.gatefork.bench.run;

import io.gatefork.bench.config.BenchOptions;
import io.gatefork.bench.config.Placement;
import io.gatefork.bench.config.Ports;
import io.gatefork.bench.runtime.ContainerNode;
import io.gatefork.bench.runtime.Node;
import io.gatefork.bench.runtime.ProcessNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Starts a cell's broker and gateway on loopback with host networking: the gateway in a container
 * limited to {@code --gateway-cpus}, the broker in a container without limit (or as a local
 * process). Configuration goes in as the stock environment variables.
 */
final class NodeLauncher {
  private final BenchOptions options;
  private final Path logDir;
  private final NodeRegistry registry;
  private final String runId;

  NodeLauncher(
      final BenchOptions options,
      final Path logDir,
      final NodeRegistry registry,
      final String runId) {
    this.options = options;
    this.logDir = logDir;
    this.registry = registry;
    this.runId = runId;
  }

  Node broker(final CellPlan plan) {
    final Ports ports = options.ports();
    final List<String> args =
        List.of(
            "--host",
            "127.0.0.1",
            "--port",
            Integer.toString(ports.broker()),
            "--partitions",
            Integer.toString(plan.partitions()),
            "--request-limit",
            Integer.toString(plan.requestLimit()));
    final String name = "gatefork-bench-" + runId + "-" + plan.index() + "-broker";
    final var placement = options.placement();
    if (options.brokerRuntime().equals("process")) {
      final List<String> command = new ArrayList<>(taskset(placement.loadCpus()));
      command.add(options.root().resolve("dist/target/gatefork/bin/broker").toString());
      command.addAll(args);
      return registry.add(
          ProcessNode.start(
              name, command, javaHome(), logDir.resolve(plan.label() + "-broker.log")));
    }
    final List<String> command = new ArrayList<>(List.of("broker"));
    command.addAll(args);
    return registry.add(
        ContainerNode.start(name, options.image(), 0, placement.loadCpus(), Map.of(), command));
  }

  Node gateway(final CellPlan plan) {
    final Map<String, String> env = gatewayEnv(options.ports(), plan.mode().env());
    if (!options.gatewayJavaOpts().isBlank()) {
      env.put("JAVA_OPTS", options.gatewayJavaOpts());
    }
    final String name = "gatefork-bench-" + runId + "-" + plan.index() + "-gateway";
    if (options.gatewayRuntime().equals("process")) {
      final Map<String, String> all = new LinkedHashMap<>(javaHome());
      all.putAll(env);
      final List<String> command = new ArrayList<>(taskset(options.placement().gatewayCpus()));
      command.add(options.root().resolve("dist/target/gatefork/bin/gateway").toString());
      return registry.add(
          ProcessNode.start(name, command, all, logDir.resolve(plan.label() + "-gateway.log")));
    }
    return registry.add(
        ContainerNode.start(
            name,
            options.image(),
            options.gatewayCpus(),
            options.placement().gatewayCpus(),
            env,
            List.of()));
  }

  static Map<String, String> gatewayEnv(final Ports ports, final Map<String, String> modeEnv) {
    final Map<String, String> env = new LinkedHashMap<>();
    env.put("SERVER_ADDRESS", "127.0.0.1");
    env.put("SERVER_PORT", Integer.toString(ports.rest()));
    env.put("MANAGEMENT_SERVER_ADDRESS", "127.0.0.1");
    env.put("MANAGEMENT_SERVER_PORT", Integer.toString(ports.management()));
    env.put("ZEEBE_GATEWAY_NETWORK_HOST", "127.0.0.1");
    env.put("ZEEBE_GATEWAY_NETWORK_PORT", Integer.toString(ports.grpc()));
    env.put("ZEEBE_GATEWAY_CLUSTER_HOST", "127.0.0.1");
    env.put("ZEEBE_GATEWAY_CLUSTER_PORT", Integer.toString(ports.gatewayCluster()));
    env.put("ZEEBE_GATEWAY_CLUSTER_INITIALCONTACTPOINTS", "127.0.0.1:" + ports.broker());
    env.putAll(modeEnv);
    return env;
  }

  static List<String> taskset(final List<Integer> cpus) {
    return cpus.isEmpty() ? List.of() : List.of("taskset", "-c", Placement.format(cpus));
  }

  private static Map<String, String> javaHome() {
    return Map.of("JAVA_HOME", System.getProperty("java.home"));
  }
}

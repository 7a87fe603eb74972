package io.gatefork.dist;

import static io.gatefork.dist.helm.RenderedChart.at;
import static io.gatefork.dist.helm.RenderedChart.list;
import static io.gatefork.dist.helm.RenderedChart.named;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gatefork.broker.client.ResourceExhaustedRetry;
import io.gatefork.dist.helm.Helm;
import io.gatefork.dist.helm.PodEnvironment;
import io.gatefork.dist.helm.RenderedChart;
import io.gatefork.dist.helm.RequiresHelm;
import io.gatefork.gateway.app.SettingsMapper;
import io.gatefork.gateway.app.config.ApiExecutorProperties;
import io.gatefork.gateway.app.config.ClusterProperties;
import io.gatefork.gateway.app.config.GateforkProperties;
import io.gatefork.gateway.app.config.NetworkProperties;
import io.gatefork.gateway.app.config.UnifiedClusterProperties;
import io.gatefork.service.executor.ApiExecutorStrategy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The standalone chart dist/helm/gatefork: {@code helm lint} passes, and {@code helm template} with
 * default and with custom values renders a Deployment, Services and a ConfigMap that run the image
 * as it expects, and whose configuration the application binds to the intended settings.
 */
@ExtendWith(RequiresHelm.class)
class HelmChartTest {
  private static final String CHART = "helm/gatefork";
  private static final String CUSTOM_VALUES = "src/test/resources/helm/custom-values.yaml";
  private static final String MOUNTED_CONFIG = "/usr/local/zeebe/config/application.yaml";

  private static Helm helm;

  @BeforeAll
  static void findHelm() {
    helm = Helm.find().orElseThrow();
  }

  private static RenderedChart template(final String... extra) {
    final List<String> args =
        new ArrayList<>(List.of("template", "gatefork", CHART, "--namespace", "gateways"));
    args.addAll(List.of(extra));
    return new RenderedChart(helm.run(args.toArray(String[]::new)));
  }

  private static Map<String, Object> container(final RenderedChart chart) {
    return named(
        list(chart.get("Deployment", "gatefork"), "spec.template.spec.containers"), "gatefork");
  }

  private static PodEnvironment podEnvironment(final RenderedChart chart) {
    final String configMapName =
        at(
            named(
                list(chart.get("Deployment", "gatefork"), "spec.template.spec.volumes"), "config"),
            "configMap.name");
    final Map<String, Object> data = at(chart.get("ConfigMap", configMapName), "data");
    final String applicationYaml = (String) data.get("application.yaml");
    return new PodEnvironment(list(container(chart), "env"), applicationYaml);
  }

  @Test
  void chartPassesHelmLintWithDefaultAndCustomValues() {
    assertThat(helm.run("lint", "--strict", CHART)).contains("0 chart(s) failed");
    assertThat(helm.run("lint", "--strict", CHART, "-f", CUSTOM_VALUES))
        .contains("0 chart(s) failed");
  }

  @Test
  void defaultsRenderTheImageItsPortsProbesResourcesAndSecurityContext() {
    final var chart = template();
    assertThat(chart.objects())
        .extracting(o -> o.get("kind") + "/" + at(o, "metadata.name"))
        .containsExactlyInAnyOrder(
            "Deployment/gatefork",
            "Service/gatefork",
            "Service/gatefork-cluster",
            "ConfigMap/gatefork",
            "PodDisruptionBudget/gatefork");

    final var deployment = chart.get("Deployment", "gatefork");
    assertThat((Integer) at(deployment, "spec.replicas")).isEqualTo(2);
    // several replicas: one replaced at a time, a new one ready first, drains one at a time
    assertThat((Integer) at(deployment, "spec.strategy.rollingUpdate.maxUnavailable")).isZero();
    assertThat((Integer) at(deployment, "spec.strategy.rollingUpdate.maxSurge")).isEqualTo(1);
    final var budget = chart.get("PodDisruptionBudget", "gatefork");
    assertThat((Integer) at(budget, "spec.maxUnavailable")).isEqualTo(1);
    assertThat((Map<String, Object>) at(budget, "spec.selector.matchLabels"))
        .isEqualTo(at(deployment, "spec.selector.matchLabels"));
    final Map<String, Object> podLabels = at(deployment, "spec.template.metadata.labels");
    assertThat(podLabels).containsAllEntriesOf(at(deployment, "spec.selector.matchLabels"));

    final var container = container(chart);
    assertThat(container.get("image")).isEqualTo("gatefork:0.1.0");
    assertThat(list(container, "ports"))
        .extracting(p -> p.get("name") + "=" + p.get("containerPort"))
        .containsExactlyInAnyOrder("rest=8080", "grpc=26500", "management=9600", "cluster=26502");

    // probes on the named management port, i.e. 9600
    assertThat((String) at(container, "readinessProbe.httpGet.path"))
        .isEqualTo("/actuator/health/readiness");
    assertThat((String) at(container, "livenessProbe.httpGet.path"))
        .isEqualTo("/actuator/health/liveness");
    assertThat((String) at(container, "startupProbe.httpGet.path"))
        .isEqualTo("/actuator/health/liveness");
    for (final String probe : List.of("readinessProbe", "livenessProbe", "startupProbe")) {
      assertThat((Object) at(container, probe + ".httpGet.port")).as(probe).isEqualTo("management");
    }

    assertThat((Map<String, Object>) at(container, "resources.requests")).containsEntry("cpu", "2");
    assertThat((Map<String, Object>) at(container, "resources.limits"))
        .containsEntry("cpu", "2")
        .containsEntry("memory", "1Gi");

    // the image's user; a read-only root file system with a writable /tmp, as in the qa suite
    assertThat((Integer) at(deployment, "spec.template.spec.securityContext.runAsUser"))
        .isEqualTo(1001);
    assertThat((Integer) at(container, "securityContext.runAsUser")).isEqualTo(1001);
    assertThat((Boolean) at(container, "securityContext.readOnlyRootFilesystem")).isTrue();
    assertThat((Boolean) at(container, "securityContext.allowPrivilegeEscalation")).isFalse();
    assertThat(list(container, "volumeMounts"))
        .extracting(
            m ->
                m.get("mountPath")
                    + "<-"
                    + m.get("name")
                    + (m.get("subPath") == null ? "" : ":" + m.get("subPath")))
        .containsExactlyInAnyOrder(MOUNTED_CONFIG + "<-config:application.yaml", "/tmp<-tmp");

    final var env = list(container, "env");
    assertThat(named(env, "ZEEBE_GATEWAY_CLUSTER_INITIALCONTACTPOINTS").get("value"))
        .isEqualTo("camunda-zeebe:26502");
    assertThat(named(env, "ZEEBE_GATEWAY_CLUSTER_CLUSTERNAME").get("value"))
        .isEqualTo("camunda-zeebe");
    assertThat(
            (String)
                at(named(env, "ZEEBE_GATEWAY_CLUSTER_MEMBERID"), "valueFrom.fieldRef.fieldPath"))
        .isEqualTo("metadata.name");
    assertThat(
            (String) at(named(env, "ZEEBE_GATEWAY_CLUSTER_HOST"), "valueFrom.fieldRef.fieldPath"))
        .isEqualTo("status.podIP");
    assertThat(named(env, "JAVA_TOOL_OPTIONS").get("value").toString())
        .contains("-XX:+ExitOnOutOfMemoryError");

    final var service = chart.get("Service", "gatefork");
    assertThat(list(service, "spec.ports"))
        .extracting(p -> p.get("name") + "=" + p.get("port") + "->" + p.get("targetPort"))
        .containsExactlyInAnyOrder(
            "rest=8080->rest", "grpc=26500->grpc", "management=9600->management");
    assertThat(podLabels).containsAllEntriesOf(at(service, "spec.selector"));

    final var clusterService = chart.get("Service", "gatefork-cluster");
    assertThat((String) at(clusterService, "spec.clusterIP")).isEqualTo("None");
    assertThat((Boolean) at(clusterService, "spec.publishNotReadyAddresses")).isTrue();
    assertThat(list(clusterService, "spec.ports"))
        .extracting(p -> p.get("name") + "=" + p.get("port"))
        .containsExactly("cluster=26502");
    assertThat(podLabels).containsAllEntriesOf(at(clusterService, "spec.selector"));
  }

  @Test
  void defaultConfigurationBindsToAGatewayJoiningTheOrchestrationCluster() {
    final var pod = podEnvironment(template());

    final var broker =
        SettingsMapper.brokerClientConfig(
            pod.bind("zeebe.gateway.cluster", ClusterProperties.class),
            pod.bind("camunda.cluster", UnifiedClusterProperties.class),
            pod.bind("gatefork", GateforkProperties.class));
    assertThat(broker.initialContactPoints()).containsExactly("camunda-zeebe:26502");
    assertThat(broker.clusterName()).isEqualTo("camunda-zeebe");
    assertThat(broker.memberId()).isEqualTo(PodEnvironment.POD_NAME);
    assertThat(broker.host()).isEqualTo(PodEnvironment.POD_IP);
    assertThat(broker.port()).isEqualTo(26502);
    assertThat(broker.resourceExhaustedRetry()).isEqualTo(ResourceExhaustedRetry.FAIL_FAST);

    assertThat(pod.bind("zeebe.gateway.network", NetworkProperties.class).port()).isEqualTo(26500);
    assertThat(pod.get("server.port", Integer.class)).isEqualTo(8080);
    assertThat(pod.get("management.server.port", Integer.class)).isEqualTo(9600);
    assertThat(
            SettingsMapper.apiExecutorConfig(
                    pod.bind("camunda.api.rest.executor", ApiExecutorProperties.class),
                    pod.bind("gatefork", GateforkProperties.class))
                .strategy())
        .isEqualTo(ApiExecutorStrategy.DEDICATED);
  }

  @Test
  void customValuesMoveImagePortsClusterAndSwitches() {
    final var chart = template("-f", CUSTOM_VALUES);
    final var deployment = chart.get("Deployment", "gatefork");
    final var container = container(chart);

    assertThat((Integer) at(deployment, "spec.replicas")).isEqualTo(3);
    assertThat(container.get("image")).isEqualTo("images.example.org/platform/gatefork:1.2.3");
    assertThat(list(deployment, "spec.template.spec.imagePullSecrets"))
        .containsExactly(Map.of("name", "pull-secret"));
    assertThat(list(container, "ports"))
        .extracting(p -> p.get("name") + "=" + p.get("containerPort"))
        .containsExactlyInAnyOrder("rest=8088", "grpc=26600", "management=9700", "cluster=26602");
    assertThat(list(chart.get("Service", "gatefork"), "spec.ports"))
        .extracting(p -> p.get("name") + "=" + p.get("port"))
        .containsExactlyInAnyOrder("rest=8088", "grpc=26600", "management=9700");
    assertThat(list(chart.get("Service", "gatefork-cluster"), "spec.ports"))
        .extracting(p -> p.get("name") + "=" + p.get("port"))
        .containsExactly("cluster=26602");
    assertThat((Map<String, Object>) at(container, "resources.limits"))
        .containsEntry("memory", "2Gi");
    final var env = list(container, "env");
    assertThat(named(env, "JAVA_TOOL_OPTIONS").get("value"))
        .isEqualTo("-XX:ActiveProcessorCount=2");
    assertThat(named(env, "ZEEBE_LOG_LEVEL").get("value")).isEqualTo("debug");
    assertThat(named(env, "GATEFORK_TEST_RELEASE").get("value")).isEqualTo("gatefork");

    final var pod = podEnvironment(chart);
    final var gatefork = pod.bind("gatefork", GateforkProperties.class);
    final var broker =
        SettingsMapper.brokerClientConfig(
            pod.bind("zeebe.gateway.cluster", ClusterProperties.class),
            pod.bind("camunda.cluster", UnifiedClusterProperties.class),
            gatefork);
    // another namespace: the brokers' headless service by its namespaced name, on their port
    assertThat(broker.initialContactPoints()).containsExactly("prod-zeebe.camunda.svc:26502");
    assertThat(broker.clusterName()).isEqualTo("prod-zeebe");
    assertThat(broker.port()).isEqualTo(26602);
    assertThat(broker.requestTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(broker.resourceExhaustedRetry()).isEqualTo(ResourceExhaustedRetry.NEXT_PARTITION);
    assertThat(pod.bind("zeebe.gateway.network", NetworkProperties.class).port()).isEqualTo(26600);
    assertThat(pod.get("server.port", Integer.class)).isEqualTo(8088);
    assertThat(pod.get("management.server.port", Integer.class)).isEqualTo(9700);
    final var executor =
        SettingsMapper.apiExecutorConfig(
            pod.bind("camunda.api.rest.executor", ApiExecutorProperties.class), gatefork);
    assertThat(executor.strategy()).isEqualTo(ApiExecutorStrategy.COMMON_POOL);
    assertThat(executor.queueCapacity()).isEqualTo(128);
  }

  @Test
  void explicitContactPointsReplaceTheHeadlessServiceAndAReleaseIsRequired() {
    final var pod =
        podEnvironment(
            template(
                "--set", "orchestration.initialContactPoints={a-0.brokers:26502,a-1.brokers:26502}",
                "--set", "orchestration.clusterName=blue"));
    final var broker =
        SettingsMapper.brokerClientConfig(
            pod.bind("zeebe.gateway.cluster", ClusterProperties.class),
            pod.bind("camunda.cluster", UnifiedClusterProperties.class),
            pod.bind("gatefork", GateforkProperties.class));
    assertThat(broker.initialContactPoints())
        .containsExactly("a-0.brokers:26502", "a-1.brokers:26502");
    assertThat(broker.clusterName()).isEqualTo("blue");

    assertThatThrownBy(() -> template("--set", "orchestration.release="))
        .hasMessageContaining("orchestration.release");
  }
}

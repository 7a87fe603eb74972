package io.gatefork.dist;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.dist.helm.RenderedChart;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * dist/helm/camunda-platform-8.7-values.yaml may only set keys the 8.7 camunda-platform chart has:
 * a misspelt key would be ignored by Helm and silently leave the stock gateway in place. The chart
 * cannot be downloaded here, so its keys are listed below.
 */
class CamundaPlatform87OverrideTest {
  private static final Path OVERRIDE = Path.of("helm", "camunda-platform-8.7-values.yaml");

  /**
   * The 8.7 chart's gateway keys the override may use. Source: camunda/camunda-platform-helm,
   * charts/camunda-platform-8.7/values.yaml, section "ZeebeGateway Parameters" ({@code
   * zeebeGateway.replicas}, {@code zeebeGateway.image.registry|repository|tag}, {@code
   * zeebeGateway.javaOpts}, {@code zeebeGateway.resources.requests|limits.cpu|memory}, {@code
   * zeebeGateway.env}, {@code zeebeGateway.logLevel}, {@code zeebeGateway.envFrom}), and where
   * templates/zeebe-gateway/deployment.yaml reads them: the image through {@code
   * camundaPlatform.imageByParams} over {@code global.image}, javaOpts as JAVA_TOOL_OPTIONS,
   * logLevel as ZEEBE_LOG_LEVEL, env appended to the container's env (through tpl), resources as
   * the container's resources.
   */
  private static final Set<String> CHART_87_GATEWAY_KEYS =
      Set.of(
          "zeebeGateway.replicas",
          "zeebeGateway.image.registry",
          "zeebeGateway.image.repository",
          "zeebeGateway.image.tag",
          "zeebeGateway.javaOpts",
          "zeebeGateway.logLevel",
          "zeebeGateway.resources.requests.cpu",
          "zeebeGateway.resources.requests.memory",
          "zeebeGateway.resources.limits.cpu",
          "zeebeGateway.resources.limits.memory",
          "zeebeGateway.env",
          "zeebeGateway.envFrom");

  private static Map<String, Object> override() throws IOException {
    final Map<String, Object> values =
        new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(OVERRIDE));
    assertThat(values).as(OVERRIDE + " is a YAML mapping").isNotNull();
    return values;
  }

  private static void leafPaths(final String prefix, final Object node, final Set<String> into) {
    if (node instanceof Map<?, ?> map && !map.isEmpty()) {
      map.forEach(
          (key, value) ->
              leafPaths(prefix.isEmpty() ? key.toString() : prefix + "." + key, value, into));
    } else {
      into.add(prefix);
    }
  }

  @Test
  void overrideSetsOnlyKeysOfTheChartsGatewaySection() throws IOException {
    final Set<String> paths = new TreeSet<>();
    leafPaths("", override(), paths);

    // only the gateway: brokers and the other components stay as the chart deploys them
    assertThat(paths).isNotEmpty().allSatisfy(p -> assertThat(p).startsWith("zeebeGateway."));
    assertThat(paths).isSubsetOf(CHART_87_GATEWAY_KEYS);
  }

  @Test
  void overrideSwapsTheImageForGateforkAndSizesThePodForTwoCpus() throws IOException {
    final var values = override();

    assertThat((String) RenderedChart.at(values, "zeebeGateway.image.repository"))
        .endsWith("gatefork");
    assertThat(String.valueOf((Object) RenderedChart.at(values, "zeebeGateway.image.tag")))
        .isNotBlank()
        .isNotEqualTo("null");
    assertThat(
            String.valueOf((Object) RenderedChart.at(values, "zeebeGateway.resources.limits.cpu")))
        .isEqualTo("2");
    assertThat(
            String.valueOf(
                (Object) RenderedChart.at(values, "zeebeGateway.resources.requests.cpu")))
        .isEqualTo("2");
    // javaOpts replaces the chart's default, which has this flag
    assertThat((String) RenderedChart.at(values, "zeebeGateway.javaOpts"))
        .contains("-XX:+ExitOnOutOfMemoryError");
  }
}

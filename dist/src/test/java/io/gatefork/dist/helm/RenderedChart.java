package io.gatefork.dist.helm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** The Kubernetes objects {@code helm template} printed, as plain maps. */
public final class RenderedChart {
  private final List<Map<String, Object>> objects = new ArrayList<>();

  @SuppressWarnings("unchecked")
  public RenderedChart(final String manifests) {
    for (final Object document :
        new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(manifests)) {
      if (document instanceof Map<?, ?> map) {
        objects.add((Map<String, Object>) map);
      }
    }
  }

  public List<Map<String, Object>> objects() {
    return objects;
  }

  public List<Map<String, Object>> ofKind(final String kind) {
    return objects.stream().filter(o -> kind.equals(o.get("kind"))).toList();
  }

  public Map<String, Object> get(final String kind, final String name) {
    return objects.stream()
        .filter(o -> kind.equals(o.get("kind")) && name.equals(at(o, "metadata.name")))
        .findFirst()
        .orElseThrow(
            () ->
                new AssertionError(
                    "no "
                        + kind
                        + " "
                        + name
                        + " among "
                        + objects.stream()
                            .map(o -> o.get("kind") + "/" + at(o, "metadata.name"))
                            .toList()));
  }

  /** The value at a dotted path of map keys; null when a step is missing. */
  @SuppressWarnings("unchecked")
  public static <T> T at(final Object root, final String path) {
    Object current = root;
    for (final String key : path.split("\\.")) {
      if (!(current instanceof Map<?, ?> map)) {
        return null;
      }
      current = map.get(key);
    }
    return (T) current;
  }

  /** The list at a dotted path, or an empty list. */
  public static List<Map<String, Object>> list(final Object root, final String path) {
    final List<Map<String, Object>> value = at(root, path);
    return value == null ? List.of() : value;
  }

  /** The entry of a list of named items (containers, ports, env, volumes) with this name. */
  public static Map<String, Object> named(
      final List<Map<String, Object>> items, final String name) {
    return items.stream()
        .filter(i -> name.equals(i.get("name")))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no entry named " + name + " in " + items));
  }
}

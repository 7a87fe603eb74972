package io.gatefork.gateway.rest.contract;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.representer.Representer;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * The OpenAPI document of what gatefork serves: the stock 8.8 spec ({@code rest-api.yaml} of {@code
 * io.camunda:zeebe-gateway-protocol}) with only the operations the catalog marks as served, the
 * components they reference, and the other operations listed with their status under {@code
 * x-gatefork-not-served}. Built once, on first use, and kept as text.
 */
public final class ServedOpenApiDocument {
  /** Where the stock spec is on the classpath. */
  public static final String STOCK_SPEC = "rest-api.yaml";

  private static final Set<String> HTTP_METHODS =
      Set.of("get", "put", "post", "delete", "patch", "head", "options", "trace");
  private static final String REF = "$ref";
  private static final String COMPONENTS_PREFIX = "#/components/";

  private final RestOperationCatalog catalog;
  private volatile Rendered rendered;

  private record Rendered(String yaml, String json) {}

  public ServedOpenApiDocument(final RestOperationCatalog catalog) {
    this.catalog = catalog;
  }

  public String yaml() {
    return render().yaml();
  }

  public String json() {
    return render().json();
  }

  private Rendered render() {
    Rendered current = rendered;
    if (current == null) {
      synchronized (this) {
        current = rendered;
        if (current == null) {
          final Map<String, Object> document = served(loadStockSpec(), catalog);
          current = new Rendered(yamlOf(document), jsonOf(document));
          rendered = current;
        }
      }
    }
    return current;
  }

  /** The stock spec as plain maps and lists (timestamps stay strings). */
  public static Map<String, Object> loadStockSpec() {
    try (InputStream in =
        ServedOpenApiDocument.class.getClassLoader().getResourceAsStream(STOCK_SPEC)) {
      if (in == null) {
        throw new IllegalStateException(
            "Missing classpath resource " + STOCK_SPEC + " (io.camunda:zeebe-gateway-protocol)");
      }
      final var options = new LoaderOptions();
      options.setCodePointLimit(16 * 1024 * 1024);
      final var yaml =
          new Yaml(
              new SafeConstructor(options),
              new Representer(dumperOptions()),
              dumperOptions(),
              options,
              new NoTimestampResolver());
      return yaml.load(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (final IOException e) {
      throw new UncheckedIOException("Failed to read " + STOCK_SPEC, e);
    }
  }

  /** A copy of {@code spec} reduced to the served operations and what they reference. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> served(
      final Map<String, Object> spec, final RestOperationCatalog catalog) {
    final var document = new LinkedHashMap<String, Object>(spec);
    final var paths = new LinkedHashMap<String, Object>();
    final var notServed = new ArrayList<Map<String, Object>>();
    final Set<String> tags = new HashSet<>();
    for (final var path : ((Map<String, Object>) spec.get("paths")).entrySet()) {
      final var item = new LinkedHashMap<String, Object>();
      boolean anyServed = false;
      for (final var entry : ((Map<String, Object>) path.getValue()).entrySet()) {
        if (!HTTP_METHODS.contains(entry.getKey())) {
          item.put(entry.getKey(), entry.getValue());
          continue;
        }
        final var operation = (Map<String, Object>) entry.getValue();
        final RestOperation classified = catalog.get((String) operation.get("operationId"));
        if (classified != null && classified.served()) {
          item.put(entry.getKey(), operation);
          anyServed = true;
          final Object operationTags = operation.get("tags");
          if (operationTags instanceof final List<?> list) {
            list.forEach(tag -> tags.add(String.valueOf(tag)));
          }
        } else {
          final var entryNotServed = new LinkedHashMap<String, Object>();
          entryNotServed.put("operationId", operation.get("operationId"));
          entryNotServed.put("method", entry.getKey().toUpperCase(Locale.ROOT));
          entryNotServed.put("path", path.getKey());
          entryNotServed.put(
              "status", classified == null ? "UNCLASSIFIED" : classified.status().name());
          if (classified != null && !classified.reason().isEmpty()) {
            entryNotServed.put("reason", classified.reason());
          }
          notServed.add(entryNotServed);
        }
      }
      if (anyServed) {
        paths.put(path.getKey(), item);
      }
    }
    document.put("paths", paths);
    document.put("components", reachableComponents(spec, paths));
    if (spec.get("tags") instanceof final List<?> allTags) {
      document.put(
          "tags",
          allTags.stream()
              .filter(tag -> tag instanceof final Map<?, ?> map && tags.contains(map.get("name")))
              .toList());
    }
    final var info = new LinkedHashMap<String, Object>((Map<String, Object>) spec.get("info"));
    info.put(
        "description",
        info.get("description")
            + "\n\n"
            + "Served by gatefork, a gateway for broker commands: this document lists the"
            + " operations it serves. Searches and reads need secondary storage and answer 403"
            + " FORBIDDEN; commands not served yet answer 501 NOT_IMPLEMENTED. Both are listed"
            + " under x-gatefork-not-served.");
    document.put("info", info);
    document.put("x-gatefork-not-served", notServed);
    return document;
  }

  /** The components referenced from {@code paths}, transitively; security schemes always. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> reachableComponents(
      final Map<String, Object> spec, final Map<String, Object> paths) {
    final var components = (Map<String, Object>) spec.get("components");
    final Set<String> seen = new HashSet<>();
    final Deque<Object> pending = new ArrayDeque<>();
    pending.push(paths);
    while (!pending.isEmpty()) {
      final Object node = pending.pop();
      if (node instanceof final Map<?, ?> map) {
        if (map.get(REF) instanceof final String ref
            && ref.startsWith(COMPONENTS_PREFIX)
            && seen.add(ref)) {
          final String[] parts = ref.substring(COMPONENTS_PREFIX.length()).split("/", 2);
          final Object section = components.get(parts[0]);
          if (section instanceof final Map<?, ?> sectionMap && parts.length == 2) {
            final Object target = sectionMap.get(parts[1]);
            if (target != null) {
              pending.push(target);
            }
          }
        }
        map.values().forEach(pending::push);
      } else if (node instanceof final List<?> list) {
        list.forEach(pending::push);
      }
    }
    final var reduced = new LinkedHashMap<String, Object>();
    for (final var section : components.entrySet()) {
      if ("securitySchemes".equals(section.getKey())) {
        reduced.put(section.getKey(), section.getValue());
        continue;
      }
      final var kept = new LinkedHashMap<String, Object>();
      for (final var component : ((Map<String, Object>) section.getValue()).entrySet()) {
        if (seen.contains(COMPONENTS_PREFIX + section.getKey() + "/" + component.getKey())) {
          kept.put(component.getKey(), component.getValue());
        }
      }
      if (!kept.isEmpty()) {
        reduced.put(section.getKey(), kept);
      }
    }
    return reduced;
  }

  private static String yamlOf(final Map<String, Object> document) {
    final DumperOptions options = dumperOptions();
    return new Yaml(
            new SafeConstructor(new LoaderOptions()),
            new Representer(options),
            options,
            new LoaderOptions(),
            new NoTimestampResolver())
        .dump(document);
  }

  private static String jsonOf(final Map<String, Object> document) {
    try {
      return new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(document);
    } catch (final JsonProcessingException e) {
      throw new IllegalStateException("Cannot write the OpenAPI document as JSON", e);
    }
  }

  private static DumperOptions dumperOptions() {
    final var options = new DumperOptions();
    options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    options.setIndent(2);
    options.setWidth(120);
    options.setSplitLines(false);
    return options;
  }

  /** YAML 1.1 would turn unquoted dates into {@code java.util.Date}; keep them text. */
  private static final class NoTimestampResolver extends Resolver {
    @Override
    protected void addImplicitResolvers() {
      addImplicitResolver(Tag.BOOL, BOOL, "yYnNtTfFoO");
      addImplicitResolver(Tag.INT, INT, "-+0123456789");
      addImplicitResolver(Tag.FLOAT, FLOAT, "-+0123456789.");
      addImplicitResolver(Tag.MERGE, MERGE, "<");
      addImplicitResolver(Tag.NULL, NULL, "~nN\0");
      addImplicitResolver(Tag.NULL, EMPTY, null);
    }
  }
}

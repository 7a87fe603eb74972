package io.gatefork.gateway.rest.contract;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The stock 8.8 spec ({@code rest-api.yaml} from {@code io.camunda:zeebe-gateway-protocol}) as the
 * contract tests read it: operations with their path parameters, request body and documented
 * statuses, and schemas with {@code $ref} and {@code allOf} resolved.
 */
final class RestApiSpec {
  private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch");
  private static final String LONG_KEY_PATTERN = "^-?[0-9]+$";

  private final Map<String, Object> root;
  private final List<Operation> operations;

  record Operation(
      String operationId,
      String method,
      String path,
      String tag,
      List<Parameter> pathParameters,
      Body body,
      Map<String, Object> responses) {

    String route() {
      return UnservedOperationMappings.route(method, RestOperation.API_PREFIX + path);
    }

    /** The lowest documented 2xx status. */
    int successStatus() {
      return statuses().stream().filter(s -> s >= 200 && s < 300).findFirst().orElseThrow();
    }

    Set<Integer> statuses() {
      final var statuses = new TreeSet<Integer>();
      responses.keySet().forEach(code -> statuses.add(Integer.parseInt(code)));
      return statuses;
    }
  }

  /** A path parameter; {@code numericKey} when the spec defines it as a LongKey string. */
  record Parameter(String name, boolean numericKey) {}

  record Body(String contentType, boolean required, Map<String, Object> schema) {}

  private RestApiSpec(final Map<String, Object> root) {
    this.root = root;
    operations = readOperations();
  }

  static RestApiSpec load() {
    return new RestApiSpec(ServedOpenApiDocument.loadStockSpec());
  }

  List<Operation> operations() {
    return operations;
  }

  @SuppressWarnings("unchecked")
  private List<Operation> readOperations() {
    final var result = new ArrayList<Operation>();
    final var paths = (Map<String, Object>) root.get("paths");
    for (final var path : paths.entrySet()) {
      final var item = (Map<String, Object>) path.getValue();
      for (final var entry : item.entrySet()) {
        if (!METHODS.contains(entry.getKey())) {
          continue;
        }
        final var operation = (Map<String, Object>) entry.getValue();
        final var parameters = new ArrayList<Parameter>();
        for (final Object raw : (List<Object>) operation.getOrDefault("parameters", List.of())) {
          final Map<String, Object> parameter = deref(raw);
          if ("path".equals(parameter.get("in"))) {
            final Map<String, Object> schema = resolve(parameter.get("schema"));
            final String name = (String) parameter.get("name");
            parameters.add(
                new Parameter(
                    name, LONG_KEY_PATTERN.equals(schema.get("pattern")) || name.endsWith("Key")));
          }
        }
        Body body = null;
        if (operation.get("requestBody") != null) {
          final Map<String, Object> requestBody = deref(operation.get("requestBody"));
          final var content = (Map<String, Object>) requestBody.get("content");
          final var first = content.entrySet().iterator().next();
          final Object schema = ((Map<String, Object>) first.getValue()).get("schema");
          body =
              new Body(
                  first.getKey(),
                  Boolean.TRUE.equals(requestBody.get("required")),
                  schema == null ? Map.of() : resolve(schema));
        }
        final var tags = (List<Object>) operation.getOrDefault("tags", List.of("?"));
        result.add(
            new Operation(
                (String) operation.get("operationId"),
                entry.getKey().toUpperCase(Locale.ROOT),
                path.getKey(),
                String.valueOf(tags.getFirst()),
                parameters,
                body,
                (Map<String, Object>) operation.get("responses")));
      }
    }
    return result;
  }

  /** The JSON schema of an operation's 2xx answer, resolved; null when it has no JSON body. */
  @SuppressWarnings("unchecked")
  Map<String, Object> successSchema(final Operation operation) {
    final Map<String, Object> response =
        deref(operation.responses().get(Integer.toString(operation.successStatus())));
    final var content = (Map<String, Object>) response.get("content");
    if (content == null || !(content.get("application/json") instanceof Map<?, ?> json)) {
      return null;
    }
    final Object schema = json.get("schema");
    return schema == null ? null : resolve(schema);
  }

  /** Follows {@code $ref}s. */
  @SuppressWarnings("unchecked")
  Map<String, Object> deref(final Object node) {
    Object current = node;
    while (current instanceof final Map<?, ?> map && map.get("$ref") instanceof final String ref) {
      Object target = root;
      for (final String part : ref.substring(2).split("/")) {
        target = ((Map<String, Object>) target).get(part);
      }
      current = target;
    }
    return (Map<String, Object>) current;
  }

  /**
   * A schema with {@code $ref}s followed and {@code allOf} merged (properties, required, and the
   * first type/format/pattern/enum found). {@code oneOf} is kept for the caller.
   */
  @SuppressWarnings("unchecked")
  Map<String, Object> resolve(final Object node) {
    final Map<String, Object> schema = deref(node);
    final var merged = new LinkedHashMap<String, Object>(schema);
    merged.remove("allOf");
    final var properties = new LinkedHashMap<String, Object>();
    final Set<String> required = new LinkedHashSet<>();
    if (schema.get("properties") instanceof final Map<?, ?> own) {
      properties.putAll((Map<String, Object>) own);
    }
    if (schema.get("required") instanceof final List<?> own) {
      own.forEach(name -> required.add((String) name));
    }
    if (schema.get("allOf") instanceof final List<?> parts) {
      for (final Object part : parts) {
        final Map<String, Object> resolved = resolve(part);
        if (resolved.get("properties") instanceof final Map<?, ?> more) {
          ((Map<String, Object>) more).forEach(properties::putIfAbsent);
        }
        if (resolved.get("required") instanceof final List<?> more) {
          more.forEach(name -> required.add((String) name));
        }
        for (final String key : List.of("type", "format", "pattern", "enum", "oneOf")) {
          if (resolved.containsKey(key)) {
            merged.putIfAbsent(key, resolved.get(key));
          }
        }
      }
    }
    if (!properties.isEmpty()) {
      merged.put("properties", properties);
    }
    if (!required.isEmpty()) {
      merged.put("required", List.copyOf(required));
    }
    return merged;
  }

  /** The alternative a sample uses: the first of a {@code oneOf}, else the schema itself. */
  @SuppressWarnings("unchecked")
  Map<String, Object> firstAlternative(final Map<String, Object> schema) {
    if (schema.get("oneOf") instanceof final List<?> alternatives) {
      return resolve(alternatives.getFirst());
    }
    return schema;
  }

  @SuppressWarnings("unchecked")
  static List<String> required(final Map<String, Object> schema) {
    return schema.get("required") instanceof final List<?> list ? (List<String>) list : List.of();
  }

  /**
   * A valid sample of the schema: its required properties only, strings as ids or numeric keys
   * (LongKey patterns and names ending in {@code Key}), enums as their first value.
   */
  @SuppressWarnings("unchecked")
  Object sample(final String name, final Object node) {
    if (node == null) {
      return "id-1";
    }
    final Map<String, Object> schema = firstAlternative(resolve(node));
    if (schema.get("enum") instanceof final List<?> values) {
      return values.getFirst();
    }
    final Object type = schema.get("type");
    if ("array".equals(type)) {
      return List.of(sample(name, schema.get("items")));
    }
    if ("integer".equals(type) || "number".equals(type)) {
      return 1;
    }
    if ("boolean".equals(type)) {
      return false;
    }
    if ("string".equals(type) || type == null && schema.containsKey("pattern")) {
      if ("date-time".equals(schema.get("format"))) {
        return "2025-01-01T00:00:00Z";
      }
      return LONG_KEY_PATTERN.equals(schema.get("pattern")) || name.endsWith("Key")
          ? "2251799813685249"
          : "id-1";
    }
    final var object = new LinkedHashMap<String, Object>();
    final var properties =
        (Map<String, Object>) schema.getOrDefault("properties", Map.<String, Object>of());
    for (final String property : required(schema)) {
      object.put(property, sample(property, properties.get(property)));
    }
    return object;
  }
}

package io.gatefork.gateway.rest.contract;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The classification of every 8.8 REST operation ({@code rest-operations.txt} beside this class):
 * what the application registers answers from, what the served OpenAPI document is filtered by, and
 * what the contract test checks against the spec and the controllers. One line per operation:
 * {@code operationId METHOD /path STATUS [reason]}; {@code ## Tag} lines start a group, other lines
 * starting with {@code #} are comments.
 */
public final class RestOperationCatalog {
  static final String RESOURCE = "rest-operations.txt";

  private final Map<String, RestOperation> byId;

  private RestOperationCatalog(final Map<String, RestOperation> byId) {
    this.byId = Collections.unmodifiableMap(byId);
  }

  /** The catalog shipped with this module. */
  public static RestOperationCatalog load() {
    try (InputStream in = RestOperationCatalog.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("Missing classpath resource " + RESOURCE);
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (final IOException e) {
      throw new UncheckedIOException("Failed to read " + RESOURCE, e);
    }
  }

  static RestOperationCatalog parse(final String text) {
    final var operations = new LinkedHashMap<String, RestOperation>();
    String group = "";
    final List<String> lines = text.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      final String line = lines.get(i).strip();
      if (line.startsWith("## ")) {
        group = line.substring(3).strip();
        continue;
      }
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      final String[] columns = line.split("\\s+", 5);
      if (columns.length < 4) {
        throw new IllegalStateException(
            RESOURCE + ":" + (i + 1) + ": expected 'operationId METHOD /path STATUS [reason]'");
      }
      final var operation =
          new RestOperation(
              group,
              columns[0],
              columns[1],
              columns[2],
              OperationStatus.valueOf(columns[3]),
              columns.length == 5 ? columns[4] : "");
      if (operations.put(operation.operationId(), operation) != null) {
        throw new IllegalStateException(
            RESOURCE + ":" + (i + 1) + ": " + operation.operationId() + " is listed twice");
      }
    }
    return new RestOperationCatalog(operations);
  }

  /** In the order of the file (the spec's order). */
  public List<RestOperation> all() {
    return List.copyOf(byId.values());
  }

  public List<RestOperation> withStatus(final OperationStatus status) {
    final var matching = new ArrayList<RestOperation>();
    for (final RestOperation operation : byId.values()) {
      if (operation.status() == status) {
        matching.add(operation);
      }
    }
    return matching;
  }

  /** Null when the operation is not in the catalog. */
  public RestOperation get(final String operationId) {
    return byId.get(operationId);
  }
}

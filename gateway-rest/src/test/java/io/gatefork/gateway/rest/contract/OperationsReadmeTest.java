package io.gatefork.gateway.rest.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * {@code gateway-rest/README-operations.md} is generated from the classification the application
 * and the contract test use, so it cannot drift: this test fails when the file differs from what
 * the classification gives, and rewrites it when run with {@code -Dgatefork.regenerate=true}.
 */
class OperationsReadmeTest {
  static final String FILE = "README-operations.md";
  static final String REGENERATE = "gatefork.regenerate";

  @Test
  void readmeListsEveryOperationWithItsCurrentStatus() throws IOException {
    final Path file = Path.of(System.getProperty("basedir", ".")).resolve(FILE);
    final String expected = render(RestOperationCatalog.load());
    if (Boolean.getBoolean(REGENERATE)) {
      Files.writeString(file, expected, StandardCharsets.UTF_8);
    }

    assertThat(Files.exists(file)).as(FILE + " exists").isTrue();
    assertThat(Files.readString(file, StandardCharsets.UTF_8))
        .as(
            FILE
                + " is out of date; regenerate it: mvn -pl gateway-rest test"
                + " -Dtest=OperationsReadmeTest -D"
                + REGENERATE
                + "=true")
        .isEqualTo(expected);
  }

  @Test
  void renderedTableHasOneRowPerOperation() {
    final RestOperationCatalog catalog = RestOperationCatalog.load();
    final long rows = render(catalog).lines().filter(line -> line.startsWith("| `")).count();

    assertThat(rows).isEqualTo(catalog.all().size());
  }

  static String render(final RestOperationCatalog catalog) {
    final List<RestOperation> all = catalog.all();
    final var out = new StringBuilder();
    out.append("# REST API v2: what gatefork serves\n\n")
        .append("Every operation of the Camunda 8.8 REST API (`rest-api.yaml` in")
        .append(" `io.camunda:zeebe-gateway-protocol:8.8.9`) and what gatefork does with it.\n")
        .append("Generated from")
        .append(" `src/main/resources/io/gatefork/gateway/rest/contract/rest-operations.txt`,")
        .append(" the classification the\napplication registers its answers from and")
        .append(" `OperationContractTest` checks against the spec and the\ncontrollers;")
        .append(" do not edit by hand: `mvn -pl gateway-rest test -Dtest=OperationsReadmeTest")
        .append(" -D")
        .append(REGENERATE)
        .append("=true`.\n\n")
        .append(all.size())
        .append(" operations: ")
        .append(counts(catalog))
        .append(".\n\n")
        .append("| status | what the client gets |\n|---|---|\n")
        .append("| served | the spec's success status and body; the command went to the broker")
        .append(" (or the gateway answers itself: topology, status, license, current user) |\n")
        .append("| needs secondary storage | `")
        .append(UnservedOperationHandler.SECONDARY_STORAGE_STATUS)
        .append(' ')
        .append(UnservedOperationHandler.SECONDARY_STORAGE_TITLE)
        .append("`, `application/problem+json`, detail \"This endpoint requires a secondary")
        .append(
            " storage, but gatefork has none: ...\" (what a stock 8.8 gateway without secondary")
        .append(" storage answers; the spec lists 403 for nearly all of these) |\n")
        .append("| not served yet | `")
        .append(UnservedOperationHandler.NOT_SERVED_YET_STATUS)
        .append(' ')
        .append(UnservedOperationHandler.NOT_SERVED_YET_TITLE)
        .append("`, `application/problem+json`, detail \"gatefork does not serve <operationId>")
        .append(" yet: <reason>\" |\n\n")
        .append("The OpenAPI document of the served operations: `GET /v2/openapi.yaml` or")
        .append(" `GET /v2/openapi.json`.\n");
    String group = null;
    for (final RestOperation operation : all) {
      if (!operation.group().equals(group)) {
        group = operation.group();
        out.append("\n## ")
            .append(group)
            .append("\n\n| operationId | method | path | status | note |\n|---|---|---|---|---|\n");
      }
      out.append("| `")
          .append(operation.operationId())
          .append("` | ")
          .append(operation.method())
          .append(" | `")
          .append(operation.apiPath())
          .append("` | ")
          .append(label(operation.status()))
          .append(" | ")
          .append(operation.reason())
          .append(" |\n");
    }
    return out.toString();
  }

  /** E.g. {@code 80 served, 61 answered as "needs secondary storage", 5 not served yet}. */
  static String counts(final RestOperationCatalog catalog) {
    return Arrays.stream(OperationStatus.values())
        .filter(status -> !catalog.withStatus(status).isEmpty())
        .map(
            status ->
                catalog.withStatus(status).size()
                    + " "
                    + switch (status) {
                      case SERVED -> "served";
                      case SECONDARY_STORAGE -> "answered as \"needs secondary storage\"";
                      case NOT_SERVED_YET -> "not served yet";
                      default -> name(status);
                    })
        .collect(Collectors.joining(", "));
  }

  /** Handles any status, also ones added after this test was written. */
  static String label(final OperationStatus status) {
    return switch (status) {
      case SERVED -> "served";
      case SECONDARY_STORAGE -> "needs secondary storage";
      case NOT_SERVED_YET -> "**not served yet**";
      default -> "**" + name(status) + "**";
    };
  }

  private static String name(final OperationStatus status) {
    return status.name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }

  // --- the full table in docs/api.md, from the same catalog

  static final String TABLE_BEGIN =
      "<!-- rest-operations:begin (generated by OperationsReadmeTest) -->";
  static final String TABLE_END = "<!-- rest-operations:end -->";

  static String renderReadmeTable(final RestOperationCatalog catalog) {
    final List<RestOperation> all = catalog.all();
    final var out =
        new StringBuilder(TABLE_BEGIN)
            .append("\n<details>\n<summary>All ")
            .append(all.size())
            .append(" REST operations of the 8.8 spec: ")
            .append(counts(catalog))
            .append("</summary>\n\n| group | operationId | method | path | status |\n")
            .append("|---|---|---|---|---|\n");
    for (final RestOperation operation : all) {
      out.append("| ")
          .append(operation.group())
          .append(" | `")
          .append(operation.operationId())
          .append("` | ")
          .append(operation.method())
          .append(" | `")
          .append(operation.apiPath())
          .append("` | ")
          .append(label(operation.status()))
          .append(" |\n");
    }
    return out.append("\n</details>\n").append(TABLE_END).toString();
  }

  @Test
  void rootReadmeTableListsEveryOperationWithItsCurrentStatus() throws IOException {
    final Path file =
        Path.of(System.getProperty("basedir", ".")).resolve("../docs/api.md").normalize();
    final String text = Files.readString(file, StandardCharsets.UTF_8);
    final int begin = text.indexOf(TABLE_BEGIN);
    final int end = text.indexOf(TABLE_END);
    assertThat(begin).as("docs/api.md has the marker " + TABLE_BEGIN).isNotNegative();
    assertThat(end).as("docs/api.md has the marker " + TABLE_END).isGreaterThan(begin);
    final String expected = renderReadmeTable(RestOperationCatalog.load());
    if (Boolean.getBoolean(REGENERATE)) {
      Files.writeString(
          file,
          text.substring(0, begin) + expected + text.substring(end + TABLE_END.length()),
          StandardCharsets.UTF_8);
      return;
    }

    assertThat(text.substring(begin, end + TABLE_END.length()))
        .as(
            "docs/api.md's REST table is out of date; regenerate it: mvn -pl gateway-rest test"
                + " -Dtest=OperationsReadmeTest -D"
                + REGENERATE
                + "=true")
        .isEqualTo(expected);
  }

  @Test
  void rootReadmeTableHasOneRowPerOperation() {
    final RestOperationCatalog catalog = RestOperationCatalog.load();
    final long rows =
        renderReadmeTable(catalog).lines().filter(line -> line.startsWith("| ")).count() - 1;

    assertThat(rows).isEqualTo(catalog.all().size());
  }
}

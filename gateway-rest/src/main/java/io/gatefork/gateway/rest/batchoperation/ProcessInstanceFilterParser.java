package io.gatefork.gateway.rest.batchoperation;

import static io.gatefork.service.validation.FieldRules.invalid;
import static io.gatefork.service.validation.FieldRules.notA;

import com.fasterxml.jackson.databind.JsonNode;
import io.camunda.search.filter.Operation;
import io.camunda.search.filter.Operator;
import io.camunda.search.filter.ProcessInstanceFilter;
import io.gatefork.gateway.rest.validation.LongKeys;
import io.gatefork.service.validation.FieldRules;
import io.gatefork.service.validation.TagRules;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;

/**
 * Turns the REST API's {@code ProcessInstanceFilter} into the brokers' search filter of a batch
 * operation. A field is either translated exactly or refused with a 400 naming it: a criterion
 * silently dropped would widen the selection, e.g. cancel instances nobody asked to cancel.
 */
final class ProcessInstanceFilterParser {
  private static final Set<String> STRING_OPERATORS =
      Set.of("$eq", "$neq", "$exists", "$in", "$notIn", "$like");
  private static final Set<String> KEY_OPERATORS =
      Set.of("$eq", "$neq", "$exists", "$in", "$notIn");
  private static final Set<String> ORDERED_OPERATORS =
      Set.of("$eq", "$neq", "$exists", "$gt", "$gte", "$lt", "$lte", "$in");
  private static final Set<String> STATE_OPERATORS =
      Set.of("$eq", "$neq", "$exists", "$in", "$like");
  private static final Set<String> STATES = Set.of("ACTIVE", "COMPLETED", "TERMINATED");

  private ProcessInstanceFilterParser() {}

  static ProcessInstanceFilter parse(final String field, final JsonNode node) {
    return parse(field, node, true);
  }

  private static ProcessInstanceFilter parse(
      final String field, final JsonNode node, final boolean topLevel) {
    FieldRules.require(field, node == null || node.isNull() || node.isMissingNode() ? null : node);
    if (!node.isObject()) {
      throw notA(field, "a JSON object");
    }
    final var filter = new ProcessInstanceFilter.Builder();
    for (final Map.Entry<String, JsonNode> entry : node.properties()) {
      final String name = field + "." + entry.getKey();
      final JsonNode value = entry.getValue();
      if (value.isNull() || (value.isArray() && value.isEmpty())) {
        continue; // as if absent (the official client sends empty lists): no criterion
      }
      switch (entry.getKey()) {
        case "processDefinitionId" -> filter.processDefinitionIdOperations(strings(name, value));
        case "processDefinitionName" ->
            filter.processDefinitionNameOperations(strings(name, value));
        case "processDefinitionVersion" ->
            filter.processDefinitionVersionOperations(integers(name, value));
        case "processDefinitionVersionTag" ->
            filter.processDefinitionVersionTagOperations(strings(name, value));
        case "processDefinitionKey" -> filter.processDefinitionKeyOperations(keys(name, value));
        case "processInstanceKey" -> filter.processInstanceKeyOperations(keys(name, value));
        case "parentProcessInstanceKey" ->
            filter.parentProcessInstanceKeyOperations(keys(name, value));
        case "parentElementInstanceKey" ->
            filter.parentFlowNodeInstanceKeyOperations(keys(name, value));
        case "startDate" -> filter.startDateOperations(dates(name, value));
        case "endDate" -> filter.endDateOperations(dates(name, value));
        case "state" -> filter.stateOperations(states(name, value));
        case "hasIncident" -> filter.hasIncident(bool(name, value));
        case "tenantId" -> filter.tenantIdOperations(strings(name, value));
        case "batchOperationId" -> filter.batchOperationIdOperations(strings(name, value));
        case "errorMessage" -> filter.errorMessageOperations(strings(name, value));
        case "hasRetriesLeft" -> filter.hasRetriesLeft(bool(name, value));
        case "elementInstanceState" -> filter.flowNodeInstanceStateOperations(states(name, value));
        case "elementId" -> filter.flowNodeIdOperations(strings(name, value));
        case "hasElementInstanceIncident" -> filter.hasFlowNodeInstanceIncident(bool(name, value));
        case "incidentErrorHashCode" ->
            filter.incidentErrorHashCodeOperations(integers(name, value));
        case "tags" -> filter.tags(tags(name, value));
        case "$or" -> {
          if (!topLevel) {
            throw invalid(name, "cannot be nested in another $or");
          }
          if (!value.isArray()) {
            throw notA(name, "an array of filters");
          }
          for (int i = 0; i < value.size(); i++) {
            filter.addOrOperation(parse(name + "[" + i + "]", value.get(i), false));
          }
        }
        case "variables" ->
            // the brokers match variable values by inferred type; not translated here
            throw invalid(name, "is not supported by this gateway in batch operations");
        default -> throw invalid(name, "is not a field of a process instance filter");
      }
    }
    return filter.build();
  }

  private static List<Operation<String>> strings(final String field, final JsonNode value) {
    return operations(field, value, STRING_OPERATORS, ProcessInstanceFilterParser::text);
  }

  private static List<Operation<String>> states(final String field, final JsonNode value) {
    return operations(
        field,
        value,
        STATE_OPERATORS,
        (name, node) -> {
          final String state = text(name, node);
          if (!name.endsWith(".$like") && !STATES.contains(state)) {
            throw FieldRules.unknownValue(name, new TreeSet<>(STATES), state);
          }
          return state;
        });
  }

  private static List<Operation<Long>> keys(final String field, final JsonNode value) {
    // keys are strings in the spec (LongKey); a JSON number is refused like any other type
    return operations(
        field, value, KEY_OPERATORS, (name, node) -> LongKeys.parse(name, text(name, node)));
  }

  private static List<Operation<Integer>> integers(final String field, final JsonNode value) {
    return operations(
        field,
        value,
        ORDERED_OPERATORS,
        (name, node) -> {
          if (!node.isIntegralNumber() || !node.canConvertToInt()) {
            throw notA(name, "an int32 number");
          }
          return node.intValue();
        });
  }

  private static List<Operation<OffsetDateTime>> dates(final String field, final JsonNode value) {
    return operations(
        field,
        value,
        ORDERED_OPERATORS,
        (name, node) -> {
          final String text = text(name, node);
          try {
            return OffsetDateTime.parse(text);
          } catch (final DateTimeParseException e) {
            throw FieldRules.notDateTime(name, text);
          }
        });
  }

  private static Boolean bool(final String field, final JsonNode value) {
    if (!value.isBoolean()) {
      throw notA(field, "a boolean");
    }
    return value.booleanValue();
  }

  private static Set<String> tags(final String field, final JsonNode value) {
    if (!value.isArray()) {
      throw notA(field, "an array of tags");
    }
    final List<String> tags = new ArrayList<>(value.size());
    for (int i = 0; i < value.size(); i++) {
      tags.add(text(field + "[" + i + "]", value.get(i)));
    }
    return new LinkedHashSet<>(TagRules.check(field, tags));
  }

  private static String text(final String field, final JsonNode node) {
    if (!node.isTextual()) {
      throw notA(field, "a string");
    }
    return node.textValue();
  }

  /**
   * A plain value is an equality; an object holds one or more operators ({@code $eq}, {@code $in},
   * ...), all of which must hold.
   */
  private static <T> List<Operation<T>> operations(
      final String field,
      final JsonNode value,
      final Set<String> allowed,
      final BiFunction<String, JsonNode, T> parse) {
    if (!value.isObject()) {
      return List.of(Operation.eq(parse.apply(field, value)));
    }
    final List<Operation<T>> operations = new ArrayList<>(value.size());
    for (final Map.Entry<String, JsonNode> entry : value.properties()) {
      final String operator = entry.getKey();
      final String name = field + "." + operator;
      final JsonNode operand = entry.getValue();
      // the official client sends every operator of an advanced filter, unset ones as null or
      // (for $in and $notIn) as an empty array: those are no criterion
      if (operand.isNull() || (operand.isArray() && operand.isEmpty())) {
        continue;
      }
      if (!allowed.contains(operator)) {
        throw invalid(
            name, "is not an operator of this field; use one of " + new TreeSet<>(allowed));
      }
      switch (operator) {
        case "$eq" -> operations.add(Operation.eq(parse.apply(name, operand)));
        case "$neq" -> operations.add(Operation.neq(parse.apply(name, operand)));
        case "$exists" -> operations.add(Operation.exists(bool(name, operand)));
        case "$gt" -> operations.add(Operation.gt(parse.apply(name, operand)));
        case "$gte" -> operations.add(Operation.gte(parse.apply(name, operand)));
        case "$lt" -> operations.add(Operation.lt(parse.apply(name, operand)));
        case "$lte" -> operations.add(Operation.lte(parse.apply(name, operand)));
        case "$like" -> operations.add(Operation.like(parse.apply(name, operand)));
        case "$in" -> operations.add(Operation.in(list(name, operand, parse)));
        case "$notIn" ->
            operations.add(new Operation<>(Operator.NOT_IN, list(name, operand, parse)));
        default -> throw new IllegalStateException(operator);
      }
    }
    return operations;
  }

  private static <T> List<T> list(
      final String field, final JsonNode value, final BiFunction<String, JsonNode, T> parse) {
    if (!value.isArray()) {
      throw notA(field, "an array");
    }
    final List<T> values = new ArrayList<>(value.size());
    for (int i = 0; i < value.size(); i++) {
      values.add(parse.apply(field + "[" + i + "]", value.get(i)));
    }
    return values;
  }
}

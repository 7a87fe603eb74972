package io.gatefork.service.batchoperation;

import io.camunda.search.filter.Operation;
import io.camunda.search.filter.Operator;
import io.camunda.search.filter.ProcessInstanceFilter;
import io.camunda.search.filter.VariableValueFilter;
import io.gatefork.service.validation.FieldRules;
import io.gatefork.service.validation.FieldViolation;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The one rule for the filter of a batch operation: it must select by at least one criterion, at
 * every level. The brokers run the batch operation over every instance the filter matches, so a
 * filter that constrains nothing, at the top or in any one {@code $or} member (an {@code $or} with
 * an empty member matches everything), would make the operation hit every instance of the cluster.
 *
 * <p>A criterion counts only if it constrains: an operation list counts if one of its operations
 * has an operator and a value ({@code $exists} needs none); a flag counts if set; tags count if one
 * is set; a variable filter counts if it has a name and a value operation. {@code partitionId}
 * never counts: the brokers overwrite it with their own partition when they resolve the filter. An
 * empty {@code $or} adds nothing; a non-empty one is a criterion only if every member is one
 * itself; members cannot hold another {@code $or}.
 *
 * <p>Fields are listed one by one, not found by reflection: {@link #KNOWN_FIELDS} is checked
 * against the record's components in a test, so a new field of the search-domain type fails that
 * test until someone decides whether it constrains.
 */
final class FilterCriteria {
  static final String NO_CRITERION = "must select by at least one criterion";

  /** Every component of {@link ProcessInstanceFilter} that the rule below has decided about. */
  static final Set<String> KNOWN_FIELDS =
      Set.of(
          "processInstanceKeyOperations",
          "processDefinitionIdOperations",
          "processDefinitionNameOperations",
          "processDefinitionVersionOperations",
          "processDefinitionVersionTagOperations",
          "processDefinitionKeyOperations",
          "parentProcessInstanceKeyOperations",
          "parentFlowNodeInstanceKeyOperations",
          "startDateOperations",
          "endDateOperations",
          "stateOperations",
          "hasIncident",
          "tenantIdOperations",
          "variableFilters",
          "errorMessageOperations",
          "batchOperationIdOperations",
          "hasRetriesLeft",
          "flowNodeIdOperations",
          "hasFlowNodeInstanceIncident",
          "flowNodeInstanceStateOperations",
          "incidentErrorHashCodeOperations",
          "partitionId",
          "tags",
          "orFilters");

  private FilterCriteria() {}

  /**
   * Refuses (INVALID_ARGUMENT naming the part, e.g. {@code filter.$or[1]}) a filter that does not
   * select by at least one criterion at every level.
   */
  static void requireSelective(final String field, final ProcessInstanceFilter filter) {
    requireSelective(field, filter, true);
  }

  private static void requireSelective(
      final String field, final ProcessInstanceFilter filter, final boolean topLevel) {
    if (filter == null) {
      throw unselective(field);
    }
    final List<ProcessInstanceFilter> members = orEmpty(filter.orFilters());
    if (!topLevel && !members.isEmpty()) {
      throw FieldRules.invalid(field + ".$or", "cannot be nested in another $or");
    }
    if (members.isEmpty() && !hasOwnCriterion(filter)) {
      throw unselective(field);
    }
    for (int i = 0; i < members.size(); i++) {
      requireSelective(field + ".$or[" + i + "]", members.get(i), false);
    }
  }

  private static FieldViolation unselective(final String field) {
    return FieldRules.invalid(field, NO_CRITERION);
  }

  /** A criterion of the filter itself, its {@code $or} aside. */
  private static boolean hasOwnCriterion(final ProcessInstanceFilter f) {
    return constrains(f.processInstanceKeyOperations())
        || constrains(f.processDefinitionIdOperations())
        || constrains(f.processDefinitionNameOperations())
        || constrains(f.processDefinitionVersionOperations())
        || constrains(f.processDefinitionVersionTagOperations())
        || constrains(f.processDefinitionKeyOperations())
        || constrains(f.parentProcessInstanceKeyOperations())
        || constrains(f.parentFlowNodeInstanceKeyOperations())
        || constrains(f.startDateOperations())
        || constrains(f.endDateOperations())
        || constrains(f.stateOperations())
        || f.hasIncident() != null
        || constrains(f.tenantIdOperations())
        || orEmpty(f.variableFilters()).stream().anyMatch(FilterCriteria::constrains)
        || constrains(f.errorMessageOperations())
        || constrains(f.batchOperationIdOperations())
        || f.hasRetriesLeft() != null
        || constrains(f.flowNodeIdOperations())
        || f.hasFlowNodeInstanceIncident() != null
        || constrains(f.flowNodeInstanceStateOperations())
        || constrains(f.incidentErrorHashCodeOperations())
        || hasValue(f.tags());
    // partitionId: not a criterion, see the class comment
  }

  private static <T> boolean constrains(final List<Operation<T>> operations) {
    return orEmpty(operations).stream()
        .anyMatch(o -> o != null && constrains(o.operator(), o.values()));
  }

  private static boolean constrains(final VariableValueFilter variable) {
    return variable != null
        && variable.name() != null
        && !variable.name().isBlank()
        && orEmpty(variable.valueOperations()).stream()
            .anyMatch(o -> o != null && constrains(o.operator(), o.values()));
  }

  /** {@code $exists} carries no value; every other operator needs one that is not null. */
  private static boolean constrains(final Operator operator, final Collection<?> values) {
    if (operator == null) {
      return false;
    }
    return switch (operator) {
      case EXISTS, NOT_EXISTS -> true;
      default -> hasValue(values);
    };
  }

  private static boolean hasValue(final Collection<?> values) {
    return values != null && values.stream().anyMatch(Objects::nonNull);
  }

  private static <T> List<T> orEmpty(final List<T> list) {
    return list == null ? List.of() : list;
  }
}

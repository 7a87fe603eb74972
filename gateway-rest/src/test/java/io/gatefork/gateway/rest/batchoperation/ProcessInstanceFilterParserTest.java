package io.gatefork.gateway.rest.batchoperation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.camunda.search.filter.Operation;
import io.camunda.search.filter.Operator;
import io.camunda.search.filter.ProcessInstanceFilter;
import io.gatefork.service.error.ServiceException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProcessInstanceFilterParserTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static ProcessInstanceFilter parse(final String json) throws Exception {
    return ProcessInstanceFilterParser.parse("filter", JSON.readTree(json));
  }

  @Test
  void everyCriterionIsTranslatedToTheBrokersFilterField() throws Exception {
    final ProcessInstanceFilter filter =
        parse(
            """
        {"processDefinitionId": "order",
         "processDefinitionVersion": {"$gte": 2, "$lt": 5},
         "processDefinitionKey": {"$in": ["11", "12"]},
         "processInstanceKey": {"$notIn": ["13"]},
         "parentElementInstanceKey": {"$exists": false},
         "startDate": {"$gt": "2026-01-01T00:00:00Z"},
         "state": {"$in": ["ACTIVE", "COMPLETED"]},
         "hasIncident": true,
         "tenantId": {"$neq": "other"},
         "elementId": {"$like": "task*"},
         "elementInstanceState": "ACTIVE",
         "hasElementInstanceIncident": false,
         "incidentErrorHashCode": 42,
         "tags": ["vip"],
         "$or": [{"errorMessage": "boom"}, {"hasRetriesLeft": false}]}
        """);

    final ProcessInstanceFilter expected =
        new ProcessInstanceFilter.Builder()
            .processDefinitionIdOperations(List.of(Operation.eq("order")))
            .processDefinitionVersionOperations(List.of(Operation.gte(2), Operation.lt(5)))
            .processDefinitionKeyOperations(List.of(Operation.in(List.of(11L, 12L))))
            .processInstanceKeyOperations(List.of(new Operation<>(Operator.NOT_IN, List.of(13L))))
            .parentFlowNodeInstanceKeyOperations(List.of(Operation.exists(false)))
            .startDateOperations(
                List.of(Operation.gt(OffsetDateTime.parse("2026-01-01T00:00:00Z"))))
            .stateOperations(List.of(Operation.in(List.of("ACTIVE", "COMPLETED"))))
            .hasIncident(true)
            .tenantIdOperations(List.of(Operation.neq("other")))
            .flowNodeIdOperations(List.of(Operation.like("task*")))
            .flowNodeInstanceStateOperations(List.of(Operation.eq("ACTIVE")))
            .hasFlowNodeInstanceIncident(false)
            .incidentErrorHashCodeOperations(List.of(Operation.eq(42)))
            .tags(Set.of("vip"))
            .addOrOperation(
                new ProcessInstanceFilter.Builder()
                    .errorMessageOperations(List.of(Operation.eq("boom")))
                    .build())
            .addOrOperation(new ProcessInstanceFilter.Builder().hasRetriesLeft(false).build())
            .build();
    assertThat(filter).isEqualTo(expected);
  }

  @Test
  void nullCriteriaAreNoCriteria() throws Exception {
    assertThat(parse("{\"processDefinitionId\": null}"))
        .isEqualTo(new ProcessInstanceFilter.Builder().build());
  }

  /** What the official client sends for {@code processDefinitionId("a")}: unset operators too. */
  @Test
  void unsetOperatorsAreNoCriteria() throws Exception {
    assertThat(
            parse(
                """
        {"processDefinitionId": {"$eq": "a", "$neq": null, "$in": [], "$notIn": [], "$like": null},
         "tenantId": {"$in": []}, "variables": [], "tags": [], "$or": []}"""))
        .isEqualTo(
            new ProcessInstanceFilter.Builder()
                .processDefinitionIdOperations(List.of(Operation.eq("a")))
                .build());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          unknown field           | {"processDefinitionIds": "a"}                | filter.processDefinitionIds: is not a field
          variables               | {"variables": [{"name": "a", "value": "1"}]} | filter.variables: is not supported
          operator of other type  | {"processInstanceKey": {"$like": "1*"}}       | filter.processInstanceKey.$like: is not an operator
          unknown state           | {"state": "RUNNING"}                          | filter.state: must be one of [ACTIVE, COMPLETED, TERMINATED]
          malformed key           | {"processInstanceKey": "abc"}                 | filter.processInstanceKey:
          key as a JSON number    | {"processInstanceKey": {"$in": [123]}}        | filter.processInstanceKey.$in[0]: must be a string
          key beyond maxLength    | {"processInstanceKey": "00000000000000000000000001"} | filter.processInstanceKey: must be a numeric string of at most 25
          malformed date          | {"startDate": {"$gt": "yesterday"}}           | filter.startDate.$gt: must be an RFC 3339 date-time
          number for a string     | {"processDefinitionId": 5}                    | filter.processDefinitionId: must be a string
          in not an array         | {"tenantId": {"$in": "a"}}                    | filter.tenantId.$in: must be an array
          nested or               | {"$or": [{"$or": [{"hasIncident": true}]}]}   | filter.$or[0].$or: cannot be nested
          not an object           | []                                            | filter: must be a JSON object
          """)
  void anUntranslatableCriterionIsRefusedNamingIt(
      final String name, final String json, final String message) {
    assertThatThrownBy(() -> parse(json))
        .isInstanceOf(ServiceException.class)
        .hasMessageContaining(message);
  }
}

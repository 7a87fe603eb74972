package io.gatefork.service.batchoperation;

import static io.gatefork.service.testing.ServiceAssertions.assertFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.camunda.search.filter.Operation;
import io.camunda.search.filter.Operator;
import io.camunda.search.filter.ProcessInstanceFilter;
import io.camunda.search.filter.UntypedOperation;
import io.camunda.search.filter.VariableValueFilter;
import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.testing.FakeBrokerClient;
import java.lang.reflect.RecordComponent;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The safety rule of issue #23: a batch operation's filter selects by at least one criterion at the
 * top and in every {@code $or} member, or the batch operation never reaches the broker.
 */
class FilterCriteriaTest {
  private static final long KEY = 2251799813685249L;

  private final FakeBrokerClient broker = new FakeBrokerClient();
  private final BrokerBatchOperationServices services =
      new BrokerBatchOperationServices(broker, Runnable::run);

  @AfterEach
  void close() {
    broker.close();
  }

  private static ProcessInstanceFilter.Builder where() {
    return new ProcessInstanceFilter.Builder();
  }

  private static ProcessInstanceFilter empty() {
    return where().build();
  }

  private static ProcessInstanceFilter byId(final String id) {
    return where().processDefinitionIdOperations(List.of(Operation.eq(id))).build();
  }

  /** Every component null, as a front end calling the canonical constructor could make it. */
  private static ProcessInstanceFilter allNull() {
    return new ProcessInstanceFilter(
        null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
        null, null, null, null, null, null, null, null, null);
  }

  private static Set<String> setOfNull() {
    return new HashSet<>(Arrays.asList((String) null));
  }

  /** The four batch operations, each with a valid plan where it needs one. */
  private static final List<Function<ProcessInstanceFilter, CreateBatchOperation>> ALL_FOUR =
      List.of(
          CreateBatchOperation::cancelProcessInstances,
          CreateBatchOperation::resolveIncidents,
          f ->
              CreateBatchOperation.migrateProcessInstances(
                  f,
                  new CreateBatchOperation.MigrationPlan(
                      KEY, List.of(new CreateBatchOperation.MappingInstruction("a", "b")))),
          f ->
              CreateBatchOperation.modifyProcessInstances(
                  f, List.of(new CreateBatchOperation.MoveInstruction("a", "b"))));

  static Stream<Arguments> vacuousFilters() {
    final String none = "filter: must select by at least one criterion";
    final String member0 = "filter.$or[0]: must select by at least one criterion";
    final String member1 = "filter.$or[1]: must select by at least one criterion";
    return Stream.of(
        arguments("no filter", null, none),
        arguments("top level {}", empty(), none),
        arguments("every component null", allNull(), none),
        arguments("$or: [] alone", where().orFilters(List.of()).build(), none),
        arguments("$or: [{}]", where().addOrOperation(empty()).build(), member0),
        arguments(
            "$or: [{}, real]",
            where().addOrOperation(empty()).addOrOperation(byId("a")).build(),
            member0),
        arguments(
            "$or: [real, {}]",
            where().addOrOperation(byId("a")).addOrOperation(empty()).build(),
            member1),
        arguments(
            "real top level, $or: [{}]",
            where().hasIncident(true).addOrOperation(empty()).build(),
            member0),
        arguments(
            "$or: [null]",
            where().orFilters(Arrays.asList((ProcessInstanceFilter) null)).build(),
            member0),
        arguments(
            "$or: [every component null]", where().addOrOperation(allNull()).build(), member0),
        arguments(
            "$eq: null",
            where().processDefinitionIdOperations(List.of(Operation.eq(null))).build(),
            none),
        arguments(
            "$in: []", where().tenantIdOperations(List.of(Operation.in(List.of()))).build(), none),
        arguments(
            "$notIn: [null]",
            where()
                .processInstanceKeyOperations(
                    List.of(new Operation<Long>(Operator.NOT_IN, Arrays.asList((Long) null))))
                .build(),
            none),
        arguments(
            "values null",
            where()
                .stateOperations(
                    List.of(new Operation<String>(Operator.EQUALS, (List<String>) null)))
                .build(),
            none),
        arguments(
            "no operator",
            where()
                .processDefinitionIdOperations(List.of(new Operation<String>(null, List.of("a"))))
                .build(),
            none),
        arguments(
            "a null operation",
            where().endDateOperations(Arrays.asList((Operation<OffsetDateTime>) null)).build(),
            none),
        arguments(
            "$or: [{processDefinitionId: {$eq: null}}]",
            where()
                .addOrOperation(
                    where().processDefinitionIdOperations(List.of(Operation.eq(null))).build())
                .build(),
            member0),
        arguments(
            "$or: [real, {state: {$in: []}}]",
            where()
                .addOrOperation(byId("a"))
                .addOrOperation(where().stateOperations(List.of(Operation.in(List.of()))).build())
                .build(),
            member1),
        arguments(
            "partitionId only (the brokers overwrite it)", where().partitionId(1).build(), none),
        arguments("tags: []", where().tags(Set.of()).build(), none),
        arguments("tags: [null]", where().tags(setOfNull()).build(), none),
        arguments(
            "variable without a value operation",
            where().variables(List.of(new VariableValueFilter("x", List.of()))).build(),
            none),
        arguments(
            "variable without a name",
            where()
                .variables(
                    List.of(
                        new VariableValueFilter(
                            null, List.of(UntypedOperation.of(Operation.eq("1"))))))
                .build(),
            none),
        arguments(
            "nested $or with a real member",
            where().addOrOperation(where().addOrOperation(byId("a")).build()).build(),
            "filter.$or[0].$or: cannot be nested in another $or"),
        arguments(
            "nested $or with an empty member",
            where()
                .addOrOperation(where().hasIncident(true).addOrOperation(empty()).build())
                .build(),
            "filter.$or[0].$or: cannot be nested in another $or"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("vacuousFilters")
  void aFilterThatConstrainsNothingSomewhereIsRefusedAndNeverReachesTheBroker(
      final String name, final ProcessInstanceFilter filter, final String message) {
    broker.respondWith(sent -> FakeBrokerClient.echo(sent, KEY));
    for (final var operation : ALL_FOUR) {
      assertFails(
          services.create(RequestContext.create(), operation.apply(filter)),
          ServiceStatus.INVALID_ARGUMENT,
          message);
    }
    assertThat(broker.sent()).isEmpty();
  }

  static Stream<Arguments> realFilters() {
    return Stream.of(
        arguments("$eq", byId("order")),
        arguments(
            "$exists: false",
            where().parentFlowNodeInstanceKeyOperations(List.of(Operation.exists(false))).build()),
        arguments("a flag, false", where().hasRetriesLeft(false).build()),
        arguments("$in", where().processInstanceKeyOperations(List.of(Operation.in(KEY))).build()),
        arguments(
            "an unset operator beside a set one",
            where()
                .processDefinitionIdOperations(List.of(Operation.eq(null), Operation.eq("order")))
                .build()),
        arguments("tags", where().tags(Set.of("vip")).build()),
        arguments(
            "a variable with a value",
            where()
                .variables(
                    List.of(
                        new VariableValueFilter(
                            "x", List.of(UntypedOperation.of(Operation.eq("1"))))))
                .build()),
        arguments(
            "$or of real members only",
            where()
                .addOrOperation(byId("a"))
                .addOrOperation(where().hasFlowNodeInstanceIncident(true).build())
                .build()),
        arguments(
            "real top level and $or of real members",
            where()
                .incidentErrorHashCodeOperations(List.of(Operation.eq(42)))
                .addOrOperation(where().tags(Set.of("vip")).build())
                .build()),
        arguments(
            "real top level, $or: []", where().hasIncident(true).orFilters(List.of()).build()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("realFilters")
  void aFilterThatConstrainsEverywhereReachesTheBroker(
      final String name, final ProcessInstanceFilter filter) throws Exception {
    broker.respondWith(sent -> FakeBrokerClient.echo(sent, KEY));
    for (final var operation : ALL_FOUR) {
      services.create(RequestContext.create(), operation.apply(filter)).get(5, TimeUnit.SECONDS);
    }
    assertThat(broker.sent()).hasSize(ALL_FOUR.size());
  }

  /** A field added to the search-domain type must be decided about: does it constrain? */
  @Test
  void theRuleKnowsEveryFieldOfTheFilter() {
    assertThat(
            Arrays.stream(ProcessInstanceFilter.class.getRecordComponents())
                .map(RecordComponent::getName)
                .collect(Collectors.toSet()))
        .isEqualTo(FilterCriteria.KNOWN_FIELDS);
  }
}

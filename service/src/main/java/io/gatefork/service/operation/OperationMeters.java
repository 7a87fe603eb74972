package io.gatefork.service.operation;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.BiFunction;

/**
 * Meters (or anything built from them) per {@link Api} and {@link Operation}, created on first use
 * — so only operations that were served show up in the metrics output — and then found by array
 * index: a request neither builds a key nor compares a string.
 *
 * @param <M> what is kept per api and operation, e.g. a counter or the timers of every stage
 */
public final class OperationMeters<M> {
  private final Map<Api, AtomicReferenceArray<M>> byApi = new EnumMap<>(Api.class);
  private final BiFunction<Api, Operation, M> create;

  /**
   * @param create builds the meters of one api and operation; it may run more than once for the
   *     same pair when requests race, so it must register idempotently (as Micrometer's builders
   *     do: the registry hands back the meter it already holds)
   */
  public OperationMeters(final BiFunction<Api, Operation, M> create) {
    this.create = create;
    for (final Api api : Api.values()) {
      byApi.put(api, new AtomicReferenceArray<>(Operation.values().length));
    }
  }

  public M get(final Api api, final Operation operation) {
    final AtomicReferenceArray<M> ofApi = byApi.get(api);
    final M cached = ofApi.get(operation.ordinal());
    if (cached != null) {
      return cached;
    }
    final M created = create.apply(api, operation);
    ofApi.set(operation.ordinal(), created);
    return created;
  }
}

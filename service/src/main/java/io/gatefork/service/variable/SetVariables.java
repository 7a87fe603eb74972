package io.gatefork.service.variable;

import io.gatefork.service.codec.JsonDocument;

/**
 * @param elementInstanceKey the scope: a process instance or an element instance in it
 * @param variables null sets nothing
 * @param local true: set in this scope only; false: update where each variable is visible
 *     (propagate), creating the rest at the process instance
 * @param operationReference null when absent
 */
public record SetVariables(
    long elementInstanceKey, JsonDocument variables, boolean local, Long operationReference) {}

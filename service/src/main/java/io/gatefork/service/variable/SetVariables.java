package io.gatefork.service.variable;

/**
 * @param elementInstanceKey the scope: a process instance or an element instance in it
 * @param variablesJson a JSON object; null or blank sets nothing
 * @param local true: set in this scope only; false: update where each variable is visible
 *     (propagate), creating the rest at the process instance
 * @param operationReference null when absent
 */
public record SetVariables(
    long elementInstanceKey, String variablesJson, boolean local, Long operationReference) {}

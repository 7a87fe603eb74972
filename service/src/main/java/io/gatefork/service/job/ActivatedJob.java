package io.gatefork.service.job;

/** One activated job; JSON fields are JSON objects as strings. */
public record ActivatedJob(
    long key,
    String type,
    long processInstanceKey,
    String bpmnProcessId,
    int processDefinitionVersion,
    long processDefinitionKey,
    String elementId,
    long elementInstanceKey,
    String customHeadersJson,
    String worker,
    int retries,
    long deadline,
    String variablesJson,
    String tenantId,
    String kind,
    String listenerEventType) {}

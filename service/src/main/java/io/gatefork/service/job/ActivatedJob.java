package io.gatefork.service.job;

import io.gatefork.service.codec.JsonDocument;

/** One activated job. */
public record ActivatedJob(
    long key,
    String type,
    long processInstanceKey,
    String bpmnProcessId,
    int processDefinitionVersion,
    long processDefinitionKey,
    String elementId,
    long elementInstanceKey,
    JsonDocument customHeaders,
    String worker,
    int retries,
    long deadline,
    JsonDocument variables,
    String tenantId,
    String kind,
    String listenerEventType) {}

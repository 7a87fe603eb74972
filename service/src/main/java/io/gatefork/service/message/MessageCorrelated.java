package io.gatefork.service.message;

/** The correlated message and the process instance it was correlated to. */
public record MessageCorrelated(long messageKey, long processInstanceKey, String tenantId) {}

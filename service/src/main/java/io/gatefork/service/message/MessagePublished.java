package io.gatefork.service.message;

public record MessagePublished(long messageKey, String tenantId) {}

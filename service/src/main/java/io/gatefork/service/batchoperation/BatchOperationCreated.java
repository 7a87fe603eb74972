package io.gatefork.service.batchoperation;

import io.camunda.zeebe.protocol.record.value.BatchOperationType;

/** The broker's answer to a batch operation creation ({@code CREATED}). */
public record BatchOperationCreated(long batchOperationKey, BatchOperationType type) {}

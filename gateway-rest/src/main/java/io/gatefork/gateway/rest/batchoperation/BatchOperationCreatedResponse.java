package io.gatefork.gateway.rest.batchoperation;

/** {@code BatchOperationCreatedResult} of the 8.8 spec; the key as a string. */
public record BatchOperationCreatedResponse(String batchOperationKey, String batchOperationType) {}

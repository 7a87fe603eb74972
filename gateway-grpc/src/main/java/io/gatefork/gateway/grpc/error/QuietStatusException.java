package io.gatefork.gateway.grpc.error;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/**
 * A status on its way to {@code StreamObserver.onError}: grpc-java only reads its status, so the
 * stack trace (the expensive part of an exception, and paid per rejected call under backpressure)
 * is never filled in.
 */
final class QuietStatusException extends StatusRuntimeException {

  QuietStatusException(final Status status) {
    super(status);
  }

  @Override
  public synchronized Throwable fillInStackTrace() {
    return this;
  }
}

package io.gatefork.qa.support;

import io.camunda.client.api.command.ClientStatusException;
import io.camunda.client.api.command.ProblemException;
import io.grpc.StatusRuntimeException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * The status name a client saw for a failed call, the same for both APIs: the ProblemDetail title
 * over REST (e.g. {@code RESOURCE_EXHAUSTED}), the status code over gRPC.
 */
public final class ApiStatus {
  private ApiStatus() {}

  /**
   * {@link #of}, or for a call that got no API answer (a connection closed under it) the name of
   * the transport failure, e.g. {@code ConnectionClosedException}.
   */
  public static String orTransportFailure(final Throwable failure) {
    Throwable error = failure;
    while (error.getCause() != null
        && !(error instanceof ProblemException)
        && !(error instanceof ClientStatusException)
        && !(error instanceof StatusRuntimeException)) {
      error = error.getCause();
    }
    try {
      return of(error);
    } catch (final AssertionError notAnAnswer) {
      return error.getClass().getSimpleName();
    }
  }

  public static String of(final Throwable failure) {
    Throwable error = failure;
    while ((error instanceof CompletionException || error instanceof ExecutionException)
        && error.getCause() != null) {
      error = error.getCause();
    }
    if (error instanceof ProblemException problem) {
      return problem.details() != null && problem.details().getTitle() != null
          ? problem.details().getTitle()
          : "HTTP " + problem.code();
    }
    if (error instanceof ClientStatusException status) {
      return status.getStatusCode().name();
    }
    // the client's futures may carry grpc-java's own exception
    if (error instanceof StatusRuntimeException status) {
      return status.getStatus().getCode().name();
    }
    throw new AssertionError("not an API answer: " + error, error);
  }
}

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
    final Throwable error = answerOrRootCause(failure);
    return isAnswer(error) ? of(error) : error.getClass().getSimpleName();
  }

  /**
   * Whether a failure leaves open if the request was done: the gateway lost the broker's answer
   * ({@code ABORTED}: the connection closed under the request; {@code DEADLINE_EXCEEDED}: the
   * request timeout), or the client got no API answer at all. Every other failure says it was not.
   */
  public static boolean leavesOutcomeOpen(final Throwable failure) {
    final Throwable error = answerOrRootCause(failure);
    if (!isAnswer(error)) {
      return true;
    }
    final String status = of(error);
    return status.equals("ABORTED") || status.equals("DEADLINE_EXCEEDED");
  }

  private static Throwable answerOrRootCause(final Throwable failure) {
    Throwable error = failure;
    while (error.getCause() != null && !isAnswer(error)) {
      error = error.getCause();
    }
    return error;
  }

  private static boolean isAnswer(final Throwable error) {
    return error instanceof ProblemException
        || error instanceof ClientStatusException
        || error instanceof StatusRuntimeException;
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

package io.gatefork.bench.load;

import io.camunda.client.api.command.ClientHttpException;
import io.camunda.client.api.command.ClientStatusException;
import io.camunda.client.api.command.ProblemException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/** Names a failed call by what the client saw: HTTP status and title, or gRPC status code. */
public final class ErrorClassifier {
  /** No answer within the request timeout (the REST client's response timeout, or a future's). */
  public static final String TIMEOUT = "client timeout";

  private ErrorClassifier() {}

  public static String classify(final Throwable failure) {
    Throwable t = failure;
    while ((t instanceof CompletionException || t instanceof ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    if (t instanceof ProblemException problem) {
      final String title = problem.details() != null ? problem.details().getTitle() : null;
      return "HTTP " + problem.code() + (title != null ? " " + title : "");
    }
    if (t instanceof ClientHttpException http) {
      return "HTTP " + http.code();
    }
    if (t instanceof ClientStatusException status) {
      return "gRPC " + status.getStatusCode();
    }
    Throwable root = t;
    for (Throwable c = t; c != null; c = c.getCause()) {
      // the REST client's response timeout ends in a SocketTimeoutException
      if (c instanceof TimeoutException || c instanceof java.net.SocketTimeoutException) {
        return TIMEOUT;
      }
      if (c instanceof io.grpc.StatusRuntimeException grpc) {
        return "gRPC " + grpc.getStatus().getCode();
      }
      root = c;
    }
    // the REST client wraps transport failures (a connection closed, refused) in ClientException
    return root != t
        ? t.getClass().getSimpleName() + " (" + root.getClass().getSimpleName() + ")"
        : t.getClass().getSimpleName();
  }
}

package io.gatefork.bench.load;

import io.camunda.client.api.command.ClientHttpException;
import io.camunda.client.api.command.ClientStatusException;
import io.camunda.client.api.command.ProblemException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/** Names a failed call by what the client saw: HTTP status and title, or gRPC status code. */
public final class ErrorClassifier {
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
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof TimeoutException) {
        return "client timeout";
      }
      if (c instanceof io.grpc.StatusRuntimeException grpc) {
        return "gRPC " + grpc.getStatus().getCode();
      }
    }
    return t.getClass().getSimpleName();
  }
}

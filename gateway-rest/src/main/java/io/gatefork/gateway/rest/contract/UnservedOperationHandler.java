package io.gatefork.gateway.rest.contract;

import io.gatefork.gateway.rest.error.ProblemResponses;
import io.gatefork.gateway.rest.operation.NotTimed;
import java.lang.reflect.Method;
import org.springframework.http.ResponseEntity;

/**
 * Answers one operation gatefork does not serve, at once and without reading the request: a search
 * or read with 403 FORBIDDEN (what a stock 8.8 gateway without secondary storage answers, a status
 * the spec lists for nearly all of them), a command not served yet with 501 NOT_IMPLEMENTED. Never
 * a 404 or a 500: the client learns what happened and why.
 */
@NotTimed("answers at once, without reading the request, what gatefork does not serve")
public final class UnservedOperationHandler {
  public static final int SECONDARY_STORAGE_STATUS = 403;
  public static final String SECONDARY_STORAGE_TITLE = "FORBIDDEN";
  public static final int NOT_SERVED_YET_STATUS = 501;
  public static final String NOT_SERVED_YET_TITLE = "NOT_IMPLEMENTED";

  static final Method ANSWER;

  static {
    try {
      ANSWER = UnservedOperationHandler.class.getMethod("answer");
    } catch (final NoSuchMethodException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final RestOperation operation;
  private final String detail;

  public UnservedOperationHandler(final RestOperation operation) {
    if (operation.served()) {
      throw new IllegalArgumentException(operation.operationId() + " is served");
    }
    this.operation = operation;
    detail = detail(operation);
  }

  /** A fresh body per request: Spring MVC sets the request path as its {@code instance}. */
  public ResponseEntity<Object> answer() {
    return operation.status() == OperationStatus.SECONDARY_STORAGE
        ? ProblemResponses.of(SECONDARY_STORAGE_STATUS, SECONDARY_STORAGE_TITLE, detail)
        : ProblemResponses.of(NOT_SERVED_YET_STATUS, NOT_SERVED_YET_TITLE, detail);
  }

  public RestOperation operation() {
    return operation;
  }

  static String detail(final RestOperation operation) {
    return switch (operation.status()) {
      case SECONDARY_STORAGE ->
          "This endpoint requires a secondary storage, but gatefork has none: it is a gateway"
              + " for broker commands only. "
              + operation.operationId()
              + " is a "
              + operation.reason()
              + "; send it to a Camunda 8.8 orchestration cluster with"
              + " secondary storage.";
      case NOT_SERVED_YET ->
          "gatefork does not serve "
              + operation.operationId()
              + " yet: "
              + operation.reason()
              + ".";
      case SERVED -> throw new IllegalArgumentException(operation.operationId() + " is served");
    };
  }
}

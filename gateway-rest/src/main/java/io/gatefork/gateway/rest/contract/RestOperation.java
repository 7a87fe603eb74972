package io.gatefork.gateway.rest.contract;

import java.util.Objects;

/**
 * One operation of the 8.8 REST API and what gatefork does with it.
 *
 * @param group the spec's tag it is listed under (e.g. {@code Job})
 * @param method upper case, e.g. {@code POST}
 * @param path as in the spec, below {@code /v2}, e.g. {@code /jobs/{jobKey}/completion}
 * @param reason why it is not served (empty when served)
 */
public record RestOperation(
    String group,
    String operationId,
    String method,
    String path,
    OperationStatus status,
    String reason) {
  public static final String API_PREFIX = "/v2";

  public RestOperation {
    Objects.requireNonNull(operationId, "operationId");
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(status, "status");
    reason = reason == null ? "" : reason;
  }

  /** The path as clients call it, e.g. {@code /v2/jobs/{jobKey}/completion}. */
  public String apiPath() {
    return API_PREFIX + path;
  }

  public boolean served() {
    return status == OperationStatus.SERVED;
  }
}

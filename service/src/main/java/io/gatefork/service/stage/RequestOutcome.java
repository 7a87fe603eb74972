package io.gatefork.service.stage;

/**
 * How a traced request was answered, in its API's words.
 *
 * @param code the HTTP status ({@code http.response.status_code}) or the gRPC status code's number
 *     ({@code rpc.grpc.status_code})
 * @param codeName what the code means ({@code 503}, {@code RESOURCE_EXHAUSTED}), the span status's
 *     description when it is an error
 * @param error whether the span records an error: for a server, 5xx over HTTP and the gRPC codes
 *     that say the server failed (OpenTelemetry's semantic conventions); a client's bad request is
 *     not the server's error
 * @param shed whether admission answered it before any work ({@code gatefork.shed})
 */
public record RequestOutcome(int code, String codeName, boolean error, boolean shed) {

  public static RequestOutcome http(final int status, final boolean shed) {
    return new RequestOutcome(status, Integer.toString(status), status >= 500, shed);
  }

  /**
   * @param code the gRPC status code's number
   * @param name its name ({@code INTERNAL})
   */
  public static RequestOutcome grpc(final int code, final String name, final boolean shed) {
    final boolean serverError =
        switch (name) {
          case "UNKNOWN",
              "DEADLINE_EXCEEDED",
              "UNIMPLEMENTED",
              "INTERNAL",
              "UNAVAILABLE",
              "DATA_LOSS" ->
              true;
          default -> false;
        };
    return new RequestOutcome(code, name, serverError, shed);
  }
}

package io.gatefork.service.overload;

import java.util.Map;

/**
 * How admission treats an operation; one table for both APIs, keyed by the operation names both
 * record their stage metrics under.
 */
public enum AdmissionPolicy {
  /** Counted in flight from admission to answer; shed above the limit. */
  LIMITED,
  /**
   * Shed above the limit, but not counted while admitted: it waits for the process instance to end,
   * not for the gateway ({@code create-process-instance-with-result}).
   */
  CHECKED,
  /**
   * Never shed, never counted: what frees the cluster (job completion and failure, instance
   * cancellation, deployments: the commands the brokers' own limiter spares), what waits rather
   * than works (job activations that long-poll, job streams) and what never reaches a broker
   * (topology, status, license, the caller, documents).
   */
  BYPASS;

  private static final Map<String, AdmissionPolicy> NOT_LIMITED =
      Map.ofEntries(
          Map.entry("create-process-instance-with-result", CHECKED),
          // what frees the cluster
          Map.entry("complete-job", BYPASS),
          Map.entry("fail-job", BYPASS),
          Map.entry("cancel-process-instance", BYPASS),
          Map.entry("deploy-resources", BYPASS),
          Map.entry("deploy-process", BYPASS),
          // what waits
          Map.entry("activate-jobs", BYPASS),
          Map.entry("stream-activated-jobs", BYPASS),
          // what stays in the gateway
          Map.entry("topology", BYPASS),
          Map.entry("status", BYPASS),
          Map.entry("license", BYPASS),
          Map.entry("authentication", BYPASS),
          Map.entry("create-document", BYPASS),
          Map.entry("create-documents", BYPASS),
          Map.entry("get-document", BYPASS),
          Map.entry("delete-document", BYPASS),
          Map.entry("create-document-link", BYPASS));

  /** The policy of an operation; an operation not named here is {@link #LIMITED}. */
  public static AdmissionPolicy of(final String operation) {
    return NOT_LIMITED.getOrDefault(operation, LIMITED);
  }
}

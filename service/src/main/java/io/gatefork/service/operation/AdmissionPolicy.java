package io.gatefork.service.operation;

/** How admission treats an operation; each {@link Operation} names its own. */
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
  BYPASS
}

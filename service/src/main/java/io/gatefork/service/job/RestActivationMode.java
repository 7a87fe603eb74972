package io.gatefork.service.job;

/** How REST job activations with a request timeout wait for jobs ({@code gatefork.jobs.*}). */
public enum RestActivationMode {
  /** Stock long polling, as gRPC's ActivateJobs: woken by job-available notifications. */
  POLL,
  /**
   * Served from job streams the gateway holds on the brokers, shared by the waiting requests with
   * the same activation properties: a pushed job answers the oldest of them at once.
   */
  STREAM
}

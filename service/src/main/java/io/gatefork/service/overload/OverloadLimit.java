package io.gatefork.service.overload;

/** Whether the gateway limits requests in flight ({@code gatefork.overload.limit}). */
public enum OverloadLimit {
  /** An adaptive concurrency limit ({@link AdaptiveAdmission}). */
  ADAPTIVE,
  /** Everything admitted ({@link Admission#OFF}): today's and stock behaviour. */
  OFF
}

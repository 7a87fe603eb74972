package io.gatefork.service.job;

import java.util.List;

/** A waiting activation as a {@link PushSource} sees it: something to claim and answer. */
interface WaitingActivation {

  /** Jobs it still takes. */
  int remaining();

  /** Whether its caller is known to have gone (only requests on a push source are watched). */
  boolean callerGone();

  /**
   * Takes it out of long polling's parked requests.
   *
   * @return true when the caller now owns it; false when something else took it first (deadline,
   *     notification, cancel, drain), which then answers it
   */
  boolean claim();

  /**
   * Answers a claimed request with pushed jobs.
   *
   * @return false when its caller cancelled meanwhile: the jobs were not delivered
   */
  boolean answerPushed(List<ActivatedJob> pushed);

  /** Answers a claimed request whose caller has gone (nobody reads it) with nothing. */
  void answerGone();
}

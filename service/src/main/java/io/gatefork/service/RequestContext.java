package io.gatefork.service;

import io.gatefork.service.stage.RequestTiming;

/**
 * What travels with every service call besides its input: the stage timing, and (later) the
 * authenticated caller.
 */
public record RequestContext(RequestTiming timing) {

  public static RequestContext create() {
    return new RequestContext(RequestTiming.startNow());
  }
}

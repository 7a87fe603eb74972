package io.gatefork.service.signal;

import io.gatefork.service.RequestContext;
import java.util.concurrent.CompletableFuture;

public interface SignalServices {

  /**
   * Broadcasts a signal to every partition ({@code SIGNAL.BROADCAST}; the broker answers {@code
   * BROADCASTED}): signal start events and waiting signal catch events of that name trigger.
   */
  CompletableFuture<SignalBroadcasted> broadcast(RequestContext context, BroadcastSignal command);
}

package io.gatefork.service.message;

import io.gatefork.service.RequestContext;
import java.util.concurrent.CompletableFuture;

public interface MessageServices {

  CompletableFuture<MessagePublished> publish(RequestContext context, PublishMessage command);

  /**
   * Publishes a message and waits for its correlation ({@code MESSAGE_CORRELATION.CORRELATE}; the
   * broker answers {@code CORRELATED} once a process instance took it, or rejects with {@code
   * NOT_FOUND} when none did).
   */
  CompletableFuture<MessageCorrelated> correlate(RequestContext context, CorrelateMessage command);
}

package io.gatefork.broker.dev.jobs;

import io.camunda.zeebe.scheduler.Actor;
import io.camunda.zeebe.scheduler.ConcurrencyControl;
import io.camunda.zeebe.scheduler.future.ActorFuture;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * A tiny actor to run the stream service's start and stop on: both combine futures with actor
 * utilities that only work on an actor thread.
 */
final class StreamControlActor extends Actor {

  @Override
  public String getName() {
    return "job-stream-control";
  }

  /** Runs the action on this actor and completes the returned future with its outcome. */
  <T> CompletableFuture<T> callOnActor(final Function<ConcurrencyControl, ActorFuture<T>> action) {
    final var result = new CompletableFuture<T>();
    actor.run(
        () ->
            actor.runOnCompletion(
                action.apply(actor),
                (value, error) -> {
                  if (error != null) {
                    result.completeExceptionally(error);
                  } else {
                    result.complete(value);
                  }
                }));
    return result;
  }
}

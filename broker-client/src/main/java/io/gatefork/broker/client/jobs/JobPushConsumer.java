package io.gatefork.broker.client.jobs;

import java.util.concurrent.CompletionStage;
import org.agrona.DirectBuffer;

/**
 * Receives the jobs a broker pushes to one job stream.
 *
 * <p>Called on the stream actor's thread: hand the job off and return. The broker waits for the
 * returned stage: completing it acknowledges the job; failing it (e.g. because the client cannot
 * take more right now) makes the broker yield the job back ({@code JOB.YIELD}), so it becomes
 * activatable again at once instead of sitting locked until its deadline.
 */
@FunctionalInterface
public interface JobPushConsumer {

  /**
   * @param payload one {@code ActivatedJob} as MessagePack, in a private copy the consumer owns (it
   *     may be read on any thread, at any time)
   */
  CompletionStage<Void> push(DirectBuffer payload);
}

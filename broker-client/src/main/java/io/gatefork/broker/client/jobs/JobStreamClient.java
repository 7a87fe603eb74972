package io.gatefork.broker.client.jobs;

import io.camunda.zeebe.protocol.impl.stream.job.JobActivationProperties;
import io.camunda.zeebe.transport.stream.api.ClientStreamId;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Job push: registers job streams with every broker ({@code stream-add}) so that brokers push newly
 * activatable jobs instead of waiting to be polled. Registration is kept up by the client: a stream
 * is added to brokers that join later, re-added when a broker asks for it ({@code stream-recreate},
 * e.g. after its restart), and each add is retried until acknowledged.
 */
public interface JobStreamClient {

  /**
   * Registers a stream. Several streams with the same type and properties share one registration on
   * the brokers; a push goes to one of them and moves on to the next when it is refused.
   *
   * @param properties worker, lock timeout, variables to fetch, tenants (must include {@code
   *     <default>} for jobs of the default tenant, or the engine never picks the stream)
   * @return completes with the stream's id once registered locally (brokers are told
   *     asynchronously); fails only when the client is closed
   */
  CompletableFuture<ClientStreamId> add(
      String jobType, JobActivationProperties properties, JobPushConsumer consumer);

  /** Removes the stream locally and from every broker; pushes still under way are refused. */
  CompletableFuture<Void> remove(ClientStreamId streamId);

  /** The streams registered now, with the brokers that acknowledged each. */
  CompletableFuture<List<JobStreamInfo>> streams();
}

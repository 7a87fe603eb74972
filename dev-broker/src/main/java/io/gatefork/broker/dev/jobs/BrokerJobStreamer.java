package io.gatefork.broker.dev.jobs;

import io.atomix.cluster.messaging.ClusterEventService;
import io.camunda.zeebe.engine.processing.streamprocessor.JobStreamer;
import io.camunda.zeebe.protocol.impl.stream.job.ActivatedJob;
import io.camunda.zeebe.protocol.impl.stream.job.JobActivationProperties;
import io.camunda.zeebe.transport.stream.api.RemoteStream;
import io.camunda.zeebe.transport.stream.api.RemoteStreamer;
import java.util.Optional;
import java.util.function.Predicate;
import org.agrona.DirectBuffer;

/**
 * The engine's link to job workers, shared by all partitions of the broker.
 *
 * <ul>
 *   <li>{@link #notifyWorkAvailable}: broadcasts the job type on the cluster event topic {@value
 *       #JOBS_AVAILABLE_TOPIC}, so gateways wake up long-polling activations.
 *   <li>{@link #streamFor}: finds a job stream a gateway opened (zeebe-transport stream API) so the
 *       engine can push the job instead of waiting to be polled.
 * </ul>
 */
public final class BrokerJobStreamer implements JobStreamer {

  public static final String JOBS_AVAILABLE_TOPIC = "jobsAvailable";

  private final ClusterEventService eventService;
  private final RemoteStreamer<JobActivationProperties, ActivatedJob> streams;
  private final boolean announces;

  /**
   * @param announces false: no announcement is sent, as to a gateway the broker does not know yet
   */
  BrokerJobStreamer(
      final ClusterEventService eventService,
      final RemoteStreamer<JobActivationProperties, ActivatedJob> streams,
      final boolean announces) {
    this.eventService = eventService;
    this.streams = streams;
    this.announces = announces;
  }

  @Override
  public void notifyWorkAvailable(final String jobType) {
    if (announces) {
      eventService.broadcast(JOBS_AVAILABLE_TOPIC, jobType);
    }
  }

  @Override
  public Optional<JobStream> streamFor(
      final DirectBuffer jobType, final Predicate<JobActivationProperties> filter) {
    return streams.streamFor(jobType, filter).map(PushingJobStream::new);
  }

  private record PushingJobStream(RemoteStream<JobActivationProperties, ActivatedJob> remote)
      implements JobStream {

    @Override
    public JobActivationProperties properties() {
      return remote.metadata();
    }

    @Override
    public void push(final ActivatedJob payload) {
      remote.push(payload);
    }
  }
}

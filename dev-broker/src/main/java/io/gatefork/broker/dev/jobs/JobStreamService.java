package io.gatefork.broker.dev.jobs;

import io.atomix.cluster.AtomixCluster;
import io.camunda.zeebe.engine.processing.streamprocessor.JobStreamer;
import io.camunda.zeebe.logstreams.log.LogStreamWriter;
import io.camunda.zeebe.protocol.impl.stream.job.ActivatedJob;
import io.camunda.zeebe.protocol.impl.stream.job.JobActivationProperties;
import io.camunda.zeebe.protocol.impl.stream.job.JobActivationPropertiesImpl;
import io.camunda.zeebe.scheduler.ActorSchedulingService;
import io.camunda.zeebe.transport.TransportFactory;
import io.camunda.zeebe.transport.stream.api.RemoteStreamMetrics;
import io.camunda.zeebe.transport.stream.api.RemoteStreamService;
import io.camunda.zeebe.util.buffer.BufferUtil;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.agrona.DirectBuffer;

/**
 * The broker side of job push: the zeebe-transport remote stream server, where gateways register
 * job streams, plus the {@link BrokerJobStreamer} the engine uses.
 */
public final class JobStreamService implements AutoCloseable {

  private final AtomixCluster cluster;
  private final StreamControlActor control;
  private final RemoteStreamService<JobActivationProperties, ActivatedJob> service;
  private final BrokerJobStreamer jobStreamer;

  private JobStreamService(
      final AtomixCluster cluster,
      final StreamControlActor control,
      final RemoteStreamService<JobActivationProperties, ActivatedJob> service,
      final BrokerJobStreamer jobStreamer) {
    this.cluster = cluster;
    this.control = control;
    this.service = service;
    this.jobStreamer = jobStreamer;
  }

  /**
   * Starts the stream server and subscribes it to membership changes (a new member is asked to
   * re-register its streams, a removed member's streams are dropped). Blocks until started.
   *
   * @param localWriters writers of the partitions hosted here, to yield jobs whose push failed
   * @param jobNotifications whether jobs that become activatable are announced to the gateways
   */
  public static JobStreamService start(
      final AtomixCluster cluster,
      final ActorSchedulingService scheduler,
      final Map<Integer, LogStreamWriter> localWriters,
      final boolean jobNotifications) {
    final var control = new StreamControlActor();
    scheduler.submitActor(control).join();
    final RemoteStreamService<JobActivationProperties, ActivatedJob> service =
        new TransportFactory(scheduler)
            .createRemoteStreamServer(
                cluster.getCommunicationService(),
                JobStreamService::readActivationProperties,
                new YieldingPushErrorHandler(localWriters),
                RemoteStreamMetrics.noop());
    final var streamer = control.callOnActor(ready -> service.start(scheduler, ready)).join();
    cluster.getMembershipService().addListener(service);
    return new JobStreamService(
        cluster,
        control,
        service,
        new BrokerJobStreamer(cluster.getEventService(), streamer, jobNotifications));
  }

  /** The streamer to hand to the engine. */
  public JobStreamer jobStreamer() {
    return jobStreamer;
  }

  /** The job types for which some gateway has registered a stream (for tests and diagnostics). */
  public Set<String> streamedJobTypes() {
    return service.streams().stream()
        .filter(stream -> !stream.consumers().isEmpty())
        .map(stream -> BufferUtil.bufferAsString(stream.streamType()))
        .collect(Collectors.toUnmodifiableSet());
  }

  /**
   * Reads the properties a gateway sent with its stream registration. The registry keeps them for
   * the life of the stream, but the buffer belongs to the transport: read from a private copy.
   */
  static JobActivationProperties readActivationProperties(final DirectBuffer buffer) {
    final var properties = new JobActivationPropertiesImpl();
    properties.wrap(BufferUtil.cloneBuffer(buffer));
    return properties;
  }

  @Override
  public void close() {
    cluster.getMembershipService().removeListener(service);
    control.callOnActor(service::closeAsync).join();
    control.closeAsync().join();
  }
}

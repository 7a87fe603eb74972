package io.gatefork.broker.dev.commandapi;

import io.atomix.cluster.messaging.MessagingService;
import io.camunda.zeebe.logstreams.log.LogStreamWriter;
import io.camunda.zeebe.protocol.record.ErrorCode;
import io.camunda.zeebe.scheduler.ActorSchedulingService;
import io.camunda.zeebe.stream.api.CommandResponseWriter;
import io.camunda.zeebe.transport.RequestType;
import io.camunda.zeebe.transport.ServerTransport;
import io.camunda.zeebe.transport.TransportFactory;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.agrona.concurrent.SnowflakeIdGenerator;

/**
 * The broker's command API: the zeebe-transport server on the Atomix messaging service, which
 * receives requests on the topics {@code command-api-<partition>} exactly as a real broker does.
 *
 * <p>Create it before the stream processors (they need its response writers), and {@link #serve}
 * each partition once its stream processor is open.
 */
public final class CommandApiServer implements AutoCloseable {

  private final ServerTransport transport;
  private final CommandApiObserver observer;
  private final Map<Integer, CommandRequestHandler> handlers = new ConcurrentHashMap<>();

  public CommandApiServer(
      final ActorSchedulingService scheduler,
      final MessagingService messagingService,
      final int nodeId,
      final CommandApiObserver observer) {
    this.observer = observer;
    transport =
        new TransportFactory(scheduler)
            .createServerTransport(messagingService, new SnowflakeIdGenerator(nodeId));
  }

  /** A response writer for one partition's stream processor (one writer per partition). */
  public CommandResponseWriter newResponseWriter() {
    return new SbeCommandResponseWriter(transport);
  }

  /** Starts accepting commands for the partition; blocks until the topic is subscribed. */
  public void serve(final int partitionId, final LogStreamWriter writer) {
    final var handler = new CommandRequestHandler(writer, observer);
    handlers.put(partitionId, handler);
    transport.subscribe(partitionId, RequestType.COMMAND, handler).join();
  }

  /**
   * Stops leading the partition, as a broker that lost leadership: every request from now on, and
   * every one still queued, is answered {@code PARTITION_LEADER_MISMATCH}, so gateways retry at the
   * new leader. The topic stays subscribed: without a handler, requests would only time out.
   */
  public void stopLeading(final int partitionId) {
    final CommandRequestHandler handler = handlers.get(partitionId);
    if (handler != null) {
      handler.stopLeading();
    }
  }

  /**
   * Answers a request already written to the log, which the partition will never process (it
   * stepped down), with {@code PARTITION_LEADER_MISMATCH}.
   */
  public void refuseUnprocessed(final int partitionId, final long requestId) {
    // a fresh encoder: this runs on the step-down thread, not the transport's
    new ErrorResponses()
        .send(
            transport,
            partitionId,
            requestId,
            ErrorCode.PARTITION_LEADER_MISMATCH,
            CommandRequestHandler.notLeader(partitionId));
  }

  @Override
  public void close() throws Exception {
    transport.close();
  }
}

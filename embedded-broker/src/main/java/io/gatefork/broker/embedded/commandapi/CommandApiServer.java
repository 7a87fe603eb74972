package io.gatefork.broker.embedded.commandapi;

import io.atomix.cluster.messaging.MessagingService;
import io.camunda.zeebe.logstreams.log.LogStreamWriter;
import io.camunda.zeebe.scheduler.ActorSchedulingService;
import io.camunda.zeebe.stream.api.CommandResponseWriter;
import io.camunda.zeebe.transport.RequestType;
import io.camunda.zeebe.transport.ServerTransport;
import io.camunda.zeebe.transport.TransportFactory;
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
    transport
        .subscribe(partitionId, RequestType.COMMAND, new CommandRequestHandler(writer, observer))
        .join();
  }

  @Override
  public void close() throws Exception {
    transport.close();
  }
}

package io.gatefork.service.job;

import io.camunda.zeebe.msgpack.value.StringValue;
import io.camunda.zeebe.protocol.impl.stream.job.JobActivationPropertiesImpl;
import io.camunda.zeebe.util.buffer.BufferUtil;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.jobs.JobStreamClient;
import io.gatefork.service.RequestContext;
import io.gatefork.service.auth.Caller;
import io.gatefork.service.auth.TenantAccess;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.validation.FieldRules;
import io.gatefork.service.validation.JobTypeRules;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import org.agrona.DirectBuffer;

/**
 * Job streams over the broker client's {@link JobStreamClient}. Each pushed job costs one hop from
 * the stream actor onto the API executor, where it is read and handed to the observer. With a
 * {@link StreamCatchUp}, a new stream also gets the jobs already waiting for it.
 */
public final class BrokerJobStreamServices implements JobStreamServices {
  private final JobStreamClient streams;
  private final Executor executor;
  private final StreamCatchUp catchUp; // null: none (stock)

  /** Without catching up (stock). */
  public BrokerJobStreamServices(final BrokerClient brokerClient, final Executor executor) {
    this(brokerClient.jobStreams(), executor);
  }

  /** Without catching up (stock). */
  public BrokerJobStreamServices(final JobStreamClient streams, final Executor executor) {
    this(streams, executor, null, 0);
  }

  /**
   * @param jobs activates the jobs a new stream catches up on
   * @param catchUpJobs how many at most; 0: none (stock)
   */
  public BrokerJobStreamServices(
      final JobStreamClient streams,
      final Executor executor,
      final JobServices jobs,
      final int catchUpJobs) {
    this.streams = Objects.requireNonNull(streams, "streams");
    this.executor = Objects.requireNonNull(executor, "executor");
    if (catchUpJobs < 0) {
      throw new IllegalArgumentException(
          "catchUpJobs must not be negative, but was " + catchUpJobs);
    }
    catchUp =
        catchUpJobs == 0
            ? null
            : new StreamCatchUp(Objects.requireNonNull(jobs, "jobs"), catchUpJobs);
  }

  @Override
  public OpenJobStream open(
      final RequestContext context, final StreamJobs command, final JobStreamObserver observer) {
    final JobActivationPropertiesImpl properties;
    try {
      properties = toProperties(command, context.caller());
    } catch (final ServiceException e) {
      return OpenJobStream.failed(e);
    }
    final var stream =
        new PushedJobStream(
            streams, command.type(), properties, observer, executor, context.timing().span());
    if (catchUp != null) {
      stream.registered().thenRunAsync(() -> catchUp.catchUp(context, command, stream), executor);
    }
    return stream;
  }

  static JobActivationPropertiesImpl toProperties(final StreamJobs command, final Caller caller) {
    JobTypeRules.check("type", command == null ? null : command.type());
    FieldRules.requirePositive("timeout", command.timeoutMillis());
    final var fetchVariables = new ArrayList<StringValue>();
    for (final String name : FieldRules.names("fetchVariables", command.fetchVariables())) {
      fetchVariables.add(new StringValue(name));
    }
    final List<String> tenantIds =
        TenantAccess.activationTenants(caller, FieldRules.names("tenantIds", command.tenantIds()));
    final DirectBuffer worker =
        BufferUtil.wrapString(command.worker() == null ? "" : command.worker());
    return new JobActivationPropertiesImpl()
        .setWorker(worker, 0, worker.capacity())
        .setTimeout(command.timeoutMillis())
        .setFetchVariables(fetchVariables)
        // without the tenant of a job the engine never picks this stream for it
        .setTenantIds(tenantIds)
        // the broker activates pushed jobs on behalf of this caller
        .setClaims(caller.brokerClaims());
  }
}

package io.gatefork.service.job;

import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.util.buffer.BufferUtil;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.service.ApiServices;
import io.gatefork.service.RequestContext;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.validation.FieldRules;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.agrona.DirectBuffer;

/**
 * Job activation (with long polling; for REST, in {@code stream} mode, served from job streams) and
 * the commands on one job.
 */
public final class BrokerJobServices extends ApiServices implements JobServices, AutoCloseable {
  private final LongPollingJobs longPolling;
  private final boolean ownsLongPolling;
  private final JobActivation restActivation; // chosen once: long polling or job streams over it
  private final StreamedActivations restStreams; // null in poll mode; closed with these services

  /** With its own long polling, closed with these services; REST activations long-poll. */
  public BrokerJobServices(
      final BrokerClient brokerClient,
      final Executor executor,
      final LongPollingConfig longPolling) {
    this(
        brokerClient,
        executor,
        new LongPollingJobs(brokerClient, executor, longPolling),
        true,
        null,
        null);
  }

  /**
   * With its own long polling and, when REST activations are served from job streams, its own
   * streams, all closed with these services.
   */
  public BrokerJobServices(
      final BrokerClient brokerClient,
      final Executor executor,
      final LongPollingConfig longPolling,
      final RestActivationConfig restActivation,
      final MeterRegistry registry) {
    this(
        brokerClient,
        executor,
        new LongPollingJobs(brokerClient, executor, longPolling),
        true,
        restActivation,
        registry);
  }

  /** With a long-polling instance the caller also closes. */
  public BrokerJobServices(
      final BrokerClient brokerClient, final Executor executor, final LongPollingJobs longPolling) {
    this(brokerClient, executor, longPolling, false, null, null);
  }

  /**
   * @param restActivation null, or in poll mode: REST activations long-poll as gRPC's do
   */
  private BrokerJobServices(
      final BrokerClient brokerClient,
      final Executor executor,
      final LongPollingJobs longPolling,
      final boolean ownsLongPolling,
      final RestActivationConfig restActivation,
      final MeterRegistry registry) {
    super(brokerClient, executor);
    this.longPolling = Objects.requireNonNull(longPolling, "longPolling");
    this.ownsLongPolling = ownsLongPolling;
    restStreams =
        restActivation != null && restActivation.mode() == RestActivationMode.STREAM
            ? new StreamedActivations(
                longPolling, brokerClient.jobStreams(), executor, restActivation, registry)
            : null;
    this.restActivation = restStreams != null ? restStreams : longPolling;
  }

  @Override
  public CompletableFuture<List<ActivatedJob>> activate(
      final RequestContext context, final ActivateJobs command) {
    return longPolling.activate(context, command);
  }

  @Override
  public CompletableFuture<List<ActivatedJob>> activateForRest(
      final RequestContext context, final ActivateJobs command) {
    return restActivation.activate(context, command);
  }

  /** Long polls (REST and gRPC) waiting for jobs of the type now. */
  public int parkedLongPolls(final String type) {
    return longPolling.parkedRequests(type);
  }

  @Override
  public void giveBack(final List<ActivatedJob> jobs) {
    longPolling.giveBack(jobs);
  }

  @Override
  public int drainLongPolls() {
    return longPolling.drain();
  }

  @Override
  public CompletableFuture<Void> complete(
      final RequestContext context, final long jobKey, final JsonDocument variables) {
    return complete(context, jobKey, variables, null);
  }

  @Override
  public CompletableFuture<Void> complete(
      final RequestContext context,
      final long jobKey,
      final JsonDocument variables,
      final JobCompletionResult result) {
    final JobRecord record;
    try {
      FieldRules.requireKey("jobKey", jobKey);
      record = withVariables(new JobRecord(), variables);
      if (result != null) {
        record.setResult(JobResultRecords.toRecord(result));
      }
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, BrokerRequests.completeJob(jobKey, record), answer -> null);
  }

  @Override
  public CompletableFuture<Void> fail(
      final RequestContext context,
      final long jobKey,
      final int retries,
      final String errorMessage,
      final long retryBackOffMillis,
      final JsonDocument variables) {
    final JobRecord record;
    try {
      FieldRules.requireKey("jobKey", jobKey);
      FieldRules.notNegative("retries", retries);
      FieldRules.notNegative("retryBackOff", retryBackOffMillis);
      record = withVariables(new JobRecord(), variables);
      record.setRetries(retries);
      record.setRetryBackoff(retryBackOffMillis);
      record.setErrorMessage(errorMessage == null ? "" : errorMessage);
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, BrokerRequests.failJob(jobKey, record), answer -> null);
  }

  @Override
  public CompletableFuture<Void> throwError(
      final RequestContext context, final ThrowJobError command) {
    final long jobKey = command.jobKey();
    final JobRecord record;
    try {
      FieldRules.requireKey("jobKey", jobKey);
      record = withVariables(new JobRecord(), command.variables());
      // the command checked its error code
      record.setErrorCode(BufferUtil.wrapString(command.errorCode()));
      record.setErrorMessage(command.errorMessage() == null ? "" : command.errorMessage());
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, BrokerRequests.throwError(jobKey, record), answer -> null);
  }

  @Override
  public CompletableFuture<Void> updateRetries(
      final RequestContext context,
      final long jobKey,
      final int retries,
      final Long operationReference) {
    final BrokerRequest<JobRecord> request;
    try {
      FieldRules.requireKey("jobKey", jobKey);
      FieldRules.requirePositive("retries", retries);
      final var record = new JobRecord();
      record.setRetries(retries);
      request =
          withOperationReference(
              BrokerRequests.updateJobRetries(jobKey, record), operationReference);
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, answer -> null);
  }

  @Override
  public CompletableFuture<Void> updateTimeout(
      final RequestContext context,
      final long jobKey,
      final long timeoutMillis,
      final Long operationReference) {
    final BrokerRequest<JobRecord> request;
    try {
      FieldRules.requireKey("jobKey", jobKey);
      // any value is accepted, as by the engine: the new deadline is now + timeout
      final var record = new JobRecord();
      record.setTimeout(timeoutMillis);
      request =
          withOperationReference(
              BrokerRequests.updateJobTimeout(jobKey, record), operationReference);
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, answer -> null);
  }

  @Override
  public CompletableFuture<Void> update(
      final RequestContext context,
      final long jobKey,
      final JobChangeset changeset,
      final Long operationReference) {
    final BrokerRequest<JobRecord> request;
    try {
      FieldRules.requireKey("jobKey", jobKey);
      if (changeset == null || changeset.isEmpty()) {
        throw FieldRules.noneOf("changeset.retries, changeset.timeout");
      }
      final var record = new JobRecord();
      // the engine applies exactly the attributes named here
      final Set<String> changed = new HashSet<>(2);
      if (changeset.retries() != null) {
        record.setRetries(changeset.retries());
        changed.add(JobRecord.RETRIES);
      }
      if (changeset.timeoutMillis() != null) {
        record.setTimeout(changeset.timeoutMillis());
        changed.add(JobRecord.TIMEOUT);
      }
      record.setChangedAttributes(changed);
      request =
          withOperationReference(BrokerRequests.updateJob(jobKey, record), operationReference);
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, answer -> null);
  }

  private static JobRecord withVariables(final JobRecord record, final JsonDocument document) {
    final DirectBuffer variables = JsonDocument.bufferOf(document);
    if (variables != null) {
      record.setVariables(variables);
    }
    return record;
  }

  @Override
  public void close() {
    if (restStreams != null) {
      restStreams.close();
    }
    if (ownsLongPolling) {
      longPolling.close();
    }
  }
}

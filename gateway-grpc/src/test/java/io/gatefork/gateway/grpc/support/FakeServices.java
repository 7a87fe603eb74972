package io.gatefork.gateway.grpc.support;

import io.gatefork.gateway.grpc.endpoint.GatewayServices;
import io.gatefork.service.RequestContext;
import io.gatefork.service.decision.DecisionEvaluationResult;
import io.gatefork.service.decision.DecisionServices;
import io.gatefork.service.decision.EvaluateDecision;
import io.gatefork.service.deployment.DeployResources;
import io.gatefork.service.deployment.DeploymentResult;
import io.gatefork.service.deployment.DeploymentServices;
import io.gatefork.service.job.ActivateJobs;
import io.gatefork.service.job.ActivatedJob;
import io.gatefork.service.job.JobChangeset;
import io.gatefork.service.job.JobCompletionResult;
import io.gatefork.service.incident.IncidentServices;
import io.gatefork.service.job.JobServices;
import io.gatefork.service.job.JobStreamObserver;
import io.gatefork.service.job.JobStreamServices;
import io.gatefork.service.job.OpenJobStream;
import io.gatefork.service.job.StreamJobs;
import io.gatefork.service.message.CorrelateMessage;
import io.gatefork.service.message.MessageCorrelated;
import io.gatefork.service.message.MessagePublished;
import io.gatefork.service.message.MessageServices;
import io.gatefork.service.message.PublishMessage;
import io.gatefork.service.processinstance.CreateProcessInstance;
import io.gatefork.service.processinstance.MigrateProcessInstance;
import io.gatefork.service.processinstance.ModifyProcessInstance;
import io.gatefork.service.processinstance.ProcessInstanceCreated;
import io.gatefork.service.processinstance.ProcessInstanceResult;
import io.gatefork.service.processinstance.ProcessInstanceServices;
import io.gatefork.service.resource.FetchedResource;
import io.gatefork.service.resource.ResourceServices;
import io.gatefork.service.signal.BroadcastSignal;
import io.gatefork.service.signal.SignalBroadcasted;
import io.gatefork.service.signal.SignalServices;
import io.gatefork.service.topology.ClusterTopology;
import io.gatefork.service.topology.TopologyServices;
import io.gatefork.service.variable.SetVariables;
import io.gatefork.service.variable.VariableServices;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * All services in one fake: records what it was called with and answers with canned
 * results, completing on its own "API executor" thread like the real services do.
 */
public final class FakeServices
    implements TopologyServices,
        DeploymentServices,
        ProcessInstanceServices,
        JobServices,
        MessageServices,
        JobStreamServices,
        SignalServices,
        VariableServices,
        IncidentServices,
        DecisionServices,
        ResourceServices,
        AutoCloseable {

  public final AtomicInteger calls = new AtomicInteger();
  private final ExecutorService apiExecutor =
      Executors.newSingleThreadExecutor(r -> new Thread(r, "fake-api-executor"));

  /** When set, every asynchronous service call fails with it. */
  public volatile Throwable failure;

  public volatile ClusterTopology topology =
      new ClusterTopology(List.of(), 0, 0, 0, "8.8.0", null);
  public volatile DeploymentResult deploymentResult;
  public volatile ProcessInstanceCreated created;
  public volatile ProcessInstanceResult completed;
  public volatile List<ActivatedJob> jobs = List.of();
  /** When set, {@link #activate} returns this future instead of {@link #jobs}. */
  public volatile CompletableFuture<List<ActivatedJob>> activation;
  public volatile MessagePublished published;
  public volatile DecisionEvaluationResult evaluated;
  public volatile SignalBroadcasted broadcasted;
  public volatile long variablesKey;
  public volatile MessageCorrelated correlated;
  public volatile FetchedResource fetched;

  // what the last call carried
  public volatile String lastCallerThread;
  public volatile RequestContext lastContext;
  public volatile DeployResources lastDeploy;
  public volatile CreateProcessInstance lastCreate;
  public volatile Duration lastRequestTimeout;
  public volatile List<String> lastFetchVariables;
  public volatile long lastKey;
  public volatile Long lastOperationReference;
  public volatile ActivateJobs lastActivate;
  public volatile String lastVariables;
  public volatile JobCompletionResult lastJobResult;
  public volatile JobChangeset lastChangeset;
  public volatile CorrelateMessage lastCorrelate;
  public volatile int lastRetries;
  public volatile String lastErrorMessage;
  public volatile long lastRetryBackOff;
  public volatile String lastErrorCode;
  public volatile PublishMessage lastPublish;
  public volatile ModifyProcessInstance lastModify;
  public volatile MigrateProcessInstance lastMigrate;
  public volatile long lastTimeout;
  public volatile EvaluateDecision lastEvaluate;
  public volatile SetVariables lastSetVariables;
  public volatile BroadcastSignal lastBroadcast;
  public volatile StreamJobs lastStream;
  /** The observer of the last opened job stream: push jobs into it as the service would. */
  public volatile JobStreamObserver streamObserver;
  public volatile FakeJobStream lastJobStream;

  public GatewayServices services() {
    return new GatewayServices(this, this, this, this, this, this, this, this, this, this, this);
  }

  @Override
  public ClusterTopology topology() {
    calls.incrementAndGet();
    return topology;
  }

  @Override
  public boolean isClusterReachable() {
    return true;
  }

  @Override
  public CompletableFuture<DeploymentResult> deploy(
      final RequestContext context, final DeployResources command) {
    called(context);
    lastDeploy = command;
    return answer(context, deploymentResult);
  }

  @Override
  public CompletableFuture<ProcessInstanceCreated> create(
      final RequestContext context, final CreateProcessInstance command) {
    called(context);
    lastCreate = command;
    return answer(context, created);
  }

  @Override
  public CompletableFuture<ProcessInstanceResult> createWithResult(
      final RequestContext context,
      final CreateProcessInstance command,
      final Duration requestTimeout,
      final List<String> fetchVariables) {
    called(context);
    lastCreate = command;
    lastRequestTimeout = requestTimeout;
    lastFetchVariables = fetchVariables;
    return answer(context, completed);
  }

  @Override
  public CompletableFuture<Void> cancel(
      final RequestContext context, final long processInstanceKey, final Long operationReference) {
    called(context);
    lastKey = processInstanceKey;
    lastOperationReference = operationReference;
    return answer(context, null);
  }

  @Override
  public CompletableFuture<List<ActivatedJob>> activate(
      final RequestContext context, final ActivateJobs command) {
    called(context);
    lastActivate = command;
    final var pending = activation;
    return pending != null ? pending : answer(context, jobs);
  }

  @Override
  public CompletableFuture<Void> complete(
      final RequestContext context, final long jobKey, final String variablesJson) {
    return complete(context, jobKey, variablesJson, null);
  }

  @Override
  public CompletableFuture<Void> complete(
      final RequestContext context,
      final long jobKey,
      final String variablesJson,
      final JobCompletionResult result) {
    called(context);
    lastKey = jobKey;
    lastVariables = variablesJson;
    lastJobResult = result;
    return answer(context, null);
  }

  @Override
  public CompletableFuture<Void> update(
      final RequestContext context,
      final long jobKey,
      final JobChangeset changeset,
      final Long operationReference) {
    called(context);
    lastKey = jobKey;
    lastChangeset = changeset;
    lastOperationReference = operationReference;
    return answer(context, null);
  }

  @Override
  public CompletableFuture<Void> fail(
      final RequestContext context,
      final long jobKey,
      final int retries,
      final String errorMessage,
      final long retryBackOffMillis,
      final String variablesJson) {
    called(context);
    lastKey = jobKey;
    lastRetries = retries;
    lastErrorMessage = errorMessage;
    lastRetryBackOff = retryBackOffMillis;
    lastVariables = variablesJson;
    return answer(context, null);
  }

  @Override
  public CompletableFuture<Void> throwError(
      final RequestContext context,
      final long jobKey,
      final String errorCode,
      final String errorMessage,
      final String variablesJson) {
    called(context);
    lastKey = jobKey;
    lastErrorCode = errorCode;
    lastErrorMessage = errorMessage;
    lastVariables = variablesJson;
    return answer(context, null);
  }

  @Override
  public CompletableFuture<MessagePublished> publish(
      final RequestContext context, final PublishMessage command) {
    called(context);
    lastPublish = command;
    return answer(context, published);
  }

  @Override
  public CompletableFuture<MessageCorrelated> correlate(
      final RequestContext context, final CorrelateMessage command) {
    called(context);
    lastCorrelate = command;
    return answer(context, correlated);
  }

  @Override
  public CompletableFuture<Void> modify(
      final RequestContext context, final ModifyProcessInstance command) {
    called(context);
    lastModify = command;
    return answer(context, null);
  }

  @Override
  public CompletableFuture<Void> migrate(
      final RequestContext context, final MigrateProcessInstance command) {
    called(context);
    lastMigrate = command;
    return answer(context, null);
  }

  @Override
  public CompletableFuture<Void> updateRetries(
      final RequestContext context, final long jobKey, final int retries,
      final Long operationReference) {
    called(context);
    lastKey = jobKey;
    lastRetries = retries;
    lastOperationReference = operationReference;
    return answer(context, null);
  }

  @Override
  public CompletableFuture<Void> updateTimeout(
      final RequestContext context, final long jobKey, final long timeoutMillis,
      final Long operationReference) {
    called(context);
    lastKey = jobKey;
    lastTimeout = timeoutMillis;
    lastOperationReference = operationReference;
    return answer(context, null);
  }

  @Override
  public OpenJobStream open(
      final RequestContext context, final StreamJobs command, final JobStreamObserver observer) {
    called(context);
    lastStream = command;
    streamObserver = observer;
    final var stream = new FakeJobStream(failure);
    lastJobStream = stream;
    return stream;
  }

  @Override
  public CompletableFuture<SignalBroadcasted> broadcast(
      final RequestContext context, final BroadcastSignal command) {
    called(context);
    lastBroadcast = command;
    return answer(context, broadcasted);
  }

  @Override
  public CompletableFuture<Long> setVariables(
      final RequestContext context, final SetVariables command) {
    called(context);
    lastSetVariables = command;
    return answer(context, variablesKey);
  }

  @Override
  public CompletableFuture<Void> resolve(
      final RequestContext context, final long incidentKey, final Long operationReference) {
    called(context);
    lastKey = incidentKey;
    lastOperationReference = operationReference;
    return answer(context, null);
  }

  @Override
  public CompletableFuture<DecisionEvaluationResult> evaluate(
      final RequestContext context, final EvaluateDecision command) {
    called(context);
    lastEvaluate = command;
    return answer(context, evaluated);
  }

  @Override
  public CompletableFuture<Void> delete(
      final RequestContext context, final long resourceKey, final Long operationReference) {
    called(context);
    lastKey = resourceKey;
    lastOperationReference = operationReference;
    return answer(context, null);
  }

  @Override
  public CompletableFuture<FetchedResource> fetch(
      final RequestContext context, final long resourceKey) {
    called(context);
    lastKey = resourceKey;
    return answer(context, fetched);
  }

  @Override
  public void close() {
    apiExecutor.shutdownNow();
  }

  /** A job stream that is registered at once (or fails with the fake's failure). */
  public static final class FakeJobStream implements OpenJobStream {
    public final AtomicInteger closed = new AtomicInteger();
    private final CompletableFuture<Void> registered;

    FakeJobStream(final Throwable failure) {
      registered = failure == null
          ? CompletableFuture.completedFuture(null)
          : CompletableFuture.failedFuture(failure);
    }

    @Override
    public CompletableFuture<Void> registered() {
      return registered;
    }

    @Override
    public void close() {
      closed.incrementAndGet();
    }
  }

  private void called(final RequestContext context) {
    calls.incrementAndGet();
    lastContext = context;
    lastCallerThread = Thread.currentThread().getName();
  }

  /** Marks the service-side stages on the call's timing, as the real services do. */
  private <T> CompletableFuture<T> answer(final RequestContext context, final T value) {
    final Throwable error = failure;
    final var timing = context.timing();
    timing.dispatched();
    return CompletableFuture.supplyAsync(
        () -> {
          timing.responseReceived();
          timing.handlingStarted();
          timing.resultReady();
          if (error != null) {
            throw error instanceof final RuntimeException runtime
                ? runtime
                : new IllegalStateException(error);
          }
          return value;
        },
        apiExecutor);
  }
}

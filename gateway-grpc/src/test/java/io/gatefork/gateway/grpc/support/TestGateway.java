package io.gatefork.gateway.grpc.support;

import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.JobResult;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.gateway.grpc.endpoint.GatewayServices;
import io.gatefork.gateway.grpc.server.GrpcExecutorMode;
import io.gatefork.gateway.grpc.server.GrpcGatewayServer;
import io.gatefork.gateway.grpc.server.GrpcServerConfig;
import io.gatefork.service.decision.BrokerDecisionServices;
import io.gatefork.service.deployment.BrokerDeploymentServices;
import io.gatefork.service.incident.BrokerIncidentServices;
import io.gatefork.service.job.BrokerJobServices;
import io.gatefork.service.job.BrokerJobStreamServices;
import io.gatefork.service.message.BrokerMessageServices;
import io.gatefork.service.processinstance.BrokerProcessInstanceServices;
import io.gatefork.service.resource.BrokerResourceServices;
import io.gatefork.service.signal.BrokerSignalServices;
import io.gatefork.service.stage.StageMetrics;
import io.gatefork.service.testing.FakeServices;
import io.gatefork.service.testing.FakeTopologyServices;
import io.gatefork.service.testing.TestSettings;
import io.gatefork.service.topology.BrokerTopologyServices;
import io.gatefork.service.variable.BrokerVariableServices;
import io.grpc.ManagedChannel;
import io.grpc.netty.NettyChannelBuilder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A real gateway server on 127.0.0.1 (ephemeral port) over the shared service fakes, and a client.
 * The fakes answer on their own "API executor" thread, marking the service-side stages, like the
 * real services; every call succeeds by default (see {@link #resetFakes()}).
 */
public final class TestGateway implements AutoCloseable {
  private static final String API_EXECUTOR_THREAD = "fake-api-executor";

  public final FakeServices fakes = new FakeServices();
  public final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  public final GrpcGatewayServer server;
  public final ManagedChannel channel;
  private final ExecutorService apiExecutor =
      Executors.newSingleThreadExecutor(r -> new Thread(r, API_EXECUTOR_THREAD));

  public TestGateway() {
    this(config().build());
  }

  /** Bound to 127.0.0.1 on an ephemeral port, with a short shutdown grace, whatever config says. */
  public TestGateway(final GrpcServerConfig config) {
    this(config, null);
  }

  private TestGateway(final GrpcServerConfig config, final BrokerClient broker) {
    fakes.delivery.answerOn(apiExecutor);
    succeedByDefault(fakes);
    server =
        new GrpcGatewayServer(
                config.toBuilder()
                    .address("127.0.0.1", 0)
                    .shutdownGrace(Duration.ofMillis(200))
                    .build(),
                broker == null ? services(fakes) : services(broker, apiExecutor),
                registry,
                new StageMetrics(registry))
            .start();
    channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
  }

  /**
   * A gateway over the real services on {@code broker}: the services apply the field rules, so a
   * request they refuse never shows up in {@code broker.sent()}.
   */
  public static TestGateway overBroker(final BrokerClient broker) {
    return new TestGateway(config().build(), broker);
  }

  /** The real services, sending to {@code broker} and answering on {@code executor}. */
  public static GatewayServices services(final BrokerClient broker, final Executor executor) {
    return new GatewayServices(
        new BrokerTopologyServices(broker),
        new BrokerDeploymentServices(broker, executor),
        new BrokerProcessInstanceServices(broker, executor),
        new BrokerJobServices(broker, executor, TestSettings.longPolling()),
        new BrokerJobStreamServices(broker, executor),
        new BrokerMessageServices(broker, executor),
        new BrokerSignalServices(broker, executor),
        new BrokerVariableServices(broker, executor),
        new BrokerIncidentServices(broker, executor),
        new BrokerDecisionServices(broker, executor),
        new BrokerResourceServices(broker, executor));
  }

  /** The services the gRPC endpoint calls, all fakes. */
  public static GatewayServices services(final FakeServices fakes) {
    return new GatewayServices(
        fakes.topology,
        fakes.deployment,
        fakes.processInstances,
        fakes.jobs,
        fakes.jobStreams,
        fakes.messages,
        fakes.signals.service(),
        fakes.variables.service(),
        fakes.incidents.service(),
        fakes.decisions.service(),
        fakes.resources.service());
  }

  /**
   * Forgets the calls and scripts the defaults again: every call succeeds, with an empty topology,
   * no jobs, variables key 0, registered job streams, and null for every other result.
   */
  public void resetFakes() {
    fakes.reset();
    succeedByDefault(fakes);
  }

  private static void succeedByDefault(final FakeServices fakes) {
    fakes.topology.topology(FakeTopologyServices.EMPTY);
    fakes.deployment.deploy.succeedWith(null);
    fakes.processInstances.create.succeedWith(null);
    fakes.processInstances.createWithResult.succeedWith(null);
    fakes.processInstances.cancel.succeedWith(null);
    fakes.processInstances.modify.succeedWith(null);
    fakes.processInstances.migrate.succeedWith(null);
    fakes.jobs.activate.succeedWith(List.of());
    fakes.jobs.complete.succeedWith(null);
    fakes.jobs.fail.succeedWith(null);
    fakes.jobs.throwError.succeedWith(null);
    fakes.jobs.update.succeedWith(null);
    fakes.jobs.updateRetries.succeedWith(null);
    fakes.jobs.updateTimeout.succeedWith(null);
    fakes.jobStreams.open.succeedWith(null);
    fakes.messages.publish.succeedWith(null);
    fakes.messages.correlate.succeedWith(null);
    fakes.signals.succeedAll(method -> null);
    fakes.incidents.succeedAll(method -> null);
    fakes.decisions.succeedAll(method -> null);
    fakes.resources.succeedAll(method -> null);
    fakes.variables.succeedAll(method -> 0L);
  }

  /**
   * A completion the gateway refuses before any service is called: a job-result type gRPC does not
   * know. For tests that need a call rejected at the edge.
   */
  public static CompleteJobRequest completionRefusedAtTheEdge() {
    return CompleteJobRequest.newBuilder()
        .setJobKey(1)
        .setResult(JobResult.newBuilder().setType("serviceTask"))
        .build();
  }

  /**
   * The shipped settings (dist binds them from configuration; this module has no defaults): the
   * stock gateway's network values and the direct executor.
   */
  public static GrpcServerConfig.Builder config() {
    return GrpcServerConfig.builder()
        .address("0.0.0.0", 26500)
        .minKeepAliveInterval(Duration.ofSeconds(30))
        .maxMessageSize(4 * 1024 * 1024)
        .executor(GrpcExecutorMode.DIRECT, 0, 64)
        .shutdownGrace(Duration.ofSeconds(30))
        .maxConnectionAge(Duration.ofMinutes(5), Duration.ZERO)
        .perConnectionLimits(1_000, 1_000, Duration.ofSeconds(10))
        .maxConnectionsPerAddress(4_096);
  }

  public GatewayGrpc.GatewayBlockingStub client() {
    return GatewayGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS);
  }

  public GatewayGrpc.GatewayStub asyncClient() {
    return GatewayGrpc.newStub(channel);
  }

  @Override
  public void close() throws InterruptedException {
    channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    server.close();
    apiExecutor.shutdownNow();
  }
}

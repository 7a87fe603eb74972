package io.gatefork.gateway.app.config;

import io.gatefork.broker.client.ResourceExhaustedRetry;
import io.gatefork.gateway.grpc.server.GrpcExecutorMode;
import io.gatefork.service.executor.ApiExecutorStrategy;
import io.gatefork.service.job.RestActivationMode;
import io.gatefork.service.overload.CallerPartition;
import io.gatefork.service.overload.LimitAlgorithm;
import io.gatefork.service.overload.OverloadLimit;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * gatefork's own settings under {@code gatefork.*}: the switches that restore stock behaviour for
 * A/B runs and rollback, and the settings stock does not have. (The path-matching switch is
 * Spring's own {@code spring.mvc.pathmatch.matching-strategy}; documents and authentication have
 * their own records; the development broker's {@code gatefork.embedded-broker.*} are bound by
 * {@code dev-broker}'s {@code EmbeddedBrokerProperties}, where they take effect.)
 *
 * @param api the API executor's strategy
 * @param retry the partition retry of process-instance creation
 * @param grpc the gRPC server's executor, shutdown, connection age and per-connection limits
 * @param longPolling the cap of waiting job activations
 * @param jobs how REST job activations wait for jobs
 * @param overload admission of requests at the gateway's edge
 * @param readiness when a starting gateway reports ready
 */
@ConfigurationProperties("gatefork")
public record GateforkProperties(
    @DefaultValue Api api,
    @DefaultValue Retry retry,
    @DefaultValue Grpc grpc,
    @DefaultValue LongPolling longPolling,
    @DefaultValue Jobs jobs,
    @DefaultValue Overload overload,
    @DefaultValue Readiness readiness) {

  /**
   * @param executorStrategy where broker responses are handled: {@code dedicated} (a bounded pool
   *     sized by {@code camunda.api.rest.executor.*}), {@code common-pool} (stock: the common
   *     ForkJoinPool) or {@code direct} (on the transport thread)
   */
  public record Api(@DefaultValue("dedicated") ApiExecutorStrategy executorStrategy) {}

  /**
   * @param resourceExhausted what process-instance creation does when a partition answers
   *     RESOURCE_EXHAUSTED: {@code fail-fast} (answer at once, upstream #43679) or {@code
   *     next-partition} (stock: try the next partition)
   */
  public record Retry(@DefaultValue("fail-fast") ResourceExhaustedRetry resourceExhausted) {}

  /**
   * gatefork's additions to the gRPC server ({@code zeebe.gateway.network.*} has the stock ones).
   *
   * @param executorMode where call handlers run: {@code direct} (on the Netty event loop that read
   *     the call; handlers never block) or {@code pooled} (a bounded pool, for A/B measurements;
   *     grpc-java's own default is an unbounded one)
   * @param poolThreads threads of the pooled executor; 0 means the available processors (the CPU
   *     quota)
   * @param poolQueueCapacity calls waiting for a pooled thread; beyond it the event loop runs the
   *     call itself
   * @param shutdownGrace how long running calls (long polls) may finish on shutdown before they are
   *     cancelled
   * @param maxConnectionAge how long a client connection serves new calls before the gateway sends
   *     it a GOAWAY (plus or minus a tenth, at random), so that clients reconnect and gateways
   *     added behind a load balancer get their share; 0 keeps connections as long as the clients do
   *     (stock)
   * @param maxConnectionAgeGrace how long calls running at that GOAWAY (long polls, job streams)
   *     may go on before the connection is closed; 0: until they end (grpc-java's default), so a
   *     job stream keeps its connection and its worker misses no job while the client's other calls
   *     move on. A positive grace cancels a job stream still open then: the jobs it could not
   *     deliver go back to the broker, and the client reopens it after its back-off (the Java
   *     client's grows to 5 s and never shrinks), so jobs created meanwhile wait for a poll
   * @param maxConcurrentCallsPerConnection calls one client connection runs at once (HTTP/2
   *     MAX_CONCURRENT_STREAMS): a client holds further calls until one ends (one that ignores the
   *     limit has them refused); long polls and job streams count for as long as they are open, so
   *     it is far above what a worker application holds; 0: no limit (stock)
   * @param maxRstFramesPerWindow how many calls (RST_STREAM frames) one client connection may
   *     cancel per {@code rst-frames-window} before the gateway closes it (HTTP/2 rapid reset,
   *     CVE-2023-44487); 0: no limit (stock)
   * @param rstFramesWindow the window of {@code max-rst-frames-per-window}, in whole seconds
   * @param maxConnectionsPerAddress how many connections one client address may hold open at once;
   *     another one is closed as soon as it is accepted (the client's call fails {@code
   *     UNAVAILABLE}). As REST's default (half of Tomcat's 8,192 connections): a gRPC client puts
   *     all its calls on one connection per gateway, so only a flood comes near it. Negative (-1):
   *     no limit (stock); 0 is refused. Behind a proxy or a NAT that connects from one address,
   *     raise it or switch it off
   */
  public record Grpc(
      @DefaultValue("direct") GrpcExecutorMode executorMode,
      @DefaultValue("0") int poolThreads,
      @DefaultValue("64") int poolQueueCapacity,
      @DefaultValue("30s") Duration shutdownGrace,
      @DefaultValue("5m") Duration maxConnectionAge,
      @DefaultValue("0") Duration maxConnectionAgeGrace,
      @DefaultValue("1000") int maxConcurrentCallsPerConnection,
      @DefaultValue("1000") int maxRstFramesPerWindow,
      @DefaultValue("10s") Duration rstFramesWindow,
      @DefaultValue("4096") int maxConnectionsPerAddress) {}

  /**
   * gatefork's additions to long polling ({@code zeebe.gateway.longPolling.*} has the stock keys).
   *
   * @param maxParkedRequests job activations waiting for jobs at most; more are answered
   *     RESOURCE_EXHAUSTED
   * @param maxRequestTimeout the longest a job activation (REST and gRPC) waits for jobs: one that
   *     asks for a longer request timeout is answered (with no jobs) after this, as if it had asked
   *     for this; 0: no bound (stock)
   * @param maxParkedPerCaller job activations of one caller (the authenticated client, else the
   *     client's address) waiting for jobs at most; more are answered RESOURCE_EXHAUSTED. 0: a
   *     quarter of max-parked-requests; max-parked-requests or more: no share of its own (stock)
   */
  public record LongPolling(
      @DefaultValue("10000") int maxParkedRequests,
      @DefaultValue("1h") Duration maxRequestTimeout,
      @DefaultValue("0") int maxParkedPerCaller) {}

  /**
   * How REST job activations ({@code POST /v2/jobs/activation}) wait for jobs; gRPC's ActivateJobs
   * always long-polls.
   *
   * @param restActivation {@code poll} (stock long polling) or {@code stream} (a request with a
   *     request timeout waits on a job stream the gateway holds on the brokers, shared by the
   *     requests with the same activation properties: a pushed job answers the oldest at once)
   * @param streamIdleTimeout how long such a job stream stays open while no activation uses it
   * @param streamHoldTimeout how long a job pushed while no activation waits on its stream is kept
   *     for the next one (a REST worker has one activation in flight: none waits between an answer
   *     and its next request) before the broker gets it back; 0 gives it back at once
   * @param streamCatchUpJobs jobs at most a new gRPC job stream ({@code StreamActivatedJobs}) gets
   *     activated for it once it is registered: those that became activatable while its worker had
   *     no stream (reopening one after its gateway stopped), which brokers never push and which
   *     would wait for the worker's next poll (up to 5 s apart with the Java client); 0: none
   *     (stock)
   */
  public record Jobs(
      @DefaultValue("poll") RestActivationMode restActivation,
      @DefaultValue("5s") Duration streamIdleTimeout,
      @DefaultValue("250ms") Duration streamHoldTimeout,
      @DefaultValue("32") int streamCatchUpJobs) {}

  /**
   * Admission at the gateway's edge: requests in flight (REST and gRPC together) are bounded by how
   * long they have been in flight (or by a limit learned from their latency) and the bound is
   * shared among callers; above it a request is answered at once with the stock backpressure
   * answer, before its body is read and before any broker work. Job completions and failures,
   * cancellations and deployments are never shed; long polls and job streams do not count.
   *
   * @param limit {@code adaptive} or {@code off} (everything admitted: stock)
   * @param algorithm {@code age}: admit while the requests in flight are younger than the latency
   *     threshold on average and the request waited less than the wait threshold before it asked,
   *     up to the max limit; or a limit learned by Netflix concurrency-limits: {@code aimd} (as the
   *     brokers' backpressure; the default until 2026-11-27), {@code gradient2} or {@code vegas}
   * @param initialLimit requests in flight allowed at start (learned limits)
   * @param minLimit age: admitted whatever their age while fewer are in flight; learned limits: the
   *     limit never goes below this (vegas goes down to 1)
   * @param maxLimit requests in flight never exceed this (twice this with callers below their
   *     share)
   * @param latencyThreshold age: the average time in flight above which requests are shed; aimd: a
   *     sample (a window's average whole time) longer than this shrinks the limit
   * @param waitThreshold age: a request that waited longer than this inside the gateway before it
   *     asked (REST: from Tomcat's hand-off of its connection to a request thread) is shed; that
   *     wait is the gateway's own queue, so it is bounded tighter than the time in flight, which
   *     includes the brokers'. Keep it above the CFS period's stall (90 ms at 0.1 CPU and 100 ms).
   *     {@code 0}: the latency threshold (the rule until 2026-12-06)
   * @param window learned limits: {@code 0}: every answer teaches the limit; else the shortest
   *     window (at least 100ms) whose answers' average latency is one sample
   * @param partitionBy {@code verified-caller}: at the bound, a caller that sent fewer requests
   *     than the average caller in the last second is still admitted (up to twice the bound, while
   *     its own requests in flight are younger than twice the latency threshold), so one caller's
   *     storm does not starve the others; a caller is the authenticated client (username or client
   *     id) when its credential was verified before, else its IP address; {@code remote-address}:
   *     the IP address always; {@code none}: first come, first served
   * @param cpuTarget the share of the gateway's CPU quota (its cgroup's, v1 or v2) above which,
   *     while requests are shed and clients keep opening connections (the gateway is behind on
   *     reading), fewer are admitted: the bound drops to nine tenths of what is in flight each ten
   *     CFS periods, not below {@code min-limit}; {@code 0} (the default): no such bound; 0.97 is
   *     what was measured
   */
  public record Overload(
      @DefaultValue("adaptive") OverloadLimit limit,
      @DefaultValue("age") LimitAlgorithm algorithm,
      @DefaultValue("1000") int initialLimit,
      @DefaultValue("20") int minLimit,
      @DefaultValue("1000") int maxLimit,
      @DefaultValue("250ms") Duration latencyThreshold,
      @DefaultValue("150ms") Duration waitThreshold,
      @DefaultValue("100ms") Duration window,
      @DefaultValue("verified-caller") CallerPartition partitionBy,
      @DefaultValue("0") double cpuTarget) {}

  /**
   * @param awaitPartitionLeaders how long a starting gateway that knows some partition's leader
   *     waits to know every partition's before it reports ready anyway (it is ready as soon as it
   *     knows them all); from then on readiness only needs some leader, as stock's. 0: ready with
   *     the first leader (stock)
   */
  public record Readiness(@DefaultValue("10s") Duration awaitPartitionLeaders) {}
}

package io.gatefork.gateway.rest.job;

import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.gateway.rest.validation.LongKeys;
import io.gatefork.service.RequestContext;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.job.ActivateJobs;
import io.gatefork.service.job.ActivatedJob;
import io.gatefork.service.job.JobChangeset;
import io.gatefork.service.job.JobCompletionResult;
import io.gatefork.service.job.JobServices;
import io.gatefork.service.job.ThrowJobError;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.validation.FieldRules;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;

/** Activate, complete, fail and update jobs, and throw BPMN errors for them. */
@RestController
@RequestMapping(
    path = "/v2/jobs",
    consumes = MediaType.APPLICATION_JSON_VALUE,
    produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
public class JobController {
  private static final String JOB_KEY = "jobKey";

  private final JobServices jobServices;

  public JobController(final JobServices jobServices) {
    this.jobServices = jobServices;
  }

  /**
   * 200 {@code {jobs: [...]}}; may long-poll (holding no thread) until jobs are there, for as long
   * as the client's requestTimeout even beyond the container's default async timeout.
   */
  @GatewayOperation(Operation.ACTIVATE_JOBS)
  @PostMapping("/activation")
  public DeferredResult<ResponseEntity<Object>> activateJobs(
      @RequestBody final JobActivationRequest body, final RequestContext context) {
    final ActivateJobs command = JobRequestMapper.toActivateJobs(body, context);
    final CompletableFuture<List<ActivatedJob>> jobs =
        jobServices.activateForRest(context, command);
    return AsyncResponses.withClientTimeout(
        AsyncResponses.ok(jobs, JobResponseMapper::toResponse), command.requestTimeout(), jobs);
  }

  @GatewayOperation(Operation.COMPLETE_JOB)
  @PostMapping("/{jobKey}/completion")
  public CompletableFuture<ResponseEntity<Object>> completeJob(
      @PathVariable final String jobKey,
      @RequestBody(required = false) final JobCompletionRequest body,
      final RequestContext context) {
    final long key = LongKeys.parse(JOB_KEY, jobKey);
    final JobCompletionResult result = JobRequestMapper.toResult(body);
    final JsonDocument variables = body == null ? null : body.variables();
    return AsyncResponses.noContent(jobServices.complete(context, key, variables, result));
  }

  @GatewayOperation(Operation.FAIL_JOB)
  @PostMapping("/{jobKey}/failure")
  public CompletableFuture<ResponseEntity<Object>> failJob(
      @PathVariable final String jobKey,
      @RequestBody(required = false) final JobFailRequest body,
      final RequestContext context) {
    final long key = LongKeys.parse(JOB_KEY, jobKey);
    if (body == null) {
      return AsyncResponses.noContent(jobServices.fail(context, key, 0, "", 0, null));
    }
    return AsyncResponses.noContent(
        jobServices.fail(
            context,
            key,
            body.retries() == null ? 0 : body.retries(),
            JobRequestMapper.errorMessage(body.errorMessage()),
            // the service refuses a negative back-off, for both APIs
            body.retryBackOff() == null ? 0 : body.retryBackOff(),
            body.variables()));
  }

  @GatewayOperation(Operation.THROW_JOB_ERROR)
  @PostMapping("/{jobKey}/error")
  public CompletableFuture<ResponseEntity<Object>> throwJobError(
      @PathVariable final String jobKey,
      @RequestBody final JobErrorRequest body,
      final RequestContext context) {
    final long key = LongKeys.parse(JOB_KEY, jobKey);
    return AsyncResponses.noContent(
        jobServices.throwError(
            context,
            new ThrowJobError(
                key,
                body.errorCode(),
                JobRequestMapper.errorMessage(body.errorMessage()),
                body.variables())));
  }

  /** 204; retries and timeout change in one broker command ({@code JOB.UPDATE}). */
  @GatewayOperation(Operation.UPDATE_JOB)
  @PatchMapping("/{jobKey}")
  public CompletableFuture<ResponseEntity<Object>> updateJob(
      @PathVariable final String jobKey,
      @RequestBody final JobUpdateRequest body,
      final RequestContext context) {
    final long key = LongKeys.parse(JOB_KEY, jobKey);
    final JobUpdateRequest.Changeset changeset = FieldRules.require("changeset", body.changeset());
    return AsyncResponses.noContent(
        jobServices.update(
            context,
            key,
            new JobChangeset(changeset.retries(), changeset.timeout()),
            body.operationReference()));
  }
}

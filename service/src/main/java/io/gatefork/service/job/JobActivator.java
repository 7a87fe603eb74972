package io.gatefork.service.job;

import io.camunda.zeebe.protocol.impl.record.value.job.JobBatchRecord;
import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.service.ApiServices;
import io.gatefork.service.RequestContext;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks one partition for jobs; the answer is read into {@link ActivatedJob}s on the API executor
 * (one hop per partition answer). Also hands jobs back that nobody is waiting for any more.
 */
final class JobActivator extends ApiServices {
  private static final Logger LOG = LoggerFactory.getLogger(JobActivator.class);

  JobActivator(final BrokerClient brokerClient, final Executor executor) {
    super(brokerClient, executor);
  }

  /**
   * The record is encoded when sent, so the caller may change it (e.g. the remaining maximum) once
   * this returns. Only the first request of an activation marks {@code dispatched}: the broker
   * stage of a long-polled activation then spans all its round trips and waiting.
   */
  CompletableFuture<List<ActivatedJob>> activate(
      final RequestContext context,
      final int partitionId,
      final JobBatchRecord record,
      final boolean first) {
    if (first) {
      context.timing().dispatched();
    }
    CompletableFuture<BrokerResult<JobBatchRecord>> response;
    try {
      response =
          brokerClient.send(onBehalfOf(context, BrokerRequests.activateJobs(partitionId, record)));
    } catch (final RuntimeException e) {
      response = CompletableFuture.failedFuture(e);
    }
    return handle(context, response, answer -> ActivatedJobs.fromBatch(answer.value()));
  }

  /**
   * Yields activated jobs back to the broker (they become activatable again at once, and waiting
   * workers are notified) instead of letting them sit locked until their timeout.
   */
  void giveBack(final List<ActivatedJob> jobs) {
    for (final ActivatedJob job : jobs) {
      brokerClient
          .send(BrokerRequests.yieldJob(job.key(), new JobRecord()))
          .whenComplete(
              (result, failure) -> {
                if (failure != null) {
                  LOG.debug(
                      "Could not give job {} back; it is reactivated after its timeout",
                      job.key(),
                      failure);
                }
              });
    }
  }
}

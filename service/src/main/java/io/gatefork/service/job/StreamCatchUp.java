package io.gatefork.service.job;

import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.stage.RequestTiming;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brokers push a job only when it becomes activatable, to the streams registered at that moment. A
 * job that became activatable while its worker had no stream registered (the worker was reopening
 * it, e.g. after its gateway stopped), or that a closing stream refused and the broker yielded
 * back, is only announced to long polls: it would wait for the worker's next poll, which the Java
 * client spaces up to 5 s apart while its stream is open. So once a new stream is registered (at
 * the gateway; the brokers are told at the same time), the jobs already waiting for it are
 * activated for it, as a poll that answers at once would, and handed to it as pushes are; those it
 * cannot take go back to the broker at once.
 *
 * <p>Once per stream, and at most {@code maxJobs}: a worker's stream says nothing of how many jobs
 * it can take, so this takes no more than what a poll of the Java client's default {@code
 * maxJobsActive} would.
 */
final class StreamCatchUp {
  private static final Logger LOG = LoggerFactory.getLogger(StreamCatchUp.class);
  private static final Duration AT_ONCE = Duration.ofMillis(-1); // no long polling

  private final JobServices jobs;
  private final int maxJobs;

  /**
   * @param maxJobs jobs activated for a stream at most (positive)
   */
  StreamCatchUp(final JobServices jobs, final int maxJobs) {
    if (maxJobs <= 0) {
      throw new IllegalArgumentException("maxJobs must be positive, but was " + maxJobs);
    }
    this.jobs = jobs;
    this.maxJobs = maxJobs;
  }

  /** Once the stream is registered, on the API executor. */
  void catchUp(final RequestContext stream, final StreamJobs command, final PushedJobStream to) {
    if (!to.canTake()) {
      return;
    }
    final ActivateJobs activation;
    try {
      activation =
          new ActivateJobs(
              command.type(),
              command.worker(),
              command.timeoutMillis(),
              maxJobs,
              command.fetchVariables(),
              command.tenantIds(),
              AT_ONCE);
    } catch (final ServiceException e) {
      return; // the stream's own checks passed the same fields: cannot happen
    }
    // its own timing: the stream's spans its whole life
    final var context =
        new RequestContext(
            RequestTiming.startNow(),
            stream.caller(),
            Operation.ACTIVATE_JOBS,
            stream.remoteAddress());
    jobs.activate(context, activation)
        .whenComplete(
            (found, failure) -> {
              if (failure != null) {
                LOG.debug("Catching up a job stream of type {} failed", command.type(), failure);
                return;
              }
              final List<ActivatedJob> left = to.handOver(found);
              if (!left.isEmpty()) {
                jobs.giveBack(left);
              }
            });
  }
}

package io.gatefork.service.testing;

import io.gatefork.service.RequestContext;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.job.ActivateJobs;
import io.gatefork.service.job.ActivatedJob;
import io.gatefork.service.job.JobChangeset;
import io.gatefork.service.job.JobCompletionResult;
import io.gatefork.service.job.JobServices;
import io.gatefork.service.job.ThrowJobError;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/** Job services as {@link ScriptedAnswer}s, one per method. */
public final class FakeJobServices implements JobServices {
  public final ScriptedAnswer<Activate, List<ActivatedJob>> activate = new ScriptedAnswer<>();
  public final ScriptedAnswer<Complete, Void> complete = new ScriptedAnswer<>();
  public final ScriptedAnswer<Fail, Void> fail = new ScriptedAnswer<>();
  public final ScriptedAnswer<ThrowError, Void> throwError = new ScriptedAnswer<>();
  public final ScriptedAnswer<Update, Void> update = new ScriptedAnswer<>();
  public final ScriptedAnswer<UpdateRetries, Void> updateRetries = new ScriptedAnswer<>();
  public final ScriptedAnswer<UpdateTimeout, Void> updateTimeout = new ScriptedAnswer<>();

  /** The jobs given back, in order. */
  public final List<ActivatedJob> givenBack = new CopyOnWriteArrayList<>();

  private final FakeDelivery delivery;

  /** Answers as scripted. */
  public FakeJobServices() {
    this(new FakeDelivery());
  }

  public FakeJobServices(final FakeDelivery delivery) {
    this.delivery = delivery;
  }

  public record Activate(RequestContext context, ActivateJobs command) {}

  public record Complete(
      RequestContext context, long jobKey, JsonDocument variables, JobCompletionResult result) {}

  public record Fail(
      RequestContext context,
      long jobKey,
      int retries,
      String errorMessage,
      long retryBackOffMillis,
      JsonDocument variables) {}

  public record ThrowError(RequestContext context, ThrowJobError command) {}

  public record Update(
      RequestContext context, long jobKey, JobChangeset changeset, Long operationReference) {}

  public record UpdateRetries(
      RequestContext context, long jobKey, int retries, Long operationReference) {}

  public record UpdateTimeout(
      RequestContext context, long jobKey, long timeoutMillis, Long operationReference) {}

  @Override
  public CompletableFuture<List<ActivatedJob>> activate(
      final RequestContext context, final ActivateJobs command) {
    return delivery.deliver(context, activate.answer(new Activate(context, command)));
  }

  @Override
  public void giveBack(final List<ActivatedJob> jobs) {
    givenBack.addAll(jobs);
  }

  /** Recorded as a {@link Complete} without result. */
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
    final var call = new Complete(context, jobKey, variables, result);
    return delivery.deliver(context, complete.answer(call));
  }

  @Override
  public CompletableFuture<Void> fail(
      final RequestContext context,
      final long jobKey,
      final int retries,
      final String errorMessage,
      final long retryBackOffMillis,
      final JsonDocument variables) {
    final var call =
        new Fail(context, jobKey, retries, errorMessage, retryBackOffMillis, variables);
    return delivery.deliver(context, fail.answer(call));
  }

  @Override
  public CompletableFuture<Void> throwError(
      final RequestContext context, final ThrowJobError command) {
    final var call = new ThrowError(context, command);
    return delivery.deliver(context, throwError.answer(call));
  }

  @Override
  public CompletableFuture<Void> update(
      final RequestContext context,
      final long jobKey,
      final JobChangeset changeset,
      final Long operationReference) {
    final var call = new Update(context, jobKey, changeset, operationReference);
    return delivery.deliver(context, update.answer(call));
  }

  @Override
  public CompletableFuture<Void> updateRetries(
      final RequestContext context,
      final long jobKey,
      final int retries,
      final Long operationReference) {
    final var call = new UpdateRetries(context, jobKey, retries, operationReference);
    return delivery.deliver(context, updateRetries.answer(call));
  }

  @Override
  public CompletableFuture<Void> updateTimeout(
      final RequestContext context,
      final long jobKey,
      final long timeoutMillis,
      final Long operationReference) {
    final var call = new UpdateTimeout(context, jobKey, timeoutMillis, operationReference);
    return delivery.deliver(context, updateTimeout.answer(call));
  }

  int calls() {
    return activate.count()
        + complete.count()
        + fail.count()
        + throwError.count()
        + update.count()
        + updateRetries.count()
        + updateTimeout.count();
  }

  void reset() {
    activate.reset();
    complete.reset();
    fail.reset();
    throwError.reset();
    update.reset();
    updateRetries.reset();
    updateTimeout.reset();
  }
}

package io.gatefork.service.testing;

import io.gatefork.service.RequestContext;
import io.gatefork.service.processinstance.CreateProcessInstance;
import io.gatefork.service.processinstance.MigrateProcessInstance;
import io.gatefork.service.processinstance.ModifyProcessInstance;
import io.gatefork.service.processinstance.ProcessInstanceCreated;
import io.gatefork.service.processinstance.ProcessInstanceResult;
import io.gatefork.service.processinstance.ProcessInstanceServices;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

public final class FakeProcessInstanceServices implements ProcessInstanceServices {
  public final ScriptedAnswer<Create, ProcessInstanceCreated> create = new ScriptedAnswer<>();
  public final ScriptedAnswer<CreateWithResult, ProcessInstanceResult> createWithResult =
      new ScriptedAnswer<>();
  public final ScriptedAnswer<Cancel, Void> cancel = new ScriptedAnswer<>();
  public final ScriptedAnswer<ModifyProcessInstance, Void> modify = new ScriptedAnswer<>();
  public final ScriptedAnswer<MigrateProcessInstance, Void> migrate = new ScriptedAnswer<>();

  public record Create(RequestContext context, CreateProcessInstance command) {}

  public record CreateWithResult(
      RequestContext context,
      CreateProcessInstance command,
      Duration requestTimeout,
      List<String> fetchVariables) {}

  public record Cancel(RequestContext context, long processInstanceKey, Long operationReference) {}

  private final FakeDelivery delivery;

  /** Answers as scripted. */
  public FakeProcessInstanceServices() {
    this(new FakeDelivery());
  }

  public FakeProcessInstanceServices(final FakeDelivery delivery) {
    this.delivery = delivery;
  }

  @Override
  public CompletableFuture<ProcessInstanceCreated> create(
      final RequestContext context, final CreateProcessInstance command) {
    return delivery.deliver(context, create.answer(new Create(context, command)));
  }

  @Override
  public CompletableFuture<ProcessInstanceResult> createWithResult(
      final RequestContext context,
      final CreateProcessInstance command,
      final Duration requestTimeout,
      final List<String> fetchVariables) {
    final var call = new CreateWithResult(context, command, requestTimeout, fetchVariables);
    return delivery.deliver(context, createWithResult.answer(call));
  }

  @Override
  public CompletableFuture<Void> cancel(
      final RequestContext context, final long processInstanceKey, final Long operationReference) {
    final var call = new Cancel(context, processInstanceKey, operationReference);
    return delivery.deliver(context, cancel.answer(call));
  }

  @Override
  public CompletableFuture<Void> modify(
      final RequestContext context, final ModifyProcessInstance command) {
    return delivery.deliver(context, modify.answer(command));
  }

  @Override
  public CompletableFuture<Void> migrate(
      final RequestContext context, final MigrateProcessInstance command) {
    return delivery.deliver(context, migrate.answer(command));
  }

  int calls() {
    return create.count()
        + createWithResult.count()
        + cancel.count()
        + modify.count()
        + migrate.count();
  }

  void reset() {
    create.reset();
    createWithResult.reset();
    cancel.reset();
    modify.reset();
    migrate.reset();
  }
}

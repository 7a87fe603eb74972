package io.gatefork.service.processinstance;

import io.gatefork.service.RequestContext;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

public interface ProcessInstanceServices {

  CompletableFuture<ProcessInstanceCreated> create(
      RequestContext context, CreateProcessInstance command);

  /**
   * @param requestTimeout null or zero for the cluster's request timeout
   * @param fetchVariables names to return; empty returns all
   */
  CompletableFuture<ProcessInstanceResult> createWithResult(
      RequestContext context,
      CreateProcessInstance command,
      Duration requestTimeout,
      List<String> fetchVariables);

  CompletableFuture<Void> cancel(
      RequestContext context, long processInstanceKey, Long operationReference);

  /**
   * Modifies a running instance ({@code PROCESS_INSTANCE_MODIFICATION.MODIFY}; the broker answers
   * {@code MODIFIED}).
   */
  CompletableFuture<Void> modify(RequestContext context, ModifyProcessInstance command);

  /**
   * Migrates a running instance to another process definition ({@code
   * PROCESS_INSTANCE_MIGRATION.MIGRATE}; the broker answers {@code MIGRATED}).
   */
  CompletableFuture<Void> migrate(RequestContext context, MigrateProcessInstance command);
}

package io.gatefork.gateway.rest.contract;

import io.camunda.zeebe.protocol.record.value.BatchOperationType;
import io.gatefork.service.batchoperation.BatchOperationCreated;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.decision.DecisionEvaluationResult;
import io.gatefork.service.deployment.DeploymentResult;
import io.gatefork.service.document.DocumentBatchResult;
import io.gatefork.service.document.DocumentContent;
import io.gatefork.service.document.DocumentLink;
import io.gatefork.service.document.DocumentMetadata;
import io.gatefork.service.document.DocumentReference;
import io.gatefork.service.document.StoredDocument;
import io.gatefork.service.identity.EntitySaved;
import io.gatefork.service.identity.MappingRule;
import io.gatefork.service.identity.UserSaved;
import io.gatefork.service.message.MessageCorrelated;
import io.gatefork.service.message.MessagePublished;
import io.gatefork.service.processinstance.ProcessInstanceCreated;
import io.gatefork.service.processinstance.ProcessInstanceResult;
import io.gatefork.service.resource.FetchedResource;
import io.gatefork.service.signal.SignalBroadcasted;
import io.gatefork.service.testing.FakeServices;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

/** A plausible successful answer for every service method the REST controllers call. */
final class CannedResults {
  static final long KEY = 2251799813685249L;
  static final String TENANT = "<default>";

  private static final DocumentReference DOCUMENT =
      new DocumentReference(
          "in-memory", new StoredDocument("doc-1", "ab12", DocumentMetadata.EMPTY.withSize(0)));

  private static final Map<Type, Object> BY_TYPE =
      Map.ofEntries(
          Map.entry(Long.class, KEY),
          Map.entry(SignalBroadcasted.class, new SignalBroadcasted(KEY, TENANT)),
          Map.entry(MessageCorrelated.class, new MessageCorrelated(KEY, KEY + 1, TENANT)),
          Map.entry(
              DecisionEvaluationResult.class,
              new DecisionEvaluationResult(
                  KEY,
                  KEY,
                  "dish",
                  "Dish",
                  1,
                  "dinner",
                  KEY,
                  "\"Stew\"",
                  List.of(),
                  "",
                  "",
                  TENANT)),
          Map.entry(
              FetchedResource.class,
              new FetchedResource(KEY, "script", "script.rpa", 1, "", TENANT, KEY, "{}")),
          Map.entry(UserSaved.class, new UserSaved(KEY, "id-1", "Name", "a@b.c")),
          Map.entry(
              BatchOperationCreated.class,
              new BatchOperationCreated(KEY, BatchOperationType.CANCEL_PROCESS_INSTANCE)),
          Map.entry(EntitySaved.class, new EntitySaved(KEY, "id-1", "Name", "")),
          Map.entry(MappingRule.class, new MappingRule(KEY, "id-1", "Name", "claim", "value")),
          Map.entry(DocumentReference.class, DOCUMENT),
          Map.entry(
              DocumentBatchResult.class, new DocumentBatchResult(List.of(DOCUMENT), List.of())),
          Map.entry(
              DocumentContent.class,
              new DocumentContent(InputStream.nullInputStream(), "text/plain", 0)),
          Map.entry(
              DocumentLink.class,
              new DocumentLink("https://documents.example/doc-1", OffsetDateTime.now())));

  private CannedResults() {}

  /** Every fake answers every call successfully. */
  static void succeedEverywhere(final FakeServices fakes) {
    fakes.deployment.deploy.succeedWith(
        new DeploymentResult(
            KEY,
            TENANT,
            List.of(new DeploymentResult.ProcessMetadata("order", 1, KEY, "order.bpmn", TENANT)),
            List.of(),
            List.of(),
            List.of(),
            List.of()));
    fakes.processInstances.create.succeedWith(
        new ProcessInstanceCreated(KEY, "order", 1, KEY + 1, TENANT, List.of()));
    fakes.processInstances.createWithResult.succeedWith(
        new ProcessInstanceResult(KEY, "order", 1, KEY + 1, TENANT, JsonDocument.EMPTY, List.of()));
    fakes.processInstances.cancel.succeedWith(null);
    fakes.processInstances.modify.succeedWith(null);
    fakes.processInstances.migrate.succeedWith(null);
    fakes.jobs.activate.succeedWith(List.of());
    fakes.jobs.complete.succeedWith(null);
    fakes.jobs.fail.succeedWith(null);
    fakes.jobs.throwError.succeedWith(null);
    fakes.jobs.update.succeedWith(null);
    fakes.messages.publish.succeedWith(new MessagePublished(KEY, TENANT));
    fakes.messages.correlate.succeedWith(new MessageCorrelated(KEY, KEY + 1, TENANT));
    fakes.proxies().forEach(fake -> fake.succeedAll(CannedResults::resultOf));
  }

  /** Every fake fails every call the same way. */
  static void failEverywhere(final FakeServices fakes, final Throwable failure) {
    fakes.deployment.deploy.failWith(failure);
    fakes.processInstances.create.failWith(failure);
    fakes.processInstances.createWithResult.failWith(failure);
    fakes.processInstances.cancel.failWith(failure);
    fakes.processInstances.modify.failWith(failure);
    fakes.processInstances.migrate.failWith(failure);
    fakes.jobs.activate.failWith(failure);
    fakes.jobs.complete.failWith(failure);
    fakes.jobs.fail.failWith(failure);
    fakes.jobs.throwError.failWith(failure);
    fakes.jobs.update.failWith(failure);
    fakes.messages.publish.failWith(failure);
    fakes.messages.correlate.failWith(failure);
    fakes.proxies().forEach(fake -> fake.failAll(failure));
  }

  /** The canned value for a method returning {@code CompletableFuture<T>}; null for Void. */
  static Object resultOf(final Method method) {
    final Type returned = method.getGenericReturnType();
    if (!(returned instanceof final ParameterizedType future)) {
      throw new IllegalArgumentException("not a future: " + method);
    }
    final Type type = future.getActualTypeArguments()[0];
    if (type == Void.class) {
      return null;
    }
    final Object value = BY_TYPE.get(type);
    if (value == null) {
      throw new IllegalArgumentException("no canned result for " + type + " of " + method);
    }
    return value;
  }
}

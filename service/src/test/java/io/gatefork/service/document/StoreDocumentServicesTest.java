package io.gatefork.service.document;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class StoreDocumentServicesTest {
  private final InMemoryDocumentStore store =
      new InMemoryDocumentStore("in-memory", 16, 1024, Clock.systemUTC());
  private final StoreDocumentServices services =
      new StoreDocumentServices(
          new DocumentStores(Map.of("in-memory", store), "in-memory"), Runnable::run);

  @Test
  void missingDocumentIsNotFoundBeforeTheHashIsChecked() {
    assertFailure(
        services.content(RequestContext.create(), null, "nope", null),
        ServiceStatus.NOT_FOUND,
        "Document with id 'nope' not found");
  }

  @Test
  void existingDocumentNeedsItsHash() {
    final DocumentReference created =
        services.create(RequestContext.create(), null, document("doc", "abc")).join();

    assertFailure(
        services.content(RequestContext.create(), null, "doc", null),
        ServiceStatus.INVALID_ARGUMENT,
        "No document hash provided for document doc");
    assertFailure(
        services.content(RequestContext.create(), null, "doc", "foobar"),
        ServiceStatus.INVALID_ARGUMENT,
        "Document hash for document doc doesn't match the provided hash foobar");
    assertThat(
            services
                .content(RequestContext.create(), null, "doc", created.document().contentHash())
                .join()
                .size())
        .isEqualTo(3);
  }

  @Test
  void unknownStoreIsRejectedWithoutTouchingAStore() {
    assertFailure(
        services.create(RequestContext.create(), "elsewhere", document("doc", "abc")),
        ServiceStatus.INVALID_ARGUMENT,
        "Document store with id 'elsewhere' does not exist");
    assertThat(store.usedBytes()).isZero();
  }

  @Test
  void batchListsTheDocumentThatFailedAndKeepsTheOthers() {
    final DocumentBatchResult result =
        services
            .createBatch(
                RequestContext.create(),
                null,
                List.of(document(null, "small"), document(null, "far more than sixteen bytes")))
            .join();

    assertThat(result.created()).hasSize(1);
    assertThat(result.failed())
        .singleElement()
        .satisfies(
            failure -> {
              assertThat(failure.fileName()).isEqualTo("far more than sixteen bytes.txt");
              assertThat(failure.detail()).contains("maximum document size of 16 bytes");
            });
  }

  private static CreateDocument document(final String id, final String text) {
    return new CreateDocument(
        id,
        DocumentMetadata.EMPTY,
        () -> new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
        text + ".txt");
  }

  private static void assertFailure(
      final CompletableFuture<?> future, final ServiceStatus status, final String message) {
    assertThat(future)
        .failsWithin(java.time.Duration.ofSeconds(5))
        .withThrowableOfType(java.util.concurrent.ExecutionException.class)
        .havingCause()
        .isInstanceOfSatisfying(
            ServiceException.class,
            failure -> {
              assertThat(failure.status()).isEqualTo(status);
              assertThat(failure.getMessage()).isEqualTo(message);
            });
  }
}

package io.gatefork.service.document;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.service.error.ServiceStatus;
import java.io.ByteArrayInputStream;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InMemoryDocumentStoreTest extends DocumentStoreContract {
  // what one 60-byte document without metadata holds
  static final long SIXTY = InMemoryDocumentStore.held("a", DocumentMetadata.EMPTY, 60);
  // room for one of them, not two
  static final long CAPACITY = 2 * SIXTY - 1;
  static final int MAX_DOCUMENTS = 5;
  private final InMemoryDocumentStore store =
      new InMemoryDocumentStore("in-memory", MAX_DOCUMENT_SIZE, CAPACITY, MAX_DOCUMENTS, clock);

  @Override
  DocumentStore store() {
    return store;
  }

  @Override
  String linkMessage() {
    return "The in-memory document store does not support creating links";
  }

  @Test
  void fullStoreRefusesUntilSpaceIsFreed() {
    store.create("a", DocumentMetadata.EMPTY, new ByteArrayInputStream(new byte[60]));

    assertStatus(
        () -> store.create("b", DocumentMetadata.EMPTY, new ByteArrayInputStream(new byte[60])),
        ServiceStatus.RESOURCE_EXHAUSTED,
        "Document store 'in-memory' is full: it holds at most " + CAPACITY + " bytes in total");
    assertThat(store.usedBytes()).isEqualTo(SIXTY);

    store.delete("a");
    store.create("b", DocumentMetadata.EMPTY, new ByteArrayInputStream(new byte[60]));
    assertThat(store.usedBytes()).isEqualTo(SIXTY);
  }

  @Test
  void metadataCountsAgainstTheCapacity() {
    final var large =
        new DocumentMetadata(
            "text/plain", "f.txt", null, null, null, null, Map.of("note", "x".repeat(1_000)));
    final long held = InMemoryDocumentStore.held("doc-0", large, 0);
    assertThat(held).as("a 1,000-character property, in UTF-16").isGreaterThan(2_000);
    final var roomy =
        new InMemoryDocumentStore("in-memory", MAX_DOCUMENT_SIZE, 3 * held, 1_000, clock);

    for (int i = 0; i < 3; i++) {
      roomy.create("doc-" + i, large, new ByteArrayInputStream(new byte[0]));
    }
    assertStatus(
        () -> roomy.create("doc-3", large, new ByteArrayInputStream(new byte[0])),
        ServiceStatus.RESOURCE_EXHAUSTED,
        "Document store 'in-memory' is full: it holds at most " + 3 * held + " bytes in total");
    assertThat(roomy.usedBytes()).isEqualTo(3 * held);
  }

  @Test
  void holdsAtMostItsDocumentCountEvenOfEmptyOnes() {
    final var store =
        new InMemoryDocumentStore("in-memory", MAX_DOCUMENT_SIZE, 1_000_000, MAX_DOCUMENTS, clock);
    for (int i = 0; i < MAX_DOCUMENTS; i++) {
      store.create("e" + i, DocumentMetadata.EMPTY, new ByteArrayInputStream(new byte[0]));
    }

    assertStatus(
        () ->
            store.create("one-more", DocumentMetadata.EMPTY, new ByteArrayInputStream(new byte[0])),
        ServiceStatus.RESOURCE_EXHAUSTED,
        "Document store 'in-memory' is full: it holds at most 5 documents");
    store.delete("e0");
    store.create("one-more", DocumentMetadata.EMPTY, new ByteArrayInputStream(new byte[0]));
  }

  @Test
  void refusedOversizedUploadHoldsNoCapacity() {
    try {
      store.create("big", DocumentMetadata.EMPTY, new ByteArrayInputStream(new byte[65]));
    } catch (final DocumentTooLargeException expected) {
      // asserted in the contract
    }

    assertThat(store.usedBytes()).isZero();
  }
}

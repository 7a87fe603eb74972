package io.gatefork.service.document;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.service.error.ServiceStatus;
import java.io.ByteArrayInputStream;
import org.junit.jupiter.api.Test;

class InMemoryDocumentStoreTest extends DocumentStoreContract {
  static final long CAPACITY = 100;
  private final InMemoryDocumentStore store =
      new InMemoryDocumentStore("in-memory", MAX_DOCUMENT_SIZE, CAPACITY, clock);

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
        "Document store 'in-memory' is full: it holds at most 100 bytes in total");
    assertThat(store.usedBytes()).isEqualTo(60);

    store.delete("a");
    store.create("b", DocumentMetadata.EMPTY, new ByteArrayInputStream(new byte[60]));
    assertThat(store.usedBytes()).isEqualTo(60);
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

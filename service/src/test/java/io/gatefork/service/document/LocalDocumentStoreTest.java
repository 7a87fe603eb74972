package io.gatefork.service.document;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalDocumentStoreTest extends DocumentStoreContract {
  @TempDir Path directory;
  private LocalDocumentStore store;

  @Override
  DocumentStore store() {
    if (store == null) {
      store = new LocalDocumentStore(directory, MAX_DOCUMENT_SIZE, clock);
    }
    return store;
  }

  @Override
  String linkMessage() {
    return "The local storage document store does not support creating links";
  }

  @Test
  void documentsSurviveANewStoreOnTheSameDirectory() throws IOException {
    final StoredDocument created = store().create("doc-1", DocumentMetadata.EMPTY, bytes("kept"));

    final var reopened = new LocalDocumentStore(directory, MAX_DOCUMENT_SIZE, clock);

    final DocumentStore.Found found = reopened.get("doc-1");
    try (var content = found.content()) {
      assertThat(content.readAllBytes()).isEqualTo("kept".getBytes());
    }
    assertThat(found.document()).isEqualTo(created);
  }

  @Test
  void idThatWouldLeaveTheDirectoryIsRejected() {
    assertStatus(
        () -> store().create("../escape", DocumentMetadata.EMPTY, bytes("x")),
        io.gatefork.service.error.ServiceStatus.INVALID_ARGUMENT,
        "documentId: '../escape' is not a valid document id (1 to 255 characters, no '/', '\\' or control characters, not '.' or '..')");
    assertThat(Files.exists(directory.resolveSibling("escape"))).isFalse();
  }

  @Test
  void refusedOversizedUploadLeavesNoFileBehind() throws IOException {
    try {
      store().create("big", DocumentMetadata.EMPTY, new java.io.ByteArrayInputStream(new byte[65]));
    } catch (final DocumentTooLargeException expected) {
      // asserted in the contract
    }

    try (Stream<Path> files = Files.walk(directory)) {
      assertThat(files.filter(Files::isRegularFile)).isEmpty();
    }
  }
}

package io.gatefork.service.document;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What every store does; each store's test supplies the store. */
abstract class DocumentStoreContract {
  static final long MAX_DOCUMENT_SIZE = 64;
  static final Instant NOW = Instant.parse("2026-01-10T10:00:00Z");

  /** A clock tests move forward to let documents expire. */
  final MutableClock clock = new MutableClock(NOW);

  abstract DocumentStore store();

  abstract String linkMessage();

  @Test
  void createdDocumentIsReadBackWithItsBytesHashAndMetadata() throws IOException {
    final var metadata =
        new DocumentMetadata("text/plain", "a.txt", null, 999L, "order", 42L, Map.of("k", "v"));

    final StoredDocument created = store().create("doc-1", metadata, bytes("hello"));

    // SHA-256 of "hello", lower-case hex, as stock computes it
    assertThat(created.contentHash())
        .isEqualTo("2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824");
    assertThat(created.metadata().size()).as("counted, not the client's claim").isEqualTo(5);
    final DocumentStore.Found found = store().get("doc-1");
    try (InputStream content = found.content()) {
      assertThat(new String(content.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("hello");
    }
    assertThat(found.document()).isEqualTo(created);
    assertThat(found.document().metadata().customProperties()).containsEntry("k", "v");
    assertThat(found.document().metadata().processInstanceKey()).isEqualTo(42L);
  }

  @Test
  void secondCreateWithTheSameIdIsAConflict() {
    store().create("doc-1", DocumentMetadata.EMPTY, bytes("one"));

    assertStatus(
        () -> store().create("doc-1", DocumentMetadata.EMPTY, bytes("two")),
        ServiceStatus.ALREADY_EXISTS,
        "Document with id 'doc-1' already exists");
  }

  @Test
  void deletedDocumentIsNotFound() {
    store().create("doc-1", DocumentMetadata.EMPTY, bytes("one"));

    store().delete("doc-1");

    assertStatus(
        () -> store().get("doc-1"), ServiceStatus.NOT_FOUND, "Document with id 'doc-1' not found");
    assertStatus(
        () -> store().delete("doc-1"),
        ServiceStatus.NOT_FOUND,
        "Document with id 'doc-1' not found");
  }

  @Test
  void expiredDocumentIsNotFoundAndItsIdIsFreeAgain() {
    final var expiring =
        new DocumentMetadata(
            null,
            null,
            OffsetDateTime.ofInstant(NOW.plusSeconds(60), ZoneOffset.UTC),
            null,
            null,
            null,
            null);
    store().create("doc-1", expiring, bytes("short-lived"));
    assertThat(store().get("doc-1").document().documentId()).isEqualTo("doc-1");

    clock.advance(Duration.ofSeconds(61));

    assertStatus(
        () -> store().get("doc-1"), ServiceStatus.NOT_FOUND, "Document with id 'doc-1' not found");
    assertThat(store().create("doc-1", DocumentMetadata.EMPTY, bytes("again")).metadata().size())
        .isEqualTo(5);
  }

  @Test
  void documentOverTheMaximumSizeIsRefusedAndNotStored() {
    final byte[] tooBig = new byte[(int) MAX_DOCUMENT_SIZE + 1];

    assertThatThrownBy(
            () -> store().create("big", DocumentMetadata.EMPTY, new ByteArrayInputStream(tooBig)))
        .isInstanceOf(DocumentTooLargeException.class)
        .hasMessageContaining("file")
        .hasMessageContaining(Long.toString(MAX_DOCUMENT_SIZE));
    assertStatus(
        () -> store().get("big"), ServiceStatus.NOT_FOUND, "Document with id 'big' not found");
    // exactly the maximum is fine
    store()
        .create(
            "fits",
            DocumentMetadata.EMPTY,
            new ByteArrayInputStream(new byte[(int) MAX_DOCUMENT_SIZE]));
  }

  @Test
  void linksAreNotSupportedAsInStock() {
    store().create("doc-1", DocumentMetadata.EMPTY, bytes("one"));

    assertStatus(
        () -> store().link("doc-1", Duration.ofMinutes(5)), ServiceStatus.FORBIDDEN, linkMessage());
  }

  static InputStream bytes(final String text) {
    return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
  }

  static void assertStatus(
      final org.assertj.core.api.ThrowableAssert.ThrowingCallable call,
      final ServiceStatus status,
      final String message) {
    final ServiceException failure =
        (ServiceException) assertThatThrownBy(call).isInstanceOf(ServiceException.class).actual();
    assertThat(failure.status()).isEqualTo(status);
    assertThat(failure.getMessage()).isEqualTo(message);
  }

  static final class MutableClock extends Clock {
    private volatile Instant now;

    MutableClock(final Instant now) {
      this.now = now;
    }

    void advance(final Duration duration) {
      now = now.plus(duration);
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(final java.time.ZoneId zone) {
      return this;
    }
  }
}

package io.gatefork.service.document;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Documents on the heap, for development and tests (stock's fallback store). Bounded so that
 * uploads cannot exhaust the gateway's heap: at most {@code maxDocumentSize} bytes per document and
 * {@code capacity} bytes in total; expired documents are dropped when met and when space is needed.
 * Cannot create links (as stock).
 */
public final class InMemoryDocumentStore implements DocumentStore {
  static final String LINKS_NOT_SUPPORTED =
      "The in-memory document store does not support creating links";

  private final String storeId;
  private final long maxDocumentSize;
  private final long capacity;
  private final Clock clock;
  private final Map<String, Entry> documents = new ConcurrentHashMap<>();
  private final AtomicLong used = new AtomicLong();

  public InMemoryDocumentStore(
      final String storeId, final long maxDocumentSize, final long capacity, final Clock clock) {
    this.storeId = storeId;
    this.maxDocumentSize = maxDocumentSize;
    this.capacity = capacity;
    this.clock = clock;
  }

  @Override
  public StoredDocument create(
      final String documentId, final DocumentMetadata metadata, final InputStream content) {
    if (live(documentId) != null) {
      throw DocumentErrors.alreadyExists(documentId);
    }
    final byte[] bytes;
    final HashingInput input = new HashingInput(content, maxDocumentSize);
    try (input) {
      final var buffer = new ByteArrayOutputStream((int) Math.min(maxDocumentSize, 8192));
      input.transferTo(buffer);
      bytes = buffer.toByteArray();
    } catch (final IOException e) {
      throw new UncheckedIOException("Failed to read the content of document " + documentId, e);
    }
    reserve(bytes.length);
    final var document =
        new StoredDocument(documentId, input.contentHash(), metadata.withSize(bytes.length));
    final Entry previous = documents.putIfAbsent(documentId, new Entry(document, bytes));
    if (previous != null) {
      used.addAndGet(-bytes.length);
      throw DocumentErrors.alreadyExists(documentId);
    }
    return document;
  }

  @Override
  public Found get(final String documentId) {
    final Entry entry = live(documentId);
    if (entry == null) {
      throw DocumentErrors.notFound(documentId);
    }
    return new Found(entry.document(), new ByteArrayInputStream(entry.content()));
  }

  @Override
  public void delete(final String documentId) {
    final Entry entry = live(documentId);
    if (entry == null || !remove(documentId, entry)) {
      throw DocumentErrors.notFound(documentId);
    }
  }

  @Override
  public DocumentLink link(final String documentId, final Duration timeToLive) {
    throw DocumentErrors.notSupported(LINKS_NOT_SUPPORTED);
  }

  /** Bytes held now, for tests and the metric. */
  public long usedBytes() {
    return used.get();
  }

  /** The entry unless it is missing or expired (an expired one is dropped on the way). */
  private Entry live(final String documentId) {
    final Entry entry = documents.get(documentId);
    if (entry != null && entry.document().expiredAt(clock.instant())) {
      remove(documentId, entry);
      return null;
    }
    return entry;
  }

  private void reserve(final long size) {
    if (used.addAndGet(size) <= capacity) {
      return;
    }
    used.addAndGet(-size);
    dropExpired();
    if (used.addAndGet(size) > capacity) {
      used.addAndGet(-size);
      throw DocumentErrors.storeFull(storeId, capacity);
    }
  }

  private void dropExpired() {
    final var now = clock.instant();
    documents.forEach(
        (id, entry) -> {
          if (entry.document().expiredAt(now)) {
            remove(id, entry);
          }
        });
  }

  private boolean remove(final String documentId, final Entry entry) {
    if (documents.remove(documentId, entry)) {
      used.addAndGet(-entry.content().length);
      return true;
    }
    return false;
  }

  private record Entry(StoredDocument document, byte[] content) {}
}

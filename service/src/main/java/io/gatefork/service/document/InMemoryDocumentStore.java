package io.gatefork.service.document;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Documents on the heap, for development and tests (stock's fallback store). Bounded so that
 * uploads cannot exhaust the gateway's heap: at most {@code maxDocumentSize} bytes per document,
 * {@code capacity} bytes in total (with each document's id and metadata, {@link #held}) and {@code
 * maxDocuments} documents; expired documents are dropped when met and when space is needed. Cannot
 * create links (as stock).
 */
public final class InMemoryDocumentStore implements DocumentStore {
  static final String LINKS_NOT_SUPPORTED =
      "The in-memory document store does not support creating links";

  /** Documents at most by default. */
  public static final int MAX_DOCUMENTS = 10_000;

  // the entry, the document and its metadata records, the content hash, the map's node
  private static final long ENTRY_OVERHEAD = 256;
  private static final long NODE = 32;

  private final String storeId;
  private final long maxDocumentSize;
  private final long capacity;
  private final int maxDocuments;
  private final Clock clock;
  private final Map<String, Entry> documents = new ConcurrentHashMap<>();
  private final AtomicLong used = new AtomicLong();
  private final AtomicInteger count = new AtomicInteger();

  public InMemoryDocumentStore(
      final String storeId, final long maxDocumentSize, final long capacity, final Clock clock) {
    this(storeId, maxDocumentSize, capacity, MAX_DOCUMENTS, clock);
  }

  public InMemoryDocumentStore(
      final String storeId,
      final long maxDocumentSize,
      final long capacity,
      final int maxDocuments,
      final Clock clock) {
    this.storeId = storeId;
    this.maxDocumentSize = maxDocumentSize;
    this.capacity = capacity;
    this.maxDocuments = maxDocuments;
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
    final long held = held(documentId, metadata, bytes.length);
    reserve(held);
    final var document =
        new StoredDocument(documentId, input.contentHash(), metadata.withSize(bytes.length));
    final Entry previous = documents.putIfAbsent(documentId, new Entry(document, bytes, held));
    if (previous != null) {
      unreserve(held);
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

  /**
   * What a document holds on the heap, as counted against the capacity: its bytes, its id and
   * metadata as UTF-16 text (the client's choice, as large as a request body may be: documents
   * without bytes are not free), and the objects around them.
   */
  static long held(final String documentId, final DocumentMetadata metadata, final long size) {
    return size
        + ENTRY_OVERHEAD
        + text(documentId)
        + text(metadata.contentType())
        + text(metadata.fileName())
        + text(metadata.processDefinitionId())
        + (metadata.customProperties() == null ? 0 : value(metadata.customProperties()));
  }

  private static long text(final String value) {
    return value == null ? 0 : 2L * value.length();
  }

  /** A rough size of a JSON value: strings by their length, every node a few words. */
  private static long value(final Object value) {
    if (value instanceof final Map<?, ?> map) {
      long sum = NODE;
      for (final Map.Entry<?, ?> entry : map.entrySet()) {
        sum += NODE + value(entry.getKey()) + value(entry.getValue());
      }
      return sum;
    }
    if (value instanceof final Collection<?> list) {
      long sum = NODE;
      for (final Object element : list) {
        sum += NODE + value(element);
      }
      return sum;
    }
    if (value instanceof final CharSequence chars) {
      return NODE + 2L * chars.length();
    }
    return NODE; // a number, a boolean, null
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

  /** Room for one more document of this size, or RESOURCE_EXHAUSTED after dropping expired ones. */
  private void reserve(final long size) {
    if (tryReserve(size)) {
      return;
    }
    dropExpired();
    if (!tryReserve(size)) {
      throw count.get() >= maxDocuments
          ? DocumentErrors.storeFull(storeId, maxDocuments)
          : DocumentErrors.storeFull(storeId, capacity);
    }
  }

  private boolean tryReserve(final long size) {
    if (count.incrementAndGet() > maxDocuments) {
      count.decrementAndGet();
      return false;
    }
    if (used.addAndGet(size) > capacity) {
      unreserve(size);
      return false;
    }
    return true;
  }

  private void unreserve(final long size) {
    used.addAndGet(-size);
    count.decrementAndGet();
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
      unreserve(entry.held());
      return true;
    }
    return false;
  }

  private record Entry(StoredDocument document, byte[] content, long held) {}
}

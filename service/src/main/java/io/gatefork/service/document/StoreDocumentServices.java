package io.gatefork.service.document;

import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * {@link DocumentServices} over the configured {@link DocumentStores}. Store calls block (file I/O,
 * reading an upload's temporary file), so each runs on the document I/O executor: the Tomcat thread
 * only parses the request and is free again, the same async style as the broker-backed controllers.
 * Which store, and whether an id is acceptable, is decided before the hop.
 */
public final class StoreDocumentServices implements DocumentServices {
  private final DocumentStores stores;
  private final Executor ioExecutor;

  public StoreDocumentServices(final DocumentStores stores, final Executor ioExecutor) {
    this.stores = Objects.requireNonNull(stores, "stores");
    this.ioExecutor = Objects.requireNonNull(ioExecutor, "ioExecutor");
  }

  @Override
  public CompletableFuture<DocumentReference> create(
      final RequestContext context, final String storeId, final CreateDocument document) {
    return call(
        context,
        () -> {
          final String id = stores.resolveId(storeId);
          final String documentId = DocumentIds.orNew(document.documentId());
          return () -> new DocumentReference(id, store(id, documentId, document));
        });
  }

  @Override
  public CompletableFuture<DocumentBatchResult> createBatch(
      final RequestContext context, final String storeId, final List<CreateDocument> documents) {
    return call(
        context,
        () -> {
          final String id = stores.resolveId(storeId);
          return () -> {
            final var created = new ArrayList<DocumentReference>();
            final var failed = new ArrayList<DocumentBatchResult.Failure>();
            for (final CreateDocument document : documents) {
              try {
                final String documentId = DocumentIds.orNew(document.documentId());
                created.add(new DocumentReference(id, store(id, documentId, document)));
              } catch (final ServiceException | DocumentTooLargeException e) {
                failed.add(new DocumentBatchResult.Failure(document.fileName(), e.getMessage()));
              }
            }
            return new DocumentBatchResult(created, failed);
          };
        });
  }

  @Override
  public CompletableFuture<DocumentContent> content(
      final RequestContext context,
      final String storeId,
      final String documentId,
      final String contentHash) {
    return call(
        context,
        () -> {
          final String id = stores.resolveId(storeId);
          DocumentIds.check(documentId);
          return () -> {
            final DocumentStore.Found found = stores.get(id).get(documentId);
            try {
              verifyHash(found.document(), contentHash);
            } catch (final ServiceException e) {
              closeQuietly(found.content());
              throw e;
            }
            final DocumentMetadata metadata = found.document().metadata();
            return new DocumentContent(
                found.content(),
                metadata.contentType(),
                metadata.size() == null ? -1 : metadata.size());
          };
        });
  }

  @Override
  public CompletableFuture<Void> delete(
      final RequestContext context, final String storeId, final String documentId) {
    return call(
        context,
        () -> {
          final String id = stores.resolveId(storeId);
          DocumentIds.check(documentId);
          return () -> {
            stores.get(id).delete(documentId);
            return null;
          };
        });
  }

  @Override
  public CompletableFuture<DocumentLink> link(
      final RequestContext context,
      final String storeId,
      final String documentId,
      final String contentHash,
      final Duration timeToLive) {
    return call(
        context,
        () -> {
          final String id = stores.resolveId(storeId);
          DocumentIds.check(documentId);
          return () -> stores.get(id).link(documentId, timeToLive);
        });
  }

  private StoredDocument store(
      final String storeId, final String documentId, final CreateDocument document) {
    final InputStream content;
    try {
      content = document.content().open();
    } catch (final IOException e) {
      throw new UncheckedIOException("Failed to read the uploaded content of " + documentId, e);
    }
    return stores.get(storeId).create(documentId, document.metadata(), content);
  }

  private static void verifyHash(final StoredDocument document, final String contentHash) {
    if (contentHash == null || contentHash.isBlank()) {
      throw DocumentErrors.hashMissing(document.documentId());
    }
    if (!contentHash.equals(document.contentHash())) {
      throw DocumentErrors.hashMismatch(document.documentId(), contentHash);
    }
  }

  /**
   * Checks on the calling thread (they fail fast, without a hop), then the store work on the I/O
   * executor.
   */
  private <T> CompletableFuture<T> call(
      final RequestContext context, final Supplier<Supplier<T>> checkThenWork) {
    final Supplier<T> checked;
    try {
      checked = checkThenWork.get();
    } catch (final RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    // stage timing: no broker here; the store's work is the "mapping" stage
    final Supplier<T> work =
        () -> {
          context.timing().handlingStarted();
          final T result = checked.get();
          context.timing().resultReady();
          return result;
        };
    context.timing().dispatched();
    try {
      return CompletableFuture.supplyAsync(work, ioExecutor);
    } catch (final java.util.concurrent.RejectedExecutionException e) {
      return CompletableFuture.failedFuture(
          new ServiceException(
              io.gatefork.service.error.ServiceStatus.RESOURCE_EXHAUSTED,
              "Document I/O is saturated, try again later",
              e));
    }
  }

  private static void closeQuietly(final InputStream stream) {
    try {
      stream.close();
    } catch (final IOException ignored) {
      // nothing to do: the stream was only opened to be answered
    }
  }
}

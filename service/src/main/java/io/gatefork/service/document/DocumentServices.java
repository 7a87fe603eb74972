package io.gatefork.service.document;

import io.gatefork.service.RequestContext;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The document API (not broker commands: a gateway serves them from its document store). A null
 * {@code storeId} means the default store.
 */
public interface DocumentServices {

  CompletableFuture<DocumentReference> create(
      RequestContext context, String storeId, CreateDocument document);

  /** One failed document does not fail the others: it is listed in the result. */
  CompletableFuture<DocumentBatchResult> createBatch(
      RequestContext context, String storeId, List<CreateDocument> documents);

  /** Not found before a missing or wrong hash, as stock checks them. */
  CompletableFuture<DocumentContent> content(
      RequestContext context, String storeId, String documentId, String contentHash);

  CompletableFuture<Void> delete(RequestContext context, String storeId, String documentId);

  CompletableFuture<DocumentLink> link(
      RequestContext context,
      String storeId,
      String documentId,
      String contentHash,
      Duration timeToLive);
}

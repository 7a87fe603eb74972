package io.gatefork.gateway.app.document;

import io.gatefork.service.document.DocumentStore;
import io.gatefork.service.document.DocumentStores;
import io.gatefork.service.document.InMemoryDocumentStore;
import io.gatefork.service.document.LocalDocumentStore;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the stores as a stock 8.8 gateway does from the same settings: none configured means one
 * in-memory store with id {@code in-memory}; otherwise every configured store, with {@code
 * DOCUMENT_DEFAULT_STORE_ID} required and naming one of them. Stores are chosen by the stock
 * provider class names; gatefork has the in-memory and the local one. A cloud store (AWS, GCP,
 * Azure) or an unknown class stops the start with an error that says so, rather than losing
 * documents in a store the operator did not ask for.
 */
public final class DocumentStoreFactory {
  public static final String FALLBACK_STORE_ID = "in-memory";
  static final String IN_MEMORY_PROVIDER =
      "io.camunda.document.store.inmemory.InMemoryDocumentStoreProvider";
  static final String LOCAL_PROVIDER =
      "io.camunda.document.store.localstorage.LocalStorageDocumentStoreProvider";
  private static final Logger LOG = LoggerFactory.getLogger(DocumentStoreFactory.class);

  private DocumentStoreFactory() {}

  public static DocumentStores create(
      final DocumentStoreSettings settings,
      final long maxDocumentSize,
      final long inMemoryCapacity,
      final Clock clock) {
    if (settings.stores().isEmpty()) {
      LOG.info(
          "No document stores configured: documents are kept in memory (store '{}', at most {} bytes)",
          FALLBACK_STORE_ID,
          inMemoryCapacity);
      return new DocumentStores(
          Map.of(
              FALLBACK_STORE_ID,
              new InMemoryDocumentStore(
                  FALLBACK_STORE_ID, maxDocumentSize, inMemoryCapacity, clock)),
          FALLBACK_STORE_ID);
    }
    if (settings.defaultStoreId() == null) {
      throw new IllegalArgumentException(
          "Document stores are configured (DOCUMENT_STORE_<ID>_CLASS) but no default: set "
              + DocumentStoreSettings.DEFAULT_STORE_ID);
    }
    final var stores = new LinkedHashMap<String, DocumentStore>();
    settings
        .stores()
        .forEach(
            (id, properties) ->
                stores.put(id, store(id, properties, maxDocumentSize, inMemoryCapacity, clock)));
    return new DocumentStores(stores, settings.defaultStoreId());
  }

  private static DocumentStore store(
      final String id,
      final Map<String, String> properties,
      final long maxDocumentSize,
      final long inMemoryCapacity,
      final Clock clock) {
    final String providerClass = properties.get("CLASS");
    if (providerClass == null) {
      throw new IllegalArgumentException("Store class not defined for document store: " + id);
    }
    return switch (providerClass.strip()) {
      case IN_MEMORY_PROVIDER ->
          new InMemoryDocumentStore(id, maxDocumentSize, inMemoryCapacity, clock);
      case LOCAL_PROVIDER -> new LocalDocumentStore(path(id, properties), maxDocumentSize, clock);
      default ->
          throw new IllegalArgumentException(
              "Document store '%s': gatefork does not provide %s; it serves the in-memory (%s) and local (%s) stores only"
                  .formatted(id, providerClass, IN_MEMORY_PROVIDER, LOCAL_PROVIDER));
    };
  }

  private static Path path(final String id, final Map<String, String> properties) {
    final String path = properties.get("PATH");
    if (path == null || path.isBlank()) {
      throw new IllegalArgumentException(
          "Local document store '%s' needs DOCUMENT_STORE_%s_PATH".formatted(id, id.toUpperCase()));
    }
    try {
      return Path.of(path);
    } catch (final InvalidPathException e) {
      throw new IllegalArgumentException(
          "Failed to configure document store with id '%s': '%s' must be a valid path"
              .formatted(id, path),
          e);
    }
  }
}

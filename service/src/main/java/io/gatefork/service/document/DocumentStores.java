package io.gatefork.service.document;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The configured stores by id and the one used when a request names none (stock: one default store
 * per cluster; {@code storeId} query parameters pick another configured one).
 */
public final class DocumentStores {
  private final Map<String, DocumentStore> byId;
  private final String defaultStoreId;

  public DocumentStores(final Map<String, DocumentStore> byId, final String defaultStoreId) {
    if (!byId.containsKey(defaultStoreId)) {
      throw new IllegalArgumentException(
          "Default document store ID does not match any configured document store: "
              + defaultStoreId);
    }
    this.byId = new LinkedHashMap<>(byId);
    this.defaultStoreId = defaultStoreId;
  }

  /** The store with this id, the default one for null. */
  public String resolveId(final String storeId) {
    final String id = storeId == null || storeId.isEmpty() ? defaultStoreId : storeId;
    if (!byId.containsKey(id)) {
      throw DocumentErrors.storeDoesNotExist(id);
    }
    return id;
  }

  public DocumentStore get(final String resolvedId) {
    return byId.get(resolvedId);
  }

  public String defaultStoreId() {
    return defaultStoreId;
  }
}

package io.gatefork.service.document;

/** What a created document is answered as: the store it is in and the stored document. */
public record DocumentReference(String storeId, StoredDocument document) {}

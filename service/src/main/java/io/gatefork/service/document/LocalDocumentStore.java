package io.gatefork.service.document;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Documents in a local directory (stock's "local" store, for development: not shared between
 * gateways). Layout: {@code content/<id>}, {@code metadata/<id>.json}, and {@code tmp/} where an
 * upload is streamed (hashed and size-checked on the way) before it is moved in, so a half-written
 * or oversized upload never becomes visible. The metadata file is written last and is what makes a
 * document exist. Cannot create links (as stock).
 */
public final class LocalDocumentStore implements DocumentStore {
  static final String LINKS_NOT_SUPPORTED =
      "The local storage document store does not support creating links";
  private static final int LOCK_STRIPES = 64;
  private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

  private final Path content;
  private final Path metadata;
  private final Path tmp;
  private final long maxDocumentSize;
  private final Clock clock;
  private final ObjectMapper json = new ObjectMapper();
  private final Object[] locks = new Object[LOCK_STRIPES];

  public LocalDocumentStore(final Path directory, final long maxDocumentSize, final Clock clock) {
    content = directory.resolve("content");
    metadata = directory.resolve("metadata");
    tmp = directory.resolve("tmp");
    this.maxDocumentSize = maxDocumentSize;
    this.clock = clock;
    for (int i = 0; i < LOCK_STRIPES; i++) {
      locks[i] = new Object();
    }
    try {
      Files.createDirectories(content);
      Files.createDirectories(metadata);
      Files.createDirectories(tmp);
    } catch (final IOException e) {
      throw new UncheckedIOException(
          "Cannot use " + directory + " as a local document store directory", e);
    }
  }

  @Override
  public StoredDocument create(
      final String documentId, final DocumentMetadata given, final InputStream source) {
    DocumentIds.check(documentId);
    if (read(documentId) != null) {
      throw DocumentErrors.alreadyExists(documentId); // early, before streaming the upload
    }
    Path upload = null;
    try {
      upload = Files.createTempFile(tmp, "upload-", ".part");
      final HashingInput input = new HashingInput(source, maxDocumentSize);
      try (input) {
        Files.copy(input, upload, StandardCopyOption.REPLACE_EXISTING);
      }
      final var document =
          new StoredDocument(documentId, input.contentHash(), given.withSize(input.count()));
      synchronized (lockFor(documentId)) {
        if (read(documentId) != null) {
          throw DocumentErrors.alreadyExists(documentId);
        }
        move(upload, contentFile(documentId));
        upload = null;
        writeMetadata(document);
      }
      return document;
    } catch (final IOException e) {
      throw DocumentErrors.storageFailed(documentId, e);
    } finally {
      if (upload != null) {
        deleteQuietly(upload);
      }
    }
  }

  @Override
  public Found get(final String documentId) {
    DocumentIds.check(documentId);
    final StoredDocument document = read(documentId);
    if (document == null) {
      throw DocumentErrors.notFound(documentId);
    }
    try {
      return new Found(document, Files.newInputStream(contentFile(documentId)));
    } catch (final NoSuchFileException e) {
      throw DocumentErrors.notFound(documentId); // deleted meanwhile
    } catch (final IOException e) {
      throw DocumentErrors.storageFailed(documentId, e);
    }
  }

  @Override
  public void delete(final String documentId) {
    DocumentIds.check(documentId);
    synchronized (lockFor(documentId)) {
      if (read(documentId) == null) {
        throw DocumentErrors.notFound(documentId);
      }
      remove(documentId);
    }
  }

  @Override
  public DocumentLink link(final String documentId, final Duration timeToLive) {
    throw DocumentErrors.notSupported(LINKS_NOT_SUPPORTED);
  }

  /** The live document, or null when missing or expired (an expired one is removed). */
  private StoredDocument read(final String documentId) {
    final Map<String, Object> fields;
    try {
      fields = json.readValue(metadataFile(documentId).toFile(), MAP);
    } catch (final NoSuchFileException | java.io.FileNotFoundException e) {
      return null;
    } catch (final IOException e) {
      throw DocumentErrors.storageFailed(documentId, e);
    }
    final StoredDocument document = fromFields(documentId, fields);
    if (document.expiredAt(clock.instant())) {
      synchronized (lockFor(documentId)) {
        remove(documentId);
      }
      return null;
    }
    return document;
  }

  private void writeMetadata(final StoredDocument document) throws IOException {
    final Path target = metadataFile(document.documentId());
    final Path written = Files.createTempFile(tmp, "metadata-", ".json");
    try {
      json.writeValue(written.toFile(), toFields(document));
      move(written, target);
    } catch (final IOException e) {
      deleteQuietly(written);
      deleteQuietly(contentFile(document.documentId()));
      throw e;
    }
  }

  private void remove(final String documentId) {
    deleteQuietly(metadataFile(documentId)); // first: the document is gone from here on
    deleteQuietly(contentFile(documentId));
  }

  private static Map<String, Object> toFields(final StoredDocument document) {
    final DocumentMetadata m = document.metadata();
    final var fields = new LinkedHashMap<String, Object>();
    fields.put("contentHash", document.contentHash());
    fields.put("contentType", m.contentType());
    fields.put("fileName", m.fileName());
    fields.put("expiresAt", m.expiresAt() == null ? null : m.expiresAt().toString());
    fields.put("size", m.size());
    fields.put("processDefinitionId", m.processDefinitionId());
    fields.put("processInstanceKey", m.processInstanceKey());
    fields.put("customProperties", m.customProperties());
    return fields;
  }

  @SuppressWarnings("unchecked")
  private static StoredDocument fromFields(final String documentId, final Map<String, Object> f) {
    final Object expiresAt = f.get("expiresAt");
    return new StoredDocument(
        documentId,
        (String) f.get("contentHash"),
        new DocumentMetadata(
            (String) f.get("contentType"),
            (String) f.get("fileName"),
            expiresAt == null ? null : OffsetDateTime.parse((String) expiresAt),
            f.get("size") == null ? null : ((Number) f.get("size")).longValue(),
            (String) f.get("processDefinitionId"),
            f.get("processInstanceKey") == null
                ? null
                : ((Number) f.get("processInstanceKey")).longValue(),
            (Map<String, Object>) f.get("customProperties")));
  }

  private Path contentFile(final String documentId) {
    return content.resolve(documentId);
  }

  private Path metadataFile(final String documentId) {
    return metadata.resolve(documentId + ".json");
  }

  private Object lockFor(final String documentId) {
    return locks[Math.floorMod(documentId.hashCode(), LOCK_STRIPES)];
  }

  private static void move(final Path from, final Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (final AtomicMoveNotSupportedException e) {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private static void deleteQuietly(final Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (final IOException ignored) {
      // a leftover file in tmp/ or an orphaned content file is harmless: metadata decides
    }
  }
}

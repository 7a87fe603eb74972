package io.gatefork.gateway.rest.document;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.service.RequestContext;
import io.gatefork.service.document.CreateDocument;
import io.gatefork.service.document.DocumentContent;
import io.gatefork.service.document.DocumentMetadata;
import io.gatefork.service.document.DocumentServices;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.validation.FieldRules;
import io.gatefork.service.validation.FieldViolation;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.Part;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.springframework.core.io.InputStreamResource;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The document API of the 8.8 spec, served from the gateway's document store (see {@code
 * DocumentServices}). Uploads are parsed by the servlet container into temporary parts (bounded by
 * {@code spring.servlet.multipart.*}); the store reads them on the document I/O executor. A
 * download is written from the store's stream on the async dispatch: a bounded copy (at most the
 * maximum document size) from memory or a local file, like any other response body write.
 */
@RestController
public class DocumentController {
  static final String FILE_PART = "file";
  static final String METADATA_PART = "metadata";
  static final String FILES_PART = "files";
  static final String METADATA_LIST_PART = "metadataList";

  /** 8.8 clients send each file's metadata in this part header (the spec calls it deprecated). */
  static final String METADATA_HEADER = "X-Document-Metadata";

  static final Duration DEFAULT_LINK_TIME_TO_LIVE = Duration.ofHours(1);
  private static final String PRODUCES_JSON = MediaType.APPLICATION_JSON_VALUE;
  private static final String PRODUCES_PROBLEM = MediaType.APPLICATION_PROBLEM_JSON_VALUE;

  private final DocumentServices documentServices;
  private final DocumentMetadataParser metadataParser;

  public DocumentController(final DocumentServices documentServices, final ObjectMapper json) {
    this.documentServices = documentServices;
    metadataParser = new DocumentMetadataParser(json);
  }

  @GatewayOperation(Operation.CREATE_DOCUMENT)
  @PostMapping(
      path = "/v2/documents",
      consumes = MediaType.MULTIPART_FORM_DATA_VALUE,
      produces = {PRODUCES_JSON, PRODUCES_PROBLEM})
  public CompletableFuture<ResponseEntity<Object>> createDocument(
      final HttpServletRequest request,
      @RequestParam(name = "storeId", required = false) final String storeId,
      @RequestParam(name = "documentId", required = false) final String documentId,
      final RequestContext context) {
    onlyParts(request, FILE_PART, METADATA_PART);
    final Part file = FieldRules.require(FILE_PART, part(request, FILE_PART));
    final DocumentMetadata metadata =
        metadataParser
            .parse(METADATA_PART, text(request, METADATA_PART))
            .withDefaults(file.getContentType(), file.getSubmittedFileName());
    final var command =
        new CreateDocument(documentId, metadata, file::getInputStream, metadata.fileName());
    return documentServices
        .create(context, storeId, command)
        .handle(
            (created, failure) ->
                failure == null
                    ? ResponseEntity.status(HttpStatus.CREATED)
                        .body(DocumentResponses.reference(created))
                    : DocumentResponses.problem(failure));
  }

  @GatewayOperation(Operation.CREATE_DOCUMENTS)
  @PostMapping(
      path = "/v2/documents/batch",
      consumes = MediaType.MULTIPART_FORM_DATA_VALUE,
      produces = {PRODUCES_JSON, PRODUCES_PROBLEM})
  public CompletableFuture<ResponseEntity<Object>> createDocuments(
      final HttpServletRequest request,
      @RequestParam(name = "storeId", required = false) final String storeId,
      final RequestContext context) {
    onlyParts(request, FILES_PART, METADATA_LIST_PART);
    final List<Part> files = new ArrayList<>();
    for (final Part part : parts(request)) {
      if (FILES_PART.equals(part.getName())) {
        files.add(part);
      }
    }
    FieldRules.requireNonEmpty(FILES_PART, files);
    final List<DocumentMetadata> metadataList =
        metadataParser.parseList(METADATA_LIST_PART, text(request, METADATA_LIST_PART));
    if (!metadataList.isEmpty() && metadataList.size() != files.size()) {
      throw FieldRules.invalid(
          METADATA_LIST_PART,
          "has %d entries for %d files; it must have one per file"
              .formatted(metadataList.size(), files.size()));
    }
    final var documents = new ArrayList<CreateDocument>(files.size());
    for (int i = 0; i < files.size(); i++) {
      final Part file = files.get(i);
      final DocumentMetadata given =
          metadataList.isEmpty()
              ? metadataParser.parse(
                  FILES_PART + "[" + i + "]." + METADATA_HEADER, file.getHeader(METADATA_HEADER))
              : metadataList.get(i);
      final DocumentMetadata metadata =
          given.withDefaults(file.getContentType(), file.getSubmittedFileName());
      if (metadata.fileName() == null || metadata.fileName().isBlank()) {
        throw FieldRules.invalid(
            FILES_PART + "[" + i + "]",
            "every file needs a file name (Content-Disposition filename or metadata fileName)");
      }
      documents.add(new CreateDocument(null, metadata, file::getInputStream, metadata.fileName()));
    }
    return documentServices
        .createBatch(context, storeId, documents)
        .handle(
            (result, failure) -> {
              if (failure != null) {
                return DocumentResponses.problem(failure);
              }
              return ResponseEntity.status(
                      result.failed().isEmpty() ? HttpStatus.CREATED : HttpStatus.MULTI_STATUS)
                  .body(DocumentResponses.batch(result));
            });
  }

  /**
   * The bytes with the document's content type. Produces anything: the type is set on the response,
   * whatever the client's Accept header (the 8.8 client sends application/json).
   */
  @GatewayOperation(Operation.GET_DOCUMENT)
  @GetMapping(path = "/v2/documents/{documentId}")
  public CompletableFuture<ResponseEntity<Object>> getDocument(
      @PathVariable final String documentId,
      @RequestParam(name = "storeId", required = false) final String storeId,
      @RequestParam(name = "contentHash", required = false) final String contentHash,
      final RequestContext context) {
    return documentServices
        .content(context, storeId, documentId, contentHash)
        .handle(
            (content, failure) ->
                failure == null ? download(content) : DocumentResponses.problem(failure));
  }

  @GatewayOperation(Operation.DELETE_DOCUMENT)
  @DeleteMapping(
      path = "/v2/documents/{documentId}",
      produces = {PRODUCES_JSON, PRODUCES_PROBLEM})
  public CompletableFuture<ResponseEntity<Object>> deleteDocument(
      @PathVariable final String documentId,
      @RequestParam(name = "storeId", required = false) final String storeId,
      final RequestContext context) {
    return documentServices
        .delete(context, storeId, documentId)
        .handle(
            (ignored, failure) ->
                failure == null
                    ? ResponseEntity.noContent().build()
                    : DocumentResponses.problem(failure));
  }

  @GatewayOperation(Operation.CREATE_DOCUMENT_LINK)
  @PostMapping(
      path = "/v2/documents/{documentId}/links",
      produces = {PRODUCES_JSON, PRODUCES_PROBLEM})
  public CompletableFuture<ResponseEntity<Object>> createDocumentLink(
      @PathVariable final String documentId,
      @RequestParam(name = "storeId", required = false) final String storeId,
      @RequestParam(name = "contentHash", required = false) final String contentHash,
      @RequestBody(required = false) final DocumentLinkRequest body,
      final RequestContext context) {
    final Duration timeToLive =
        body == null || body.timeToLive() == null
            ? DEFAULT_LINK_TIME_TO_LIVE
            : Duration.ofMillis(FieldRules.requirePositive("timeToLive", body.timeToLive()));
    return documentServices
        .link(context, storeId, documentId, contentHash, timeToLive)
        .handle(
            (link, failure) ->
                failure == null
                    ? ResponseEntity.status(HttpStatus.CREATED).body(DocumentResponses.link(link))
                    : DocumentResponses.problem(failure));
  }

  private static ResponseEntity<Object> download(final DocumentContent content) {
    final var response = ResponseEntity.ok().contentType(mediaType(content.contentType()));
    if (content.size() >= 0) {
      response.contentLength(content.size());
    }
    return response.body(new InputStreamResource(content.stream()));
  }

  private static MediaType mediaType(final String contentType) {
    if (contentType == null || contentType.isBlank()) {
      return MediaType.APPLICATION_OCTET_STREAM;
    }
    try {
      return MediaType.parseMediaType(contentType);
    } catch (final InvalidMediaTypeException e) {
      return MediaType.APPLICATION_OCTET_STREAM;
    }
  }

  private static Iterable<Part> parts(final HttpServletRequest request) {
    try {
      return request.getParts();
    } catch (final IOException | ServletException e) {
      throw unreadable("multipart", e);
    }
  }

  /** The spec's multipart schemas say additionalProperties: false: other parts are refused. */
  private static void onlyParts(final HttpServletRequest request, final String... allowed) {
    for (final Part part : parts(request)) {
      final String name = part.getName();
      if (!name.equals(allowed[0]) && !name.equals(allowed[1])) {
        throw FieldRules.invalid(
            name,
            "is not a part of this request; expected "
                + allowed[0]
                + " and optionally "
                + allowed[1]);
      }
    }
  }

  private static FieldViolation unreadable(final String part, final Exception e) {
    return FieldRules.invalid(part, "is not readable: " + e.getMessage());
  }

  private static Part part(final HttpServletRequest request, final String name) {
    try {
      return request.getPart(name);
    } catch (final IOException | ServletException e) {
      throw unreadable(name, e);
    }
  }

  /** A text part, sent as a form field or (some clients) as a file part. */
  private static String text(final HttpServletRequest request, final String name) {
    final Part part = part(request, name);
    if (part == null) {
      return null;
    }
    try (InputStream in = part.getInputStream()) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (final IOException e) {
      throw new UncheckedIOException("Failed to read multipart part " + name, e);
    }
  }
}

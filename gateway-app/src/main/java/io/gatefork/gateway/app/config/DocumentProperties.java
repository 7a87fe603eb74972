package io.gatefork.gateway.app.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * gatefork's bounds on document stores (which store is used comes from the stock {@code DOCUMENT_*}
 * variables, see {@code DocumentStoreSettings}).
 *
 * @param maxDocumentSize per document, in every store; uploads are also bounded by {@code
 *     spring.servlet.multipart.max-file-size} (4MB by default), whichever is smaller
 * @param inMemoryCapacity all documents of an in-memory store together
 * @param ioThreads the document I/O executor's threads; stock's {@code DOCUMENT_THREAD_POOL_SIZE}
 *     wins when set
 * @param ioQueueCapacity store operations waiting for a thread before requests are answered 503
 */
@ConfigurationProperties("gatefork.document")
public record DocumentProperties(
    @DefaultValue("4MB") DataSize maxDocumentSize,
    @DefaultValue("64MB") DataSize inMemoryCapacity,
    @DefaultValue("2") int ioThreads,
    @DefaultValue("256") int ioQueueCapacity) {}

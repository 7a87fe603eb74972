package io.gatefork.gateway.app.document;

import io.gatefork.gateway.app.config.DocumentProperties;
import io.gatefork.service.document.DocumentStores;
import io.gatefork.service.document.StoreDocumentServices;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * The document API's store and its I/O executor: store operations block on files and upload parts,
 * so they get their own small bounded pool instead of the API executor, whose threads must stay
 * free for broker responses. A full queue answers 503 (see {@code StoreDocumentServices}).
 */
@Configuration(proxyBeanMethods = false)
public class DocumentConfiguration {

  @Bean
  public DocumentStores documentStores(
      final ConfigurableEnvironment environment, final DocumentProperties properties) {
    return DocumentStoreFactory.create(
        DocumentStoreSettings.from(environment),
        properties.maxDocumentSize().toBytes(),
        properties.inMemoryCapacity().toBytes(),
        Clock.systemUTC());
  }

  @Bean(destroyMethod = "close")
  public DocumentIoPool documentIoPool(
      final ConfigurableEnvironment environment, final DocumentProperties properties) {
    final Integer stockSize = DocumentStoreSettings.from(environment).threadPoolSize();
    return new DocumentIoPool(
        Math.max(1, stockSize != null ? stockSize : properties.ioThreads()),
        Math.max(1, properties.ioQueueCapacity()));
  }

  @Bean
  public StoreDocumentServices documentServices(
      final DocumentStores documentStores, final DocumentIoPool documentIoPool) {
    return new StoreDocumentServices(documentStores, documentIoPool.executor());
  }
}

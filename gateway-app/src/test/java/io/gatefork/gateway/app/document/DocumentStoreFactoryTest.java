package io.gatefork.gateway.app.document;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gatefork.service.document.InMemoryDocumentStore;
import io.gatefork.service.document.LocalDocumentStore;
import io.gatefork.service.error.ServiceException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

/** The stock DOCUMENT_* settings select stores as a stock 8.8 gateway selects them. */
class DocumentStoreFactoryTest {
  @TempDir Path directory;

  @Test
  void withoutConfigurationDocumentsGoToTheInMemoryFallbackStore() {
    final var stores = create(Map.of());

    assertThat(stores.defaultStoreId()).isEqualTo("in-memory");
    assertThat(stores.get("in-memory")).isInstanceOf(InMemoryDocumentStore.class);
  }

  @Test
  void stockVariablesSelectALocalStoreAsDefaultBesideAnInMemoryOne() {
    final var stores =
        create(
            Map.of(
                "DOCUMENT_DEFAULT_STORE_ID",
                "LOCAL",
                "DOCUMENT_STORE_LOCAL_CLASS",
                DocumentStoreFactory.LOCAL_PROVIDER,
                "DOCUMENT_STORE_LOCAL_PATH",
                directory.toString(),
                "DOCUMENT_STORE_INMEMORY_CLASS",
                DocumentStoreFactory.IN_MEMORY_PROVIDER));

    assertThat(stores.defaultStoreId()).isEqualTo("local");
    assertThat(stores.get("local")).isInstanceOf(LocalDocumentStore.class);
    assertThat(stores.get("inmemory")).isInstanceOf(InMemoryDocumentStore.class);
    assertThatThrownBy(() -> stores.resolveId("in-memory")).isInstanceOf(ServiceException.class);
  }

  @Test
  void cloudStoreStopsTheStartWithAClearError() {
    assertThatThrownBy(
            () ->
                create(
                    Map.of(
                        "DOCUMENT_DEFAULT_STORE_ID", "aws",
                        "DOCUMENT_STORE_AWS_CLASS",
                            "io.camunda.document.store.aws.AwsDocumentStoreProvider",
                        "DOCUMENT_STORE_AWS_BUCKET", "b")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(
            "gatefork does not provide io.camunda.document.store.aws.AwsDocumentStoreProvider");
  }

  @Test
  void configuredStoresWithoutADefaultAreAnError() {
    assertThatThrownBy(
            () ->
                create(Map.of("DOCUMENT_STORE_MEM_CLASS", DocumentStoreFactory.IN_MEMORY_PROVIDER)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("DOCUMENT_DEFAULT_STORE_ID");
  }

  private static io.gatefork.service.document.DocumentStores create(
      final Map<String, Object> settings) {
    final var environment = new StandardEnvironment();
    environment.getPropertySources().addFirst(new MapPropertySource("test", settings));
    return DocumentStoreFactory.create(
        DocumentStoreSettings.from(environment), 1024, 4096, Clock.systemUTC());
  }
}

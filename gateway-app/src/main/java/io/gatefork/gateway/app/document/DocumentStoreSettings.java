package io.gatefork.gateway.app.document;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.PropertySource;

/**
 * The stock 8.8 document store configuration, read under its own names from environment variables,
 * system properties or any other property source: {@code DOCUMENT_DEFAULT_STORE_ID}, {@code
 * DOCUMENT_THREAD_POOL_SIZE} and per store {@code DOCUMENT_STORE_<ID>_CLASS} plus its properties
 * ({@code DOCUMENT_STORE_<ID>_PATH} for a local store). Store ids are lower-cased, as stock does.
 *
 * @param stores store id to its properties (upper-case names without the prefix, e.g. {@code
 *     CLASS}, {@code PATH})
 */
public record DocumentStoreSettings(
    String defaultStoreId, Integer threadPoolSize, Map<String, Map<String, String>> stores) {
  static final String DEFAULT_STORE_ID = "DOCUMENT_DEFAULT_STORE_ID";
  static final String THREAD_POOL_SIZE = "DOCUMENT_THREAD_POOL_SIZE";
  private static final Pattern STORE_PROPERTY =
      Pattern.compile("^DOCUMENT_STORE_(?<id>[^_]+)_(?<property>.+)$");

  public static DocumentStoreSettings from(final ConfigurableEnvironment environment) {
    final Map<String, Map<String, String>> stores = new TreeMap<>();
    for (final PropertySource<?> source : environment.getPropertySources()) {
      if (!(source instanceof final EnumerablePropertySource<?> enumerable)) {
        continue;
      }
      for (final String name : enumerable.getPropertyNames()) {
        final Matcher matcher = STORE_PROPERTY.matcher(name);
        if (matcher.matches()) {
          stores
              .computeIfAbsent(matcher.group("id").toLowerCase(Locale.ROOT), id -> new TreeMap<>())
              .putIfAbsent(matcher.group("property"), environment.getProperty(name));
        }
      }
    }
    final String defaultStoreId = environment.getProperty(DEFAULT_STORE_ID);
    final String threadPoolSize = environment.getProperty(THREAD_POOL_SIZE);
    return new DocumentStoreSettings(
        defaultStoreId == null || defaultStoreId.isBlank()
            ? null
            : defaultStoreId.toLowerCase(Locale.ROOT),
        threadPoolSize == null || threadPoolSize.isBlank()
            ? null
            : Integer.valueOf(threadPoolSize.strip()),
        stores);
  }
}

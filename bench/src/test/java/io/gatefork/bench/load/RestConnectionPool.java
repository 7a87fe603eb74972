package io.gatefork.bench.load;

import io.camunda.client.CamundaClient;
import java.lang.reflect.Field;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManager;
import org.apache.hc.client5.http.nio.AsyncClientConnectionManager;

/**
 * Reads the REST connection pool inside camunda-client-java (its {@code HttpClientFactory} builds a
 * {@code PoolingAsyncClientConnectionManager}; finding it takes reflection). Client 8.8.0 left
 * Apache HttpClient 5's default of 5 connections per route, with no setting; the 8.8 patches since
 * (camunda/camunda#40576, in 8.8.14) set 100 and added {@code maxHttpConnections}, which the
 * harness uses. Tests only: they check that setting reaches the pool.
 */
final class RestConnectionPool {
  private RestConnectionPool() {}

  /** The per-route limit the client's REST pool has now. */
  static int maxPerRoute(final CamundaClient client) {
    return pool(client).getDefaultMaxPerRoute();
  }

  static PoolingAsyncClientConnectionManager pool(final CamundaClient client) {
    final Object http = fieldOfType(client, io.camunda.client.impl.http.HttpClient.class);
    final Object async =
        fieldOfType(http, org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient.class);
    final Object manager = fieldOfType(async, AsyncClientConnectionManager.class);
    if (manager instanceof PoolingAsyncClientConnectionManager pooling) {
      return pooling;
    }
    throw new IllegalStateException(
        "the client's REST connection manager is a "
            + manager.getClass().getName()
            + ", not the pooling one this harness knows");
  }

  /** The first field, up the class hierarchy, whose declared type is {@code type} or a subtype. */
  private static Object fieldOfType(final Object owner, final Class<?> type) {
    for (Class<?> c = owner.getClass(); c != null; c = c.getSuperclass()) {
      for (final Field field : c.getDeclaredFields()) {
        if (type.isAssignableFrom(field.getType())) {
          try {
            field.setAccessible(true);
            final Object value = field.get(owner);
            if (value != null) {
              return value;
            }
          } catch (final ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException(
                "cannot read "
                    + c.getName()
                    + "."
                    + field.getName()
                    + " of camunda-client-java: "
                    + e,
                e);
          }
        }
      }
    }
    throw new IllegalStateException(
        "no "
            + type.getSimpleName()
            + " inside "
            + owner.getClass().getName()
            + ": the client's internals changed; see RestConnectionPool");
  }
}

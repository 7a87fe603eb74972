package io.gatefork.bench.load;

import io.camunda.client.CamundaClient;
import java.lang.reflect.Field;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManager;
import org.apache.hc.client5.http.nio.AsyncClientConnectionManager;

/**
 * The REST connection pool inside camunda-client-java 8.8.0. Its {@code HttpClientFactory} builds a
 * {@code PoolingAsyncClientConnectionManager} (policy LAX) without limits, so Apache HttpClient 5's
 * defaults apply: 5 connections per route (25 in total, which LAX does not enforce). The client has
 * no setting for it in 8.8.0 ({@code -Dhttp.maxConnections} does not reach a connection manager the
 * client sets itself; upstream added a {@code maxHttpConnections} setting afterwards,
 * camunda/camunda#40576 and #40578). All of a benchmark's requests go to one route, so 5
 * connections cap a client at 5 requests in flight: the starter's creates and the workers' polls
 * and completions queue in the client, and that wait shows up as gateway latency. The harness
 * therefore reaches the pool and raises its limits through HttpClient's own API; only finding the
 * object takes reflection.
 */
public final class RestConnectionPool {
  private RestConnectionPool() {}

  /** Raises the per-route (and total) limit of the client's REST pool to {@code connections}. */
  public static void widen(final CamundaClient client, final int connections) {
    final PoolingAsyncClientConnectionManager pool = pool(client);
    pool.setDefaultMaxPerRoute(connections);
    pool.setMaxTotal(connections);
  }

  /** The per-route limit the client's REST pool has now. */
  public static int maxPerRoute(final CamundaClient client) {
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

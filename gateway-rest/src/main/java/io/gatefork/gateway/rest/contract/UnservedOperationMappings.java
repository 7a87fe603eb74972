package io.gatefork.gateway.rest.contract;

import java.util.HashSet;
import java.util.Set;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Registers an answer for every operation of the catalog that no controller serves, on the same
 * handler mapping as the controllers (and with its path-matching options), once all beans exist and
 * before the server accepts requests. An operation classified as not served that a controller maps
 * anyway fails the start: the classification and the controllers must agree.
 */
public final class UnservedOperationMappings implements SmartInitializingSingleton {
  private final RestOperationCatalog catalog;
  private final RequestMappingHandlerMapping handlerMapping;

  public UnservedOperationMappings(
      final RestOperationCatalog catalog, final RequestMappingHandlerMapping handlerMapping) {
    this.catalog = catalog;
    this.handlerMapping = handlerMapping;
  }

  @Override
  public void afterSingletonsInstantiated() {
    final Set<String> mapped = mappedRoutes(handlerMapping);
    for (final RestOperation operation : catalog.all()) {
      if (operation.served()) {
        continue;
      }
      if (mapped.contains(route(operation.method(), operation.apiPath()))) {
        throw new IllegalStateException(
            operation.operationId()
                + " is classified "
                + operation.status()
                + " in "
                + RestOperationCatalog.RESOURCE
                + ", but a controller maps "
                + operation.method()
                + " "
                + operation.apiPath());
      }
      final RequestMappingInfo mapping =
          RequestMappingInfo.paths(operation.apiPath())
              .methods(RequestMethod.valueOf(operation.method()))
              .options(handlerMapping.getBuilderConfiguration())
              .build();
      handlerMapping.registerMapping(
          mapping, new UnservedOperationHandler(operation), UnservedOperationHandler.ANSWER);
    }
  }

  /** {@code METHOD /path} of every mapping, path variables written as {@code {}}. */
  public static Set<String> mappedRoutes(final RequestMappingHandlerMapping handlerMapping) {
    final var routes = new HashSet<String>();
    for (final RequestMappingInfo info : handlerMapping.getHandlerMethods().keySet()) {
      for (final String pattern : info.getPatternValues()) {
        for (final RequestMethod method : info.getMethodsCondition().getMethods()) {
          routes.add(route(method.name(), pattern));
        }
      }
    }
    return routes;
  }

  public static String route(final String method, final String path) {
    return method + " " + path.replaceAll("\\{[^}]*}", "{}");
  }
}

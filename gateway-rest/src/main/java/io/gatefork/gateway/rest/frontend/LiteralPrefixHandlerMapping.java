package io.gatefork.gateway.rest.frontend;

import io.gatefork.gateway.rest.exchange.RestExchange;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.condition.PathPatternsRequestCondition;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.util.pattern.PathPattern;

/**
 * Spring MVC's request mapping with a cheap first test. For a path with variables (every keyed
 * operation, {@code /v2/jobs/{jobKey}/completion}) MVC evaluates every mapping of the application
 * in full — methods, params, headers, consumes, produces, then patterns — about 150 here. This
 * rejects a mapping first when the request path does not start with the literal beginning of any of
 * its patterns ({@code /v2/jobs/}), which is what the pattern test would conclude later; the full
 * evaluation then runs only on the few mappings that remain. Paths with {@code %} or {@code ;}
 * (decoded or stripped before pattern matching) and non-{@link PathPattern} mappings skip the
 * shortcut, so the outcome is MVC's in every case. A request the admission filter already looked up
 * is not looked up again.
 */
final class LiteralPrefixHandlerMapping extends RequestMappingHandlerMapping {
  private static final String[] NO_SHORTCUT = {};

  private final ThreadLocal<String> lookupPath = new ThreadLocal<>();
  private final Map<RequestMappingInfo, String[]> prefixes = new ConcurrentHashMap<>();

  /** The handler the admission filter already looked up, or MVC's own lookup. */
  @Override
  protected HandlerMethod getHandlerInternal(final HttpServletRequest request) throws Exception {
    final RestExchange exchange = RestExchange.find(request);
    if (exchange != null
        && exchange.handler() != null
        && request.getDispatcherType() == DispatcherType.REQUEST) {
      return exchange.handler();
    }
    return super.getHandlerInternal(request);
  }

  @Override
  protected HandlerMethod lookupHandlerMethod(
      final String lookupPath, final HttpServletRequest request) throws Exception {
    final boolean plain = lookupPath.indexOf('%') < 0 && lookupPath.indexOf(';') < 0;
    if (!plain) {
      return super.lookupHandlerMethod(lookupPath, request);
    }
    this.lookupPath.set(lookupPath);
    try {
      return super.lookupHandlerMethod(lookupPath, request);
    } finally {
      this.lookupPath.remove();
    }
  }

  @Override
  protected RequestMappingInfo getMatchingMapping(
      final RequestMappingInfo info, final HttpServletRequest request) {
    final String path = lookupPath.get();
    if (path != null) {
      final String[] literals =
          prefixes.computeIfAbsent(info, LiteralPrefixHandlerMapping::literals);
      if (literals.length > 0 && !startsWithAny(path, literals)) {
        return null;
      }
    }
    return super.getMatchingMapping(info, request);
  }

  private static boolean startsWithAny(final String path, final String[] literals) {
    for (final String literal : literals) {
      if (path.startsWith(literal)) {
        return true;
      }
    }
    return false;
  }

  /** The text of each pattern before its first variable or wildcard; none if any is unusable. */
  static String[] literals(final RequestMappingInfo info) {
    final PathPatternsRequestCondition condition = info.getPathPatternsCondition();
    if (condition == null || condition.getPatterns().isEmpty()) {
      return NO_SHORTCUT;
    }
    final String[] literals = new String[condition.getPatterns().size()];
    int i = 0;
    for (final PathPattern pattern : condition.getPatterns()) {
      final String text = pattern.getPatternString();
      int end = text.length();
      for (int c = 0; c < text.length(); c++) {
        final char ch = text.charAt(c);
        if (ch == '{' || ch == '*' || ch == '?' || ch == '%' || ch == '\\') {
          end = c;
          break;
        }
      }
      if (end == 0) {
        return NO_SHORTCUT;
      }
      literals[i++] = text.substring(0, end);
    }
    return literals;
  }
}

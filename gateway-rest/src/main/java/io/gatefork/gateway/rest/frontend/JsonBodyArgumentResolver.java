package io.gatefork.gateway.rest.frontend;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.core.MethodParameter;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConversionException;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/**
 * Reads a {@code @RequestBody} record from a JSON request straight from the servlet request's
 * stream, with one {@link ObjectReader} per parameter made once. Spring MVC's own resolver copies
 * every request header into an {@code HttpHeaders} to find the content type, asks each message
 * converter whether it can read the type, makes a new reader, and builds a data binder to look for
 * validation annotations that gatefork's bodies do not carry: about 14 µs of a 266-µs create (#49,
 * docs/performance.md).
 *
 * <p>The answer is Spring's in every case: the same mapper ({@code StrictJsonBinding}), the same
 * exceptions and messages for a missing (no bytes, or the JSON {@code null}), unreadable or broken
 * body, so {@code JsonReadErrors} words them as before. Whatever it does not take as it is — a
 * charset other than UTF-8, a body of unknown length (chunked), another content type, a parameter
 * with more annotations than {@code RequestBody} or of a type that is not a record — goes to Spring
 * MVC's resolver.
 */
final class JsonBodyArgumentResolver implements HandlerMethodArgumentResolver {
  private final HandlerMethodArgumentResolver mvc;
  private final ObjectMapper mapper;
  private final Map<MethodParameter, ObjectReader> readers = new ConcurrentHashMap<>();

  JsonBodyArgumentResolver(final HandlerMethodArgumentResolver mvc, final ObjectMapper mapper) {
    this.mvc = mvc;
    this.mapper = mapper;
  }

  @Override
  public boolean supportsParameter(final MethodParameter parameter) {
    return parameter.hasParameterAnnotation(RequestBody.class)
        && parameter.getParameterAnnotations().length == 1
        && parameter.getParameterType().isRecord();
  }

  @Override
  public Object resolveArgument(
      final MethodParameter parameter,
      final ModelAndViewContainer mavContainer,
      final NativeWebRequest webRequest,
      final WebDataBinderFactory binderFactory)
      throws Exception {
    final HttpServletRequest request = webRequest.getNativeRequest(HttpServletRequest.class);
    final long length = request == null ? -1 : request.getContentLengthLong();
    if (length < 0 || !isUtf8Json(request)) {
      return mvc.resolveArgument(parameter, mavContainer, webRequest, binderFactory);
    }
    final Object body = length == 0 ? null : read(parameter, request);
    if (body == null && parameter.getParameterAnnotation(RequestBody.class).required()) {
      // no bytes, or the JSON literal null: Spring MVC's answer to both
      throw new HttpMessageNotReadableException(
          "Required request body is missing: " + parameter.getExecutable().toGenericString(),
          new ServletServerHttpRequest(request));
    }
    return body;
  }

  private Object read(final MethodParameter parameter, final HttpServletRequest request) {
    final ObjectReader reader = readers.computeIfAbsent(parameter, this::readerFor);
    try {
      return reader.readValue(request.getInputStream());
    } catch (final InvalidDefinitionException e) {
      throw new HttpMessageConversionException("Type definition error: " + e.getType(), e);
    } catch (final JsonProcessingException e) {
      throw new HttpMessageNotReadableException(
          "JSON parse error: " + e.getOriginalMessage(), e, new ServletServerHttpRequest(request));
    } catch (final IOException e) {
      throw new HttpMessageNotReadableException(
          "I/O error while reading input message", e, new ServletServerHttpRequest(request));
    }
  }

  private ObjectReader readerFor(final MethodParameter parameter) {
    return mapper.readerFor(mapper.constructType(parameter.getGenericParameterType()));
  }

  /** application/json (not the {@code +json} types), in UTF-8, JSON's default. */
  static boolean isUtf8Json(final HttpServletRequest request) {
    final String type = request.getContentType(); // as sent: Boot forces the request's encoding
    if (type == null || !type.regionMatches(true, 0, "application/json", 0, 16)) {
      return false;
    }
    if (type.length() == 16) {
      return true;
    }
    try {
      final MediaType parsed = MediaType.parseMediaType(type);
      return parsed.getSubtype().equalsIgnoreCase("json")
          && (parsed.getCharset() == null || StandardCharsets.UTF_8.equals(parsed.getCharset()));
    } catch (final IllegalArgumentException e) {
      return false; // a malformed type or unknown charset: Spring MVC words it
    }
  }
}

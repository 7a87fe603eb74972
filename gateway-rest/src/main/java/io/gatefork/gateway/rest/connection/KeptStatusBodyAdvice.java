package io.gatefork.gateway.rest.connection;

import org.springframework.core.MethodParameter;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.http.server.ServletServerHttpResponse;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyAdvice;

/**
 * The answers Spring MVC writes itself (its exception handlers, the error page, the stock front
 * end) get their status through {@link KeptStatus} too: MVC has set the status when it asks this
 * advice, and its message converters flush the body, which sends the head with the real status.
 */
@ControllerAdvice
final class KeptStatusBodyAdvice implements ResponseBodyAdvice<Object> {
  @Override
  public boolean supports(
      final MethodParameter returnType,
      final Class<? extends HttpMessageConverter<?>> converterType) {
    return true;
  }

  @Override
  public Object beforeBodyWrite(
      final Object body,
      final MethodParameter returnType,
      final MediaType selectedContentType,
      final Class<? extends HttpMessageConverter<?>> selectedConverterType,
      final ServerHttpRequest request,
      final ServerHttpResponse response) {
    if (body != null
        && response instanceof final ServletServerHttpResponse servletResponse
        && request instanceof final ServletServerHttpRequest servletRequest) {
      final int status = servletResponse.getServletResponse().getStatus();
      if (KeptStatus.dropsConnection(status)) {
        KeptStatus.set(
            servletRequest.getServletRequest(), servletResponse.getServletResponse(), status);
      }
    }
    return body;
  }
}

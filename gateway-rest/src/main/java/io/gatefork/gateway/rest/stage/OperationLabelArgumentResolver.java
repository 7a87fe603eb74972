package io.gatefork.gateway.rest.stage;

import jakarta.servlet.ServletRequest;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/** Gives a handler the {@link OperationLabel} of its request. */
public final class OperationLabelArgumentResolver implements HandlerMethodArgumentResolver {

  @Override
  public boolean supportsParameter(final MethodParameter parameter) {
    return parameter.getParameterType() == OperationLabel.class;
  }

  @Override
  public OperationLabel resolveArgument(
      final MethodParameter parameter,
      final ModelAndViewContainer mavContainer,
      final NativeWebRequest webRequest,
      final WebDataBinderFactory binderFactory) {
    return new OperationLabel(webRequest.getNativeRequest(ServletRequest.class));
  }
}

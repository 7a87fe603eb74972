package io.gatefork.gateway.rest.stage;

import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.gateway.rest.operation.HandlerOperations;
import io.gatefork.service.RequestContext;
import io.gatefork.service.operation.Operation;
import jakarta.servlet.ServletRequest;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/**
 * Gives a REST handler the {@link RequestContext} it passes to the service: the timing {@link
 * StageTimingFilter} started, marked entered; the caller the security filter authenticated; and the
 * operation the handler method declares ({@link GatewayOperation}), which the filter records the
 * request under. Arguments resolve in order, so the context is the handler's last parameter:
 * entered is marked once the body was read.
 */
public final class RequestContextArgumentResolver implements HandlerMethodArgumentResolver {
  private final HandlerOperations operations;

  public RequestContextArgumentResolver(final HandlerOperations operations) {
    this.operations = operations;
  }

  @Override
  public boolean supportsParameter(final MethodParameter parameter) {
    return parameter.getParameterType() == RequestContext.class;
  }

  @Override
  public RequestContext resolveArgument(
      final MethodParameter parameter,
      final ModelAndViewContainer mavContainer,
      final NativeWebRequest webRequest,
      final WebDataBinderFactory binderFactory) {
    final Operation operation = operations.of(parameter.getMethod());
    return RequestStages.enter(webRequest.getNativeRequest(ServletRequest.class), operation);
  }
}

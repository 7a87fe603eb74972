package io.gatefork.gateway.rest.frontend;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionStage;
import org.springframework.core.MethodParameter;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.http.HttpEntity;
import org.springframework.http.RequestEntity;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.context.request.async.DeferredResult;
import org.springframework.web.method.support.HandlerMethodReturnValueHandler;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * Answers a value a handler returns at once — a {@link ResponseEntity}, or a {@code @ResponseBody}
 * object — through the {@link AnswerWriter}, like every other answer. Spring MVC's message
 * converters write these bodies blocking on the request thread: a client that pipelines requests
 * for them (the topology, the API document, a 404, a 405) and reads nothing held a request thread
 * per connection until Tomcat's write timeout, and a few such connections held them all.
 *
 * <p>Installed by {@link LeanFrontEndConfiguration} ahead of MVC's own handlers, for controllers
 * and for exception handlers ({@code RestExceptionHandler}) alike. A {@code @ResponseBody} value
 * keeps the status the handler's {@code @ResponseStatus} set. The Accept header is not negotiated:
 * every gatefork answer has one representation, as the controllers' futures' answers always had.
 */
final class ValueAnswerReturnValueHandler implements HandlerMethodReturnValueHandler {
  private final AnswerWriter writer;

  ValueAnswerReturnValueHandler(final AnswerWriter writer) {
    this.writer = writer;
  }

  @Override
  public boolean supportsReturnType(final MethodParameter returnType) {
    final Class<?> type = returnType.getParameterType();
    if (HttpEntity.class.isAssignableFrom(type)) {
      return !RequestEntity.class.isAssignableFrom(type);
    }
    if (CompletionStage.class.isAssignableFrom(type)
        || DeferredResult.class.isAssignableFrom(type)
        || Callable.class.isAssignableFrom(type)
        || ResponseBodyEmitter.class.isAssignableFrom(type)
        || StreamingResponseBody.class.isAssignableFrom(type)) {
      return false; // answered later: MVC's (or the one-pass) handling of asynchronous values
    }
    return returnType.hasMethodAnnotation(ResponseBody.class)
        || AnnotatedElementUtils.hasAnnotation(returnType.getContainingClass(), ResponseBody.class);
  }

  @Override
  public void handleReturnValue(
      final Object returnValue,
      final MethodParameter returnType,
      final ModelAndViewContainer mavContainer,
      final NativeWebRequest webRequest)
      throws Exception {
    mavContainer.setRequestHandled(true);
    final HttpServletRequest request = webRequest.getNativeRequest(HttpServletRequest.class);
    final HttpServletResponse response = webRequest.getNativeResponse(HttpServletResponse.class);
    final ResponseEntity<?> entity;
    if (returnValue instanceof final ResponseEntity<?> answer) {
      entity = answer;
    } else if (returnValue instanceof final HttpEntity<?> answer) {
      entity = new ResponseEntity<>(answer.getBody(), answer.getHeaders(), response.getStatus());
    } else {
      entity = ResponseEntity.status(response.getStatus()).body(returnValue);
    }
    writer.write(entity, request, response);
  }
}

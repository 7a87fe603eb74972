package io.gatefork.gateway.rest.stage;

import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.gateway.rest.operation.HandlerOperations;
import java.util.List;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Registers the argument resolvers through which REST handlers enter their operation ({@link
 * GatewayOperation}) and get their {@link io.gatefork.service.RequestContext}.
 */
@Configuration(proxyBeanMethods = false)
public class RequestStageMvcConfiguration implements WebMvcConfigurer {
  private final HandlerOperations handlerOperations;

  public RequestStageMvcConfiguration(final HandlerOperations handlerOperations) {
    this.handlerOperations = handlerOperations;
  }

  @Override
  public void addArgumentResolvers(final List<HandlerMethodArgumentResolver> resolvers) {
    resolvers.add(new RequestContextArgumentResolver(handlerOperations));
    resolvers.add(new OperationLabelArgumentResolver());
  }
}

package io.gatefork.gateway.rest.connection;

import io.gatefork.gateway.rest.config.RestFrontEndProperties;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches when {@code gatefork.rest.keep-alive-on-error} is on, binding the same {@link
 * RestFrontEndProperties} the application binds, so the default lives in that record only.
 */
final class OnKeepAliveOnError implements Condition {
  @Override
  public boolean matches(final ConditionContext context, final AnnotatedTypeMetadata metadata) {
    return Binder.get(context.getEnvironment())
        .bindOrCreate("gatefork.rest", Bindable.of(RestFrontEndProperties.class))
        .keepAliveOnError();
  }
}

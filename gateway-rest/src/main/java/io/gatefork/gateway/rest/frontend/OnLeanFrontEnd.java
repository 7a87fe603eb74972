package io.gatefork.gateway.rest.frontend;

import io.gatefork.gateway.rest.config.RestFrontEnd;
import io.gatefork.gateway.rest.config.RestFrontEndProperties;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches when {@code gatefork.rest.front-end} is {@code lean}, binding the same {@link
 * RestFrontEndProperties} the application binds, so the default lives in that record only.
 */
public final class OnLeanFrontEnd implements Condition {
  @Override
  public boolean matches(final ConditionContext context, final AnnotatedTypeMetadata metadata) {
    return frontEnd(context) == RestFrontEnd.LEAN;
  }

  static RestFrontEnd frontEnd(final ConditionContext context) {
    return Binder.get(context.getEnvironment())
        .bindOrCreate("gatefork.rest", Bindable.of(RestFrontEndProperties.class))
        .frontEnd();
  }
}
